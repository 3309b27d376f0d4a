import { AppError } from "../errors";
import { DAMAGE_TEXT as T } from "./messages";

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** A record's title (1..120) and description (up to 4,000), or a refusal naming the field. */
export function damageTexts(input: { title: unknown; description: unknown }): {
  title: string;
  description: string;
} {
  const title = text(input.title).replace(/\s+/g, " ");
  const description = text(input.description).replace(/\r\n/g, "\n");
  if (title === "") throw new AppError("invalid", T.titleRequired, { title: T.titleRequired });
  if (title.length > 120) throw new AppError("invalid", T.titleTooLong, { title: T.titleTooLong });
  if (description.length > 4000) {
    throw new AppError("invalid", T.descriptionTooLong, { description: T.descriptionTooLong });
  }
  return { title, description };
}
