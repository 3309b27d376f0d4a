import { randomUUID } from "node:crypto";
import type { Metadata } from "sharp";
import { AppError } from "~/domain/errors";
import { IMAGE_MESSAGES, MAX_PIXELS, MAX_UPLOAD_BYTES } from "~/domain/images/image-limits";
import { logger } from "~/platform/log.server";
import { loadSharp } from "~/platform/sharp.server";
import { isMediaKey, mediaStorage } from "~/platform/storage/storage.server";

/** What a product or property keeps: an https URL (both fields equal) or two `/media/…` paths. */
export type ImageValue = { image: string; imageThumb: string };

/** An upload we stored, with the size of its full image in pixels. */
export type StoredImage = ImageValue & { width: number; height: number };

export const MAX_URL_LENGTH = 2000;
const LONGEST_SIDE = 1600;
const THUMB_SIDE = 400;
const MEDIA_PREFIX = "/media/";

// By content, as sharp reports it: "heif" covers HEIC and AVIF. SVG, TIFF and raw are refused.
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);

function refuse(message: string): AppError {
  return new AppError("invalid", message, { image: message });
}

/**
 * The image fields of a form (`imageFile`, `imageUrl`, `imageRemove`): `undefined` leaves the image as it
 * is, `null` removes it, a value replaces it (a file wins over a URL, and both over removal). An upload is
 * stored before this returns: discard it with `discardImage` if the rest of the save fails.
 */
export async function readImageInput(form: FormData): Promise<ImageValue | null | undefined> {
  const stored = await readImageFile(form);
  if (stored) return { image: stored.image, imageThumb: stored.imageThumb };
  const url = form.get("imageUrl");
  if (typeof url === "string" && url.trim() !== "") {
    const href = checkUrl(url);
    return { image: href, imageThumb: href };
  }
  if (form.get("imageRemove") === "1") return null;
  return undefined;
}

/**
 * The `imageFile` of a form that takes an upload only (no URL, no removal), stored through the same checks;
 * undefined when no file was chosen. Discard it with `discardImage` if the rest of the save fails.
 */
export async function readImageFile(form: FormData): Promise<StoredImage | undefined> {
  const file = form.get("imageFile");
  // Without multipart encoding a browser posts only the file's name (or a client sent text on purpose).
  if (typeof file === "string" && file !== "") throw refuse(IMAGE_MESSAGES.notAFile);
  // An empty file input still posts a File, with no name and no bytes.
  if (file instanceof File && (file.size > 0 || file.name !== "")) return storeImageFile(file);
  return undefined;
}

function checkUrl(raw: string): string {
  const text = raw.trim();
  if (text.length > MAX_URL_LENGTH || !URL.canParse(text)) throw refuse(IMAGE_MESSAGES.badUrl);
  const url = new URL(text);
  if (url.protocol !== "https:" || !url.hostname || url.href.length > MAX_URL_LENGTH) {
    throw refuse(IMAGE_MESSAGES.badUrl);
  }
  return url.href;
}

/**
 * One uploaded file through the same checks as a form's `imageFile` (several photos in one form). Its keys
 * start with `keyPrefix` (a damage photo's say it is private).
 */
export async function storeImageFile(file: File, keyPrefix = ""): Promise<StoredImage> {
  if (file.size > MAX_UPLOAD_BYTES) throw refuse(IMAGE_MESSAGES.tooLarge);
  const input = Buffer.from(await file.arrayBuffer());
  const { image, thumb, width, height } = await reencode(input);

  const id = `${keyPrefix}${randomUUID()}`;
  const keys = { image: `${id}.webp`, thumb: `${id}-thumb.webp` };
  const storage = mediaStorage();
  try {
    await storage.put(keys.image, image, "image/webp");
    await storage.put(keys.thumb, thumb, "image/webp");
  } catch (err) {
    await Promise.allSettled([storage.delete(keys.image), storage.delete(keys.thumb)]);
    throw err;
  }
  return { image: mediaPath(keys.image), imageThumb: mediaPath(keys.thumb), width, height };
}

/** Checks the bytes are a real image within limits and makes the WebP image and its thumbnail. */
async function reencode(
  input: Buffer,
): Promise<{ image: Buffer; thumb: Buffer; width: number; height: number }> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Only the header is read here, so sharp's own pixel limit is lifted: ours, below, gives its message.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw refuse(
      /unsupported image format/i.test(String(err)) ? IMAGE_MESSAGES.notImage : IMAGE_MESSAGES.corrupt,
    );
  }
  if (!ACCEPTED_FORMATS.has(meta.format)) throw refuse(IMAGE_MESSAGES.notImage);
  // Checked from the header before decoding a single pixel; limitInputPixels below is the backstop.
  if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > MAX_PIXELS) {
    throw refuse(IMAGE_MESSAGES.tooManyPixels);
  }

  // "truncated" fails on a cut-off file but tolerates the harmless warnings many phone JPEGs carry.
  // Output has no EXIF/XMP/ICC: sharp drops metadata unless asked to keep it. GIFs keep their first frame.
  const decoded = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: "truncated" }).autoOrient();
  const box = (side: number) =>
    ({ width: side, height: side, fit: "inside", withoutEnlargement: true }) as const;
  try {
    const [image, thumb] = await Promise.all([
      decoded.clone().resize(box(LONGEST_SIDE)).webp({ quality: 82 }).toBuffer({ resolveWithObject: true }),
      decoded.clone().resize(box(THUMB_SIDE)).webp({ quality: 75 }).toBuffer(),
    ]);
    return { image: image.data, thumb, width: image.info.width, height: image.info.height };
  } catch (err) {
    if (/pixel limit/i.test(String(err))) throw refuse(IMAGE_MESSAGES.tooManyPixels);
    if (meta.format === "heif" && meta.compression === "hevc") throw refuse(IMAGE_MESSAGES.heic);
    throw refuse(IMAGE_MESSAGES.corrupt);
  }
}

/** The address a stored key is served at (what products, properties and damage photos keep). */
export function mediaPath(key: string): string {
  return MEDIA_PREFIX + key;
}

/** The storage key of a `/media/…` value we made; undefined for an outside URL or anything else. */
export function mediaKeyOf(value: string): string | undefined {
  if (!value.startsWith(MEDIA_PREFIX)) return undefined;
  const key = value.slice(MEDIA_PREFIX.length);
  return isMediaKey(key) ? key : undefined;
}

/**
 * Deletes the stored files of an image that is no longer used (after the save that replaced or removed
 * it committed). Outside URLs are left alone. A failure is logged, never thrown: the save already happened.
 */
export async function discardImage(value: ImageValue | null | undefined): Promise<void> {
  if (!value) return;
  const keys = [...new Set([value.image, value.imageThumb])].flatMap((v) => mediaKeyOf(v) ?? []);
  const storage = mediaStorage();
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (err) {
      logger().warn({ err, key }, "could not delete a discarded image");
    }
  }
}
