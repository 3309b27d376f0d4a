import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { loadSharp } from "../sharp.server";
import { posterLayout, posterRatio, type Rect } from "./poster-layout";
import type { PosterTemplate, PosterText } from "./poster-types";
import { qrTile } from "./qr-matrix.server";

export type Paper = "a4" | "a5";

/** Page sizes in points (1/72 in). */
const PAPER: Record<Paper, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  a5: { width: 419.53, height: 595.28 },
};
/** 12 mm: inside what home and office printers can reach. */
const MARGIN = (12 / 25.4) * 72;
const INK = rgb(0x1c / 255, 0x1a / 255, 0x17 / 255);
const MUTED = rgb(0x5c / 255, 0x58 / 255, 0x50 / 255);

/**
 * A PDF with one poster per page, all on the same template: the image (embedded once) fitted into the page
 * inside the margins with the caption below it, and the QR code drawn as vectors, sharp at any print size.
 */
export async function renderPostersPdf(
  template: PosterTemplate,
  posters: PosterText[],
  paper: Paper,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(posters.length === 1 ? (posters[0]?.name ?? "Cartaz") : "Cartazes");
  pdf.setCreator("Estadia");
  pdf.setProducer("Estadia");
  // pdf-lib embeds JPEG and PNG; a photo-like background is far smaller as JPEG.
  const sharp = await loadSharp();
  const jpeg = await sharp(template.image)
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 90 })
    .toBuffer();
  const image = await pdf.embedJpg(jpeg);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);

  const page = PAPER[paper];
  const width = Math.min(page.width - 2 * MARGIN, (page.height - 2 * MARGIN) / posterRatio(template));
  const layout = posterLayout(template, template.placement, width);
  const left = (page.width - width) / 2;
  const top = (page.height - layout.height) / 2;
  // PDF's y grows upwards from the page's bottom; the layout's grows downwards from the poster's top.
  const fromTop = (y: number) => page.height - top - y;

  for (const poster of posters) {
    const p = pdf.addPage([page.width, page.height]);
    p.drawImage(image, {
      x: left,
      y: fromTop(layout.image.height),
      width: layout.image.width,
      height: layout.image.height,
    });
    const { qr } = layout;
    const tile = qrTile(poster.url);
    p.drawRectangle({
      x: left + qr.x,
      y: fromTop(qr.y + qr.size),
      width: qr.size,
      height: qr.size,
      color: rgb(1, 1, 1),
    });
    // drawSvgPath puts the path's origin at (x, y) with its y axis pointing down, as in SVG.
    p.drawSvgPath(tile.path, {
      x: left + qr.x,
      y: fromTop(qr.y),
      scale: qr.size / tile.side,
      color: rgb(0, 0, 0),
    });
    for (const [text, box, font, color] of [
      [poster.name, layout.name, bold, INK],
      [poster.line, layout.line, regular, MUTED],
    ] as const) {
      const fitted = fitText(text, font, box);
      p.drawText(fitted.text, {
        x: left + box.x + (box.width - fitted.width) / 2,
        // The baseline, so capitals and descenders sit inside the box.
        y: fromTop(box.y + box.height * 0.78),
        size: fitted.size,
        font,
        color,
      });
    }
  }
  return pdf.save();
}

/** The text at the largest size up to the box's height that fits its width, shortened with '…' if even the smallest does not. */
function fitText(raw: string, font: PDFFont, box: Rect): { text: string; size: number; width: number } {
  const text = encodable(raw, font);
  const max = box.height / 1.3;
  const min = max * 0.5;
  const size = Math.max(
    min,
    Math.min(max, (max * box.width) / Math.max(1, font.widthOfTextAtSize(text, max))),
  );
  let shown = text;
  while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > box.width) {
    shown = `${shown.slice(0, -2).trimEnd()}…`;
  }
  return { text: shown, size, width: font.widthOfTextAtSize(shown, size) };
}

/**
 * The standard PDF fonts know only WinAnsi (Portuguese fits): any other character becomes its unaccented
 * letter when there is one, and is left out otherwise (an emoji in a name, say).
 */
function encodable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0) ?? 0;
    if (known.has(code)) out += char;
    else {
      const base = char.normalize("NFD").codePointAt(0) ?? 0;
      if (known.has(base)) out += String.fromCodePoint(base);
    }
  }
  return out.replace(/\s+/g, " ").trim() || "-";
}
