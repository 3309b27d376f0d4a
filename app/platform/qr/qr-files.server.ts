import { loadSharp } from "../sharp.server";
import { qrTile, qrTileSvg } from "./qr-matrix.server";

/** The printed size of the downloads: 6 cm, comfortably scanned from an arm's length. */
const PRINT_SIZE_MM = 60;
const PRINT_DPI = 300;

/** A QR code to print, as SVG: vector, 60 mm wide when placed as is. */
export function qrCodeSvg(text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${qrTileSvg(qrTile(text), `${PRINT_SIZE_MM}mm`)}\n`;
}

/**
 * A QR code to print, as PNG: about 60 mm at 300 dpi (marked in the file), each module a whole number of
 * pixels so its edges stay sharp.
 */
export async function qrCodePng(text: string): Promise<Buffer> {
  const tile = qrTile(text);
  const target = Math.round((PRINT_SIZE_MM / 25.4) * PRINT_DPI);
  const side = Math.ceil(target / tile.side) * tile.side;
  const sharp = await loadSharp();
  return sharp(Buffer.from(qrTileSvg(tile, side)))
    .png({ palette: true, colours: 2 })
    .withDensity(PRINT_DPI)
    .toBuffer();
}
