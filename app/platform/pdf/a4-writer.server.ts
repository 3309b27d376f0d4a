import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

// What the checklist and the damage claim report draw alike: an A4 page in Helvetica (pdf-lib's standard
// fonts: no file to embed, and their WinAnsi encoding covers Portuguese accents), top to bottom, a footer
// with the page number on every page.

export const MARGIN = 48;
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.4, 0.4, 0.45);
export const RULE = rgb(0.82, 0.82, 0.85);

export type Fonts = { regular: PDFFont; bold: PDFFont };
export type TextStyle = { font: PDFFont; size: number; color?: ReturnType<typeof rgb>; gapAfter?: number };

/** A new document titled `title`, in pt-BR, with Helvetica and Helvetica Bold embedded. */
export async function newA4Pdf(title: string): Promise<{ pdf: PDFDocument; fonts: Fonts }> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setLanguage("pt-BR");
  pdf.setCreator("Estadia");
  pdf.setProducer("Estadia");
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  return { pdf, fonts };
}

/** Writes top to bottom, starting a new page when the next block does not fit. */
export class A4Writer {
  protected page: PDFPage;
  protected y: number;
  protected readonly width: number;
  protected readonly height: number;

  constructor(
    protected readonly pdf: PDFDocument,
    protected readonly fonts: Fonts,
  ) {
    [this.width, this.height] = PageSizes.A4;
    this.page = pdf.addPage(PageSizes.A4);
    this.y = this.height - MARGIN;
  }

  protected get contentWidth() {
    return this.width - 2 * MARGIN;
  }

  /** Room for `needed` points below the current position, or a new page. True when a page was added. */
  protected ensure(needed: number): boolean {
    // The footer sits in the bottom margin; content stops above it.
    if (this.y - needed >= MARGIN + 10) return false;
    this.page = this.pdf.addPage(PageSizes.A4);
    this.y = this.height - MARGIN;
    return true;
  }

  /** `text` made printable and wrapped to `width`. */
  protected lines(text: string, font: PDFFont, size: number, width: number): string[] {
    return wrap(printable(text, font), font, size, width);
  }

  space(points: number) {
    this.y -= points;
  }

  paragraph(text: string, style: TextStyle) {
    const lineHeight = style.size * 1.3;
    for (const line of this.lines(text, style.font, style.size, this.contentWidth)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, {
        x: MARGIN,
        y: this.y + style.size * 0.25,
        font: style.font,
        size: style.size,
        color: style.color ?? INK,
      });
    }
    this.y -= style.gapAfter ?? 2;
  }

  /** `text` on the left of every page's footer, 'Página n de N' on the right. */
  footers(text: string) {
    const pages = this.pdf.getPages();
    const size = 8;
    pages.forEach((page, i) => {
      const left = printable(text, this.fonts.regular);
      const right = `Página ${i + 1} de ${pages.length}`;
      page.drawText(left, { x: MARGIN, y: MARGIN - 20, font: this.fonts.regular, size, color: MUTED });
      page.drawText(right, {
        x: this.width - MARGIN - this.fonts.regular.widthOfTextAtSize(right, size),
        y: MARGIN - 20,
        font: this.fonts.regular,
        size,
        color: MUTED,
      });
    });
  }
}

/**
 * Text the font can draw: composed accents (NFC), one line, and '?' for what WinAnsi has no glyph for
 * (an emoji in a product name would otherwise make pdf-lib throw).
 */
export function printable(text: string, font: PDFFont): string {
  const supported = charsets.get(font) ?? new Set(font.getCharacterSet());
  charsets.set(font, supported);
  return [...text.normalize("NFC").replace(/\s+/g, " ").trim()]
    .map((ch) => (supported.has(ch.codePointAt(0) ?? 0) ? ch : "?"))
    .join("");
}
const charsets = new WeakMap<PDFFont, Set<number>>();

/** Words on lines no wider than `width`; a word longer than a line is cut where it must be. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (!fits(line)) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  lines.push(line);
  return lines;
}
