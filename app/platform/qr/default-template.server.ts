import { loadSharp } from "../sharp.server";
import type { PosterTemplate } from "./poster-types";

const SIDE = 1000;
const BRAND = "#0b6b5e";
const BRAND_SOFT = "#e6f4f1";

/**
 * The poster background a host gets before making a template of their own: the brand colour with a white
 * card in the middle, where the QR tile goes (260 of 500 px, centred). No text in the image: the poster's
 * caption carries the property's name.
 */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 500 500">
  <rect width="500" height="500" fill="${BRAND}"/>
  <circle cx="40" cy="40" r="120" fill="${BRAND_SOFT}" fill-opacity="0.12"/>
  <circle cx="470" cy="470" r="150" fill="${BRAND_SOFT}" fill-opacity="0.12"/>
  <rect x="95" y="95" width="310" height="310" rx="28" fill="#ffffff"/>
</svg>`;

export const DEFAULT_TEMPLATE_PLACEMENT = { positionX: 120, positionY: 120, size: 260 } as const;

let cached: Promise<PosterTemplate> | undefined;

export function defaultPosterTemplate(): Promise<PosterTemplate> {
  cached ??= loadSharp()
    .then((sharp) => sharp(Buffer.from(svg)).png().toBuffer())
    .then((image) => ({ image, width: SIDE, height: SIDE, placement: { ...DEFAULT_TEMPLATE_PLACEMENT } }));
  // A failure is not kept: the next poster tries again.
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
