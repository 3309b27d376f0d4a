import QRCode from "qrcode";

/** Modules of white around the code: the standard quiet zone, which phone cameras need to find it. */
export const QR_QUIET_ZONE = 4;

/**
 * A QR code as one SVG path of its dark modules, in module units with the quiet zone included: the whole
 * tile is `side` × `side` and white. Every rendering (the form's preview, the PNG and PDF posters, the
 * downloads) draws this same path, so they are the same code at the same place.
 */
export type QrTile = { side: number; path: string };

/** Error correction H: up to 30% of the code can be dirty, torn or covered on a printed poster. */
export function qrTile(text: string): QrTile {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "H" });
  const n = modules.size;
  let path = "";
  for (let row = 0; row < n; row++) {
    // One rectangle per run of dark modules in a row: a few KB, no seams between neighbours.
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      path += `M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${col - start}v1h${start - col}z`;
    }
  }
  return { side: n + 2 * QR_QUIET_ZONE, path };
}

/** The tile as a standalone SVG document; `size` is its width and height attribute (e.g. "60mm"). */
export function qrTileSvg(tile: QrTile, size: string | number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" ` +
    `viewBox="0 0 ${tile.side} ${tile.side}" shape-rendering="crispEdges">` +
    `<rect width="${tile.side}" height="${tile.side}" fill="#fff"/>` +
    `<path d="${tile.path}" fill="#000"/></svg>`
  );
}
