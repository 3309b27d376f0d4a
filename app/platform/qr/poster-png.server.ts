import { loadSharp } from "../sharp.server";
import { posterLayout, posterRatio, type Rect } from "./poster-layout";
import type { PosterTemplate, PosterText } from "./poster-types";
import { qrTile, qrTileSvg } from "./qr-matrix.server";

/** A PNG poster is at most this wide and this tall (A5 at about 200 dpi; sharable and printable). */
const MAX_WIDTH = 1600;
const MAX_HEIGHT = 2400;
const INK = "#1c1a17";
const MUTED = "#5c5850";

/** One poster as a PNG: the template image, the QR tile where the template puts it, and the caption. */
export async function renderPosterPng(template: PosterTemplate, text: PosterText): Promise<Buffer> {
  const width = Math.floor(Math.min(MAX_WIDTH, MAX_HEIGHT / posterRatio(template)));
  const layout = posterLayout(template, template.placement, width);
  const height = Math.round(layout.height);
  const imageHeight = Math.round(layout.image.height);
  // Whole pixels, kept inside the image after rounding.
  const side = Math.round(layout.qr.size);
  const left = Math.min(Math.round(layout.qr.x), width - side);
  const top = Math.min(Math.round(layout.qr.y), imageHeight - side);

  const sharp = await loadSharp();
  const [background, tile, name, line] = await Promise.all([
    sharp(template.image).resize(width, imageHeight, { fit: "fill" }).toBuffer(),
    sharp(Buffer.from(qrTileSvg(qrTile(text.url), side)))
      .png()
      .toBuffer(),
    textImage(text.name, layout.name, { bold: true, color: INK }),
    textImage(text.line, layout.line, { bold: false, color: MUTED }),
  ]);
  return sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .composite([
      { input: background, left: 0, top: 0 },
      { input: tile, left, top },
      ...[name, line].map((t) => ({ input: t.data, left: t.left, top: t.top })),
    ])
    .png()
    .withDensity(200)
    .toBuffer();
}

/** One line of text fitted into `box` (smaller when long) and centred in it. Needs a system font. */
async function textImage(
  text: string,
  box: Rect,
  style: { bold: boolean; color: string },
): Promise<{ data: Buffer; left: number; top: number }> {
  const markup = `<span foreground="${style.color}">${escapeMarkup(withoutPictographs(text))}</span>`;
  const sharp = await loadSharp();
  const { data, info } = await sharp({
    text: {
      text: markup,
      font: style.bold ? "Sans Bold" : "Sans",
      width: Math.floor(box.width),
      height: Math.floor(box.height),
      align: "centre",
      wrap: "word",
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return {
    data,
    left: Math.round(box.x + (box.width - info.width) / 2),
    top: Math.round(box.y + (box.height - info.height) / 2),
  };
}

/** Emoji and the like: the system's text fonts have no glyphs for them (they would print as boxes). */
function withoutPictographs(text: string): string {
  return (
    text
      .replace(/\p{Extended_Pictographic}|\u{FE0F}|\u{200D}/gu, "")
      .replace(/\s+/g, " ")
      .trim() || "-"
  );
}

/** Pango markup: a name is text, never markup. */
function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
