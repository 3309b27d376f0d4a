// Where a template puts the QR code: the one geometry the form's preview, the PNG and the PDF posters share
// (docs/decisions/0019-qr-codes-and-posters.md).
//
// A template's X, Y and size are pixels of its image as shown 500 px wide (the preview's width), whatever
// the image's real size: X and Y place the top-left corner of the QR tile (the code with its white quiet
// zone), size is the tile's side. Any other rendering scales them by its width / 500.

/** The width, in px, of the frame X, Y and size are measured in. */
export const QR_FRAME_WIDTH = 500;

export const QR_LIMITS = {
  position: { min: 0, max: 500 },
  size: { min: 50, max: 300 },
  step: 1,
} as const;

export const QR_DEFAULTS = { positionX: 0, positionY: 0, size: 100 } as const;

export type QrPlacement = { positionX: number; positionY: number; size: number };

/** A square in some frame: its top-left corner and its side. */
export type QrBox = { x: number; y: number; size: number };

/** The image's height in the 500-px-wide frame. */
export function frameHeight(image: { width: number; height: number }): number {
  return (QR_FRAME_WIDTH * image.height) / image.width;
}

/**
 * The QR tile in the 500-px-wide frame. The sliders reach further than a short or small image does, so the
 * tile is kept whole inside the image: first its side (never more than the image's), then its corner.
 */
export function placeQr(placement: QrPlacement, image: { width: number; height: number }): QrBox {
  const height = frameHeight(image);
  const size = Math.min(placement.size, QR_FRAME_WIDTH, height);
  return {
    x: Math.max(0, Math.min(placement.positionX, QR_FRAME_WIDTH - size)),
    y: Math.max(0, Math.min(placement.positionY, height - size)),
    size,
  };
}

/** Whether placeQr had to move or shrink the tile to keep it inside the image. */
export function wasFitted(placement: QrPlacement, image: { width: number; height: number }): boolean {
  const box = placeQr(placement, image);
  return box.x !== placement.positionX || box.y !== placement.positionY || box.size !== placement.size;
}

/** The tile in a rendering of the image `width` units wide (pixels of a PNG, points of a PDF). */
export function scaleQrBox(box: QrBox, width: number): QrBox {
  const k = width / QR_FRAME_WIDTH;
  return { x: box.x * k, y: box.y * k, size: box.size * k };
}
