import type { StoredImage } from "~/domain/images/image-input.server";
import { mediaKeyOf } from "~/domain/images/image-input.server";
import { AppError } from "../errors";
import { QR_TEXT as T } from "./messages";

/**
 * A template's background must be an upload we stored (posters are drawn from its bytes; an outside URL
 * would have to be fetched). The route stores it through the product-photo pipeline before calling us.
 */
export function checkTemplateImage(image: StoredImage): StoredImage {
  const ours = mediaKeyOf(image.image) && mediaKeyOf(image.imageThumb);
  const sized =
    Number.isInteger(image.width) && Number.isInteger(image.height) && image.width > 0 && image.height > 0;
  if (!ours || !sized) throw new AppError("invalid", T.imageRequired, { image: T.imageRequired });
  return image;
}
