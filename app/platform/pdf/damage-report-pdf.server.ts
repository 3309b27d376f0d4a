import type { PDFFont } from "pdf-lib";
import { A4Writer, INK, MARGIN, MUTED, newA4Pdf, printable, RULE } from "./a4-writer.server";

/**
 * A claim report, already in words: the domain decides what each line says (a damage record's claim, a
 * disputed sale's evidence pack).
 */
export type DamageReportDocument = {
  title: string;
  /** Label and value lines under the title (organization, property, stay, deadline, status). */
  facts: { label: string; value: string }[];
  heading: string;
  /** Paragraphs of the description (empty: none given). */
  description: string[];
  /** Above the items ('Itens e valores estimados'). */
  itemsHeading: string;
  items: { description: string; amount: string }[];
  itemsEmpty: string;
  total: string;
  /** Extra lines under the total ('Valor recuperado: …'). */
  notes: string[];
  timeline: { when: string; what: string; who: string }[];
  /** Each photo as JPEG bytes with its size in pixels and its caption ('Tirada em …'). */
  photos: { jpeg: Uint8Array; width: number; height: number; caption: string }[];
  /** Said when there are no photos; without it, a report with no photos has no 'Fotos' section. */
  photosEmpty?: string;
  footer: string;
};

const AMOUNT_WIDTH = 110;
/** The tallest a photo is drawn, so two fit on a page. */
const PHOTO_MAX_HEIGHT = 320;

/**
 * An A4 claim report in Helvetica (a4-writer.server.ts): the facts, the description, the
 * itemised amounts and total, the timeline and every photo with its caption. Text wraps; photos and long
 * lists flow onto new pages.
 */
export async function renderDamageReportPdf(input: DamageReportDocument): Promise<Uint8Array> {
  const { pdf, fonts } = await newA4Pdf(input.title);
  const { regular, bold } = fonts;
  const w = new ReportWriter(pdf, fonts);

  w.paragraph(input.title, { font: bold, size: 18, gapAfter: 8 });
  for (const fact of input.facts) w.fact(fact.label, fact.value);
  w.space(10);
  w.paragraph(input.heading, { font: bold, size: 14, gapAfter: 4 });
  for (const p of input.description) w.paragraph(p, { font: regular, size: 11, gapAfter: 4 });

  w.space(8);
  w.paragraph(input.itemsHeading, { font: bold, size: 13, gapAfter: 4 });
  if (input.items.length === 0) w.paragraph(input.itemsEmpty, { font: regular, size: 11, color: MUTED });
  for (const item of input.items) w.row(item.description, item.amount, regular);
  w.row("Total", input.total, bold);
  for (const note of input.notes) w.paragraph(note, { font: regular, size: 11, gapAfter: 2 });

  w.space(8);
  w.paragraph("Histórico", { font: bold, size: 13, gapAfter: 4 });
  for (const e of input.timeline) {
    w.paragraph(`${e.when} · ${e.what}${e.who ? ` · ${e.who}` : ""}`, {
      font: regular,
      size: 10,
      gapAfter: 2,
    });
  }

  if (input.photos.length > 0 || input.photosEmpty) {
    w.space(8);
    w.paragraph("Fotos", { font: bold, size: 13, gapAfter: 4 });
    if (input.photos.length === 0)
      w.paragraph(input.photosEmpty ?? "", { font: regular, size: 11, color: MUTED });
    for (const photo of input.photos) await w.photo(photo);
  }

  w.footers(input.footer);
  return pdf.save();
}

/** Facts, amounts beside their descriptions and photos with their captions. */
class ReportWriter extends A4Writer {
  /** 'Label: value', the label in bold, the value wrapping beside it. */
  fact(label: string, value: string) {
    const size = 10.5;
    const lineHeight = size * 1.35;
    const labelText = `${printable(label, this.fonts.bold)}: `;
    const labelWidth = Math.min(this.fonts.bold.widthOfTextAtSize(labelText, size), this.contentWidth / 2);
    const lines = this.lines(value, this.fonts.regular, size, this.contentWidth - labelWidth);
    this.ensure(lineHeight * lines.length);
    lines.forEach((line, i) => {
      this.y -= lineHeight;
      if (i === 0)
        this.page.drawText(labelText, { x: MARGIN, y: this.y + 3, font: this.fonts.bold, size, color: INK });
      this.page.drawText(line, {
        x: MARGIN + labelWidth,
        y: this.y + 3,
        font: this.fonts.regular,
        size,
        color: INK,
      });
    });
  }

  /** A description with its amount on the right, and a rule under it. */
  row(description: string, amount: string, font: PDFFont) {
    const size = 11;
    const lineHeight = size * 1.35;
    const lines = this.lines(description, font, size, this.contentWidth - AMOUNT_WIDTH - 10);
    this.ensure(lineHeight * lines.length + 6);
    const top = this.y;
    lines.forEach((line, i) => {
      this.page.drawText(line, { x: MARGIN, y: top - lineHeight * (i + 1) + 3, font, size, color: INK });
    });
    const text = printable(amount, font);
    this.page.drawText(text, {
      x: this.width - MARGIN - font.widthOfTextAtSize(text, size),
      y: top - lineHeight + 3,
      font,
      size,
      color: INK,
    });
    this.y = top - lineHeight * lines.length - 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 2 },
      end: { x: this.width - MARGIN, y: this.y + 2 },
      thickness: 0.5,
      color: RULE,
    });
  }

  async photo(photo: DamageReportDocument["photos"][number]) {
    const image = await this.pdf.embedJpg(photo.jpeg);
    const scale = Math.min(1, this.contentWidth / photo.width, PHOTO_MAX_HEIGHT / photo.height);
    const width = photo.width * scale;
    const height = photo.height * scale;
    // A photo and its caption stay on one page.
    this.ensure(height + 24);
    this.y -= height;
    this.page.drawImage(image, { x: MARGIN, y: this.y, width, height });
    this.y -= 4;
    this.paragraph(photo.caption, { font: this.fonts.regular, size: 10, color: MUTED, gapAfter: 12 });
  }
}
