// Reading QR codes back out of what the app generates, as a phone would: PNGs decoded with jsQR, PDF pages
// rendered by poppler's pdftoppm first (and read by zbar too), and where the code sits on a poster found
// from the pixels themselves.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import sharp from "sharp";

export type Raster = { width: number; height: number; data: Uint8Array };
export type Box = { x: number; y: number; width: number; height: number };
type Point = { x: number; y: number };
export type Decoded = {
  text: string;
  /** The code's outer corners (without its quiet zone), in pixels of the raster. */
  corners: { topLeft: Point; topRight: Point; bottomLeft: Point; bottomRight: Point };
};

/** A PNG file's pixels as RGBA. */
export function readPng(bytes: Uint8Array): Raster {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { width: png.width, height: png.height, data: png.data };
}

/** Any image sharp reads (an SVG, a WebP) as a PNG raster, `width` pixels wide. */
export async function rasterize(bytes: Uint8Array, width?: number): Promise<Raster> {
  const png = await sharp(Buffer.from(bytes), { density: 300 })
    .resize(width)
    .flatten({ background: "#fff" })
    .png()
    .toBuffer();
  return readPng(png);
}

/** The QR code jsQR finds in the raster, or undefined. */
export function decodeQr(raster: Raster): Decoded | undefined {
  const found = jsQR(new Uint8ClampedArray(raster.data), raster.width, raster.height);
  if (!found) return undefined;
  const l = found.location;
  return {
    text: found.data,
    corners: {
      topLeft: l.topLeftCorner,
      topRight: l.topRightCorner,
      bottomLeft: l.bottomLeftCorner,
      bottomRight: l.bottomRightCorner,
    },
  };
}

/** One page of a PDF as a PNG, rendered by poppler at `dpi` (as a printer driver would rasterize it). */
export function renderPdfPage(pdf: Uint8Array, page: number, dpi = 150): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), "estadia-pdf-"));
  try {
    writeFileSync(path.join(dir, "in.pdf"), pdf);
    execFileSync(
      "pdftoppm",
      ["-r", String(dpi), "-png", "-f", String(page), "-l", String(page), "-singlefile", "in.pdf", "page"],
      {
        cwd: dir,
      },
    );
    return readFileSync(path.join(dir, "page.png"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text, page by page, as poppler's pdftotext reads it. */
export function pdfText(pdf: Uint8Array): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "estadia-pdf-"));
  try {
    writeFileSync(path.join(dir, "in.pdf"), pdf);
    return execFileSync("pdftotext", ["-layout", "in.pdf", "-"], { cwd: dir }).toString().split("\f");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What zbar (a second, independent reader) finds in a PNG: the texts of its QR codes. */
export function zbarDecode(png: Uint8Array): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "estadia-zbar-"));
  try {
    writeFileSync(path.join(dir, "in.png"), png);
    const out = execFileSync("zbarimg", ["--quiet", "--raw", "in.png"], {
      cwd: dir,
      stdio: ["ignore", "pipe", "ignore"],
    });
    return out.toString().split("\n").filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const near = (raster: Raster, i: number, rgb: readonly [number, number, number], tolerance: number) =>
  Math.abs((raster.data[i] ?? 0) - rgb[0]) <= tolerance &&
  Math.abs((raster.data[i + 1] ?? 0) - rgb[1]) <= tolerance &&
  Math.abs((raster.data[i + 2] ?? 0) - rgb[2]) <= tolerance;

/** The bounding box of the pixels of one colour (the template's solid background, in the tests). */
export function boxOfColour(raster: Raster, rgb: readonly [number, number, number], tolerance = 24): Box {
  return boundingBox(raster, { x: 0, y: 0, width: raster.width, height: raster.height }, (i) =>
    near(raster, i, rgb, tolerance),
  );
}

/** Inside `area`, the bounding box of the pixels that are not that colour (the QR tile on the template). */
export function boxOfOther(
  raster: Raster,
  area: Box,
  rgb: readonly [number, number, number],
  tolerance = 24,
): Box {
  return boundingBox(raster, area, (i) => !near(raster, i, rgb, tolerance));
}

function boundingBox(raster: Raster, area: Box, hit: (index: number) => boolean): Box {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = -1;
  let maxY = -1;
  for (let y = area.y; y < area.y + area.height; y++) {
    for (let x = area.x; x < area.x + area.width; x++) {
      if (!hit((y * raster.width + x) * 4)) continue;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  if (maxX < 0) throw new Error("no such pixels");
  return { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** A solid-colour image made with sharp, as a host's template background. */
export function solidImage(width: number, height: number, hex: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: hex } })
    .png()
    .toBuffer();
}
