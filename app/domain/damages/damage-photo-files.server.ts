import { AppError } from "~/domain/errors";
import { discardImage, type StoredImage, storeImageFile } from "~/domain/images/image-input.server";
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "~/domain/images/image-limits";
import { loadSharp } from "~/platform/sharp.server";
import { DAMAGE_PHOTO_KEY_PREFIX } from "./damage-photo-access.server";
import { exifTakenAt } from "./exif-taken-at";
import { MAX_PHOTOS_PER_REQUEST, DAMAGE_TEXT as T } from "./messages";

export type StoredPhoto = StoredImage & { takenAt: Date | null };

/**
 * The files of a form's photo field: empty inputs dropped, text refused (a form posted without
 * multipart), at most 10.
 */
export function photoFiles(values: readonly unknown[]): File[] {
  const files: File[] = [];
  for (const value of values) {
    if (typeof value === "string") {
      if (value !== "")
        throw new AppError("invalid", IMAGE_MESSAGES.notAFile, { photos: IMAGE_MESSAGES.notAFile });
      continue;
    }
    if (value instanceof File && (value.size > 0 || value.name !== "")) files.push(value);
  }
  if (files.length > MAX_PHOTOS_PER_REQUEST) {
    throw new AppError("invalid", T.tooManyPhotosPerRequest, { photos: T.tooManyPhotosPerRequest });
  }
  return files;
}

/**
 * Stores each photo through the product photos' checks, with when the camera says it was taken. One bad
 * photo refuses them all and removes those already stored; discard the result with `discardPhotos` if
 * the save that follows fails.
 */
export async function storePhotos(files: readonly File[]): Promise<StoredPhoto[]> {
  if (files.length > MAX_PHOTOS_PER_REQUEST) {
    throw new AppError("invalid", T.tooManyPhotosPerRequest, { photos: T.tooManyPhotosPerRequest });
  }
  const stored: StoredPhoto[] = [];
  try {
    for (const file of files) {
      const takenAt = await takenAtOf(file);
      stored.push({ ...(await storeImageFile(file, DAMAGE_PHOTO_KEY_PREFIX)), takenAt });
    }
  } catch (err) {
    await discardPhotos(stored);
    if (err instanceof AppError) throw new AppError(err.kind, err.message, { photos: err.message });
    throw err;
  }
  return stored;
}

export async function discardPhotos(photos: readonly StoredPhoto[]): Promise<void> {
  for (const photo of photos) await discardImage(photo);
}

async function takenAtOf(file: File): Promise<Date | null> {
  // Too large: storeImageFile refuses it without reading it, and so do we.
  if (file.size > MAX_UPLOAD_BYTES) return null;
  try {
    const sharp = await loadSharp();
    // Only the header is read; the image's own checks come next, in storeImageFile.
    const meta = await sharp(Buffer.from(await file.arrayBuffer()), { limitInputPixels: false }).metadata();
    return exifTakenAt(meta.exif);
  } catch {
    return null;
  }
}
