import { A4Writer, INK, MARGIN, MUTED, newA4Pdf, printable, RULE } from "./a4-writer.server";

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
  /** Smaller lines under the title (an address, a total, what the section holds). */
  notes?: string[];
  lines: { label: string; quantity: string }[];
};

const BOX = 11;
const QUANTITY_WIDTH = 80;

/**
 * An A4 PDF of the checklist in Helvetica (a4-writer.server.ts). Long lists go on as many pages as they need, a section that
 * crosses a page repeating its title.
 */
export async function renderChecklistPdf(input: ChecklistDocument): Promise<Uint8Array> {
  const { pdf, fonts } = await newA4Pdf(input.title);
  const writer = new ChecklistWriter(pdf, fonts);

  writer.paragraph(input.title, { font: fonts.bold, size: 18, gapAfter: 6 });
  for (const line of input.subtitle) writer.paragraph(line, { font: fonts.regular, size: 10, color: MUTED });
  writer.space(14);

  if (input.sections.length === 0) writer.paragraph(input.emptyText, { font: fonts.regular, size: 12 });
  for (const section of input.sections) writer.section(section);

  writer.footers(input.footer);
  return pdf.save();
}

/** Sections of lines to tick, each with an empty square and a quantity. */
class ChecklistWriter extends A4Writer {
  private sectionHeading(section: ChecklistSection, continued: boolean) {
    const title = continued ? `${section.title} (continuação)` : section.title;
    this.paragraph(title, { font: this.fonts.bold, size: 13, gapAfter: 2 });
    if (!continued) {
      for (const note of section.notes ?? []) {
        this.paragraph(note, { font: this.fonts.regular, size: 10, color: MUTED, gapAfter: 2 });
      }
    }
    this.y -= 4;
  }

  section(section: ChecklistSection) {
    const size = 11;
    const lineHeight = size * 1.35;
    const labelWidth = this.contentWidth - BOX - 10 - QUANTITY_WIDTH;
    const rows = section.lines.map((l) => ({
      label: this.lines(l.label, this.fonts.regular, size, labelWidth),
      quantity: printable(l.quantity, this.fonts.bold),
    }));
    const rowHeight = (r: (typeof rows)[number]) => r.label.length * lineHeight + 8;
    // A heading never ends a page alone: it goes with its first line.
    const headingHeight = 13 * 1.3 * 2 + (section.notes?.length ?? 0) * 10 * 1.3 * 2 + 10;
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
}
