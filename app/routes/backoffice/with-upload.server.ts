import { discardImage, type ImageValue, readImageInput } from "~/domain/images/image-input.server";

/**
 * Runs a save with the form's photo stored first; the photo is deleted again if the save does not happen
 * (a refusal, or anything else), so no upload outlives a save that failed.
 */
export async function withUpload<T>(
  form: FormData,
  save: (image: ImageValue | null | undefined) => Promise<T>,
): Promise<T> {
  const image = await readImageInput(form);
  try {
    return await save(image);
  } catch (err) {
    await discardImage(image);
    throw err;
  }
}
