// Reading the profit panel (/dashboard, /properties/:id/resultado) the way a person or a screen reader does:
// its figures (<dt> label, the first <dd>'s link and value, the further <dd> notes), the property table's
// rows, the chart's title and description, the top products.
import { visibleText } from "./money-http";

export type ProfitTile = { value: string; href: string; notes: string[] };

const decode = (href: string) => href.replace(/&amp;/g, "&");

/** The figures of the panel's <dl>, by label. */
export function profitTiles(html: string): Record<string, ProfitTile> {
  const start = html.indexOf('<section aria-labelledby="profit-figures"');
  if (start < 0) throw new Error("no profit figures on the page");
  const dl = html.slice(start, html.indexOf("</dl>", start));
  const tiles: Record<string, ProfitTile> = {};
  for (const [, label = "", rest = ""] of dl.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>([\s\S]*?)(?=<dt|$)/g)) {
    const dds = [...rest.matchAll(/<dd[^>]*>([\s\S]*?)<\/dd>/g)].map((m) => m[1] ?? "");
    const [first = "", ...notes] = dds;
    tiles[visibleText(label)] = {
      value: visibleText(first),
      href: decode(/href="([^"]*)"/.exec(first)?.[1] ?? ""),
      notes: notes.map(visibleText),
    };
  }
  return tiles;
}

/** The visible text of a section (by its heading's id) of the panel. */
function section(html: string, id: string): string {
  const start = html.indexOf(`<section aria-labelledby="${id}"`);
  if (start < 0) return "";
  return html.slice(start, html.indexOf("</section>", start));
}

/** Each body row of 'Por imóvel', as read. */
export function propertyRows(html: string): string[] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(section(html, "profit-properties"))?.[1] ?? "";
  return [...body.matchAll(/<tr[\s\S]*?<\/tr>/g)].map((m) => visibleText(m[0]));
}

/** 'Produtos que mais deram lucro', one entry per product. */
export function topProducts(html: string): string[] {
  return [...section(html, "profit-products").matchAll(/<li[\s\S]*?<\/li>/g)].map((m) => visibleText(m[0]));
}

/** The chart's accessible name and description (the SVG's <title> and <desc>). */
export function chartText(html: string): { title: string; desc: string } {
  const svg = /<svg role="img"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? "";
  return {
    title: visibleText(/<title[^>]*>([\s\S]*?)<\/title>/.exec(svg)?.[1] ?? ""),
    desc: visibleText(/<desc[^>]*>([\s\S]*?)<\/desc>/.exec(svg)?.[1] ?? ""),
  };
}

/** The warning about units sold or lost without a cost. */
export function uncostedWarning(html: string): string {
  const at = html.indexOf("bg-warning-soft p-3");
  if (at < 0) return "";
  const start = html.lastIndexOf("<div", at);
  return visibleText(html.slice(start, html.indexOf("</div>", at)));
}
