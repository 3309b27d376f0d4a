import { placeQr, type QrBox, type QrPlacement, scaleQrBox } from "~/lib/qr-placement";

// A poster is the template image with the QR tile on it and, below the image, a white caption band with the
// property's name and one line for the guest. Everything is measured from the poster's top-left corner,
// y downwards, in the unit of the rendering (pixels of a PNG, points of a PDF).

/** The caption band's height as a part of the poster's width. */
export const CAPTION_RATIO = 0.24;
/** Font sizes as parts of the poster's width: the name, then the line under it. */
export const NAME_SIZE_RATIO = 0.06;
export const LINE_SIZE_RATIO = 0.036;
/** Room left and right of the caption's text. */
const CAPTION_SIDE_RATIO = 0.05;

export type Rect = { x: number; y: number; width: number; height: number };

export type PosterLayout = {
  width: number;
  height: number;
  image: Rect;
  qr: QrBox;
  /** Where the name's line and the guest line are centred (each rect is one line of text). */
  name: Rect;
  line: Rect;
};

/** Height of a poster per unit of its width. */
export function posterRatio(image: { width: number; height: number }): number {
  return image.height / image.width + CAPTION_RATIO;
}

/** The poster laid out `width` units wide. */
export function posterLayout(
  image: { width: number; height: number },
  placement: QrPlacement,
  width: number,
): PosterLayout {
  const imageHeight = (width * image.height) / image.width;
  const side = width * CAPTION_SIDE_RATIO;
  const band = width * CAPTION_RATIO;
  const nameHeight = width * NAME_SIZE_RATIO * 1.3;
  const lineHeight = width * LINE_SIZE_RATIO * 1.3;
  // The two lines sit together in the middle of the band.
  const top = imageHeight + (band - nameHeight - lineHeight * 1.4) / 2;
  return {
    width,
    height: imageHeight + band,
    image: { x: 0, y: 0, width, height: imageHeight },
    qr: scaleQrBox(placeQr(placement, image), width),
    name: { x: side, y: top, width: width - 2 * side, height: nameHeight },
    line: { x: side, y: top + nameHeight + lineHeight * 0.4, width: width - 2 * side, height: lineHeight },
  };
}
