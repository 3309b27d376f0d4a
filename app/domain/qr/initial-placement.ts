import { frameHeight, QR_FRAME_WIDTH, QR_LIMITS, type QrPlacement } from "~/lib/qr-placement";
import { CAPTION_RATIO } from "~/platform/qr/poster-layout";

// Where a new template puts the code before the host moves it: centred on the image, at a size that still
// scans on the smallest poster we print. Pure, so the form's preview and the server agree.

/** The printable area of A5, the smaller paper, in points: the page less 12 mm each side (poster-pdf.server). */
const A5_AREA = { width: 419.53 - 2 * ((12 / 25.4) * 72), height: 595.28 - 2 * ((12 / 25.4) * 72) };
/**
 * The printed side of the QR tile (code and quiet zone) we aim for: 45 mm. A shop link is a version 3–4 code
 * (29–33 modules, 37–41 with the quiet zone), so each module gets about 1.1 mm, which a phone reads from
 * roughly 40 cm; below 1 mm older cameras start to miss it.
 */
export const MIN_PRINTED_TILE_MM = 45;

/** The poster's width on A5, in mm, for an image of this shape (the image and its caption fit the area). */
export function a5PosterWidthMm(image: { width: number; height: number }): number {
  const points = Math.min(A5_AREA.width, A5_AREA.height / (image.height / image.width + CAPTION_RATIO));
  return (points / 72) * 25.4;
}

/** The new template's placement: centred, the tile at least 45 mm wide on A5 when the image allows it. */
export function initialPlacement(image: { width: number; height: number }): QrPlacement {
  const height = frameHeight(image);
  const wanted = Math.ceil((MIN_PRINTED_TILE_MM / a5PosterWidthMm(image)) * QR_FRAME_WIDTH);
  const size = Math.max(
    QR_LIMITS.size.min,
    Math.min(wanted, QR_LIMITS.size.max, Math.floor(height), QR_FRAME_WIDTH),
  );
  const clamp = (n: number) =>
    Math.max(QR_LIMITS.position.min, Math.min(QR_LIMITS.position.max, Math.round(n)));
  return { positionX: clamp((QR_FRAME_WIDTH - size) / 2), positionY: clamp((height - size) / 2), size };
}

/** What the new-template form shows before an image is picked: centred on a square stand-in. */
export const NEW_FORM_PLACEMENT: QrPlacement = initialPlacement({
  width: QR_FRAME_WIDTH,
  height: QR_FRAME_WIDTH,
});

/**
 * Whether a new template's posted numbers are the form's untouched starting ones (the page could not
 * centre them on the picked image without its script): then the server centres the code on the image.
 */
export function isUntouchedStart(posted: { positionX: unknown; positionY: unknown; size: unknown }): boolean {
  return (
    String(posted.positionX) === String(NEW_FORM_PLACEMENT.positionX) &&
    String(posted.positionY) === String(NEW_FORM_PLACEMENT.positionY) &&
    String(posted.size) === String(NEW_FORM_PLACEMENT.size)
  );
}
