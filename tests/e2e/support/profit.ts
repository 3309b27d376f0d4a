// Reading the profit figures the way a host reads them (tests/e2e/profit.spec.ts): the tiles of the
// dashboard or a property's page, and a property's row of 'Por imóvel'.
import { expect, type Page } from "@playwright/test";

/** A figure as shown, with the currency's no-break space made plain. */
const plain = (text: string | undefined) => (text ?? "").replace(/\u00a0/g, " ").trim();

/** The tiles' region ('Números do período' is a <dl>: each label a term, its value the link in a definition). */
export function tilesRegion(page: Page) {
  return page.getByRole("region", { name: "Números do período" });
}

/** Every tile's value by its label, e.g. { Lucro: "R$ 43,21", Margem: "48,0%", … }. */
export async function tileValues(page: Page): Promise<Record<string, string>> {
  const region = tilesRegion(page);
  await expect(region.getByRole("term")).toHaveCount(10);
  const labels = await region.getByRole("term").allInnerTexts();
  // One link per tile, in the tiles' order: the value.
  const values = await region.getByRole("definition").getByRole("link").allInnerTexts();
  expect(values).toHaveLength(labels.length);
  return Object.fromEntries(labels.map((label, i) => [plain(label), plain(values[i])]));
}

/** One tile (its label, value and notes), found by its label. */
export function tile(page: Page, label: string) {
  return tilesRegion(page)
    .locator("div")
    .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) });
}

/** A property's row of 'Por imóvel' by column header (the sort arrow left out), the name column aside. */
export async function propertyRow(page: Page, property: string): Promise<Record<string, string>> {
  const table = page.getByRole("region", { name: "Por imóvel" }).getByRole("table");
  const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: property }) });
  await expect(row).toHaveCount(1);
  const headers = (await table.getByRole("columnheader").allInnerTexts()).map((h) =>
    plain(h.replace(/[↑↓]/g, "")),
  );
  const cells = await row.getByRole("cell").allInnerTexts();
  expect(headers[0]).toBe("Imóvel");
  expect(cells).toHaveLength(headers.length - 1);
  return Object.fromEntries(headers.slice(1).map((h, i) => [h, plain(cells[i])]));
}

/** Today in São Paulo as the dashboard shows days: { day: "24/11/2026", monthStart: "01/11/2026" }. */
export function saoPauloToday(): { day: string; monthStart: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    day: `${part("day")}/${part("month")}/${part("year")}`,
    monthStart: `01/${part("month")}/${part("year")}`,
  };
}

/**
 * A pattern for `text` (somewhere in, or with `whole` exactly), any run of spaces in it matching any
 * whitespace: amounts are written with a no-break space after 'R$'.
 */
export function loosely(text: string, whole = false): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ +/g, "\\s+");
  return new RegExp(whole ? `^${escaped}$` : escaped);
}
