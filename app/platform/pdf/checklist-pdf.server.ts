import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

/** A printable list to tick on paper: sections of lines, each with an empty square and a quantity. */
export type ChecklistDocument = {
  /** Document metadata and the first line of page 1. */
  title: string;
  /** Smaller lines under the title (what, status, date, how it is grouped). */
  subtitle: string[];
  sections: ChecklistSection[];
  /** Said instead of the sections when there are none. */
  emptyText: string;
  /** Left side of each page's footer; the page number goes on the right. */
  footer: string;
};

export type ChecklistSection = {
  title: string;
  /** A smaller line under the title (an address, a total). */
  note?: string;
  lines: { label: string; quantity: string }[];
};

const MARGIN = 48;
const BOX = 11;
const QUANTITY_WIDTH = 80;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.82, 0.82, 0.85);

/**
 * An A4 PDF of the checklist in Helvetica (pdf-lib's standard fonts: no file to embed, and their WinAnsi
 * encoding covers Portuguese accents). Long lists go on as many pages as they need, a section that
 * crosses a page repeating its title.
 */
export async function renderChecklistPdf(input: ChecklistDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(input.title);
  pdf.setLanguage("pt-BR");
  pdf.setCreator("Estadia");
  pdf.setProducer("Estadia");
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const writer = new Writer(pdf, fonts);

  writer.paragraph(input.title, { font: fonts.bold, size: 18, gapAfter: 6 });
  for (const line of input.subtitle) writer.paragraph(line, { font: fonts.regular, size: 10, color: MUTED });
  writer.space(14);

  if (input.sections.length === 0) writer.paragraph(input.emptyText, { font: fonts.regular, size: 12 });
  for (const section of input.sections) writer.section(section);

  writer.footers(input.footer);
  return pdf.save();
}

type Fonts = { regular: PDFFont; bold: PDFFont };
type TextStyle = { font: PDFFont; size: number; color?: ReturnType<typeof rgb>; gapAfter?: number };

/** Writes top to bottom, starting a new page when the next block does not fit. */
class Writer {
  private page: PDFPage;
  private y: number;
  private readonly width: number;
  private readonly height: number;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    [this.width, this.height] = PageSizes.A4;
    this.page = pdf.addPage(PageSizes.A4);
    this.y = this.height - MARGIN;
  }

  private get contentWidth() {
    return this.width - 2 * MARGIN;
  }

  /** Room for `needed` points below the current position, or a new page. True when a page was added. */
  private ensure(needed: number): boolean {
    // The footer sits in the bottom margin; content stops above it.
    if (this.y - needed >= MARGIN + 10) return false;
    this.page = this.pdf.addPage(PageSizes.A4);
    this.y = this.height - MARGIN;
    return true;
  }

  space(points: number) {
    this.y -= points;
  }

  paragraph(text: string, style: TextStyle) {
    const lineHeight = style.size * 1.3;
    for (const line of wrap(printable(text, style.font), style.font, style.size, this.contentWidth)) {
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

  private sectionHeading(section: ChecklistSection, continued: boolean) {
    const title = continued ? `${section.title} (continuação)` : section.title;
    this.paragraph(title, { font: this.fonts.bold, size: 13, gapAfter: 2 });
    if (section.note && !continued) {
      this.paragraph(section.note, { font: this.fonts.regular, size: 10, color: MUTED, gapAfter: 2 });
    }
    this.y -= 4;
  }

  section(section: ChecklistSection) {
    const size = 11;
    const lineHeight = size * 1.35;
    const labelWidth = this.contentWidth - BOX - 10 - QUANTITY_WIDTH;
    const rows = section.lines.map((l) => ({
      label: wrap(printable(l.label, this.fonts.regular), this.fonts.regular, size, labelWidth),
      quantity: printable(l.quantity, this.fonts.bold),
    }));
    const rowHeight = (r: (typeof rows)[number]) => r.label.length * lineHeight + 8;
    // A heading never ends a page alone: it goes with its first line.
    const headingHeight = 13 * 1.3 * 2 + (section.note ? 10 * 1.3 * 2 : 0) + 10;
    this.ensure(headingHeight + (rows[0] ? rowHeight(rows[0]) : 0));
    this.sectionHeading(section, false);
    for (const row of rows) {
      if (this.ensure(rowHeight(row))) this.sectionHeading(section, true);
      const top = this.y;
      this.page.drawRectangle({
        x: MARGIN,
        y: top - 4 - BOX,
        width: BOX,
        height: BOX,
        borderColor: INK,
        borderWidth: 1,
      });
      row.label.forEach((line, i) => {
        this.page.drawText(line, {
          x: MARGIN + BOX + 10,
          y: top - 4 - BOX + 2 - i * lineHeight,
          font: this.fonts.regular,
          size,
          color: INK,
        });
      });
      const quantityWidth = this.fonts.bold.widthOfTextAtSize(row.quantity, size);
      this.page.drawText(row.quantity, {
        x: this.width - MARGIN - quantityWidth,
        y: top - 4 - BOX + 2,
        font: this.fonts.bold,
        size,
        color: INK,
      });
      this.y = top - rowHeight(row);
      this.page.drawLine({
        start: { x: MARGIN, y: this.y + 2 },
        end: { x: this.width - MARGIN, y: this.y + 2 },
        thickness: 0.5,
        color: RULE,
      });
    }
    this.y -= 16;
  }

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
function printable(text: string, font: PDFFont): string {
  const supported = charsets.get(font) ?? new Set(font.getCharacterSet());
  charsets.set(font, supported);
  return [...text.normalize("NFC").replace(/\s+/g, " ").trim()]
    .map((ch) => (supported.has(ch.codePointAt(0) ?? 0) ? ch : "?"))
    .join("");
}
const charsets = new WeakMap<PDFFont, Set<number>>();

/** Words on lines no wider than `width`; a word longer than a line is cut where it must be. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
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
