import { z } from "zod";
import { PROPERTY_TEXT as T } from "./messages";

// Form values arrive as strings (or nothing); a missing field reads as an empty one.
const text = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string().trim());

export const propertyInputSchema = z.object({
  name: text.pipe(z.string().min(1, T.nameRequired).max(120, T.nameTooLong)),
  address: text.pipe(z.string().min(1, T.addressRequired).max(300, T.addressTooLong)),
  // What guests see of where it is; empty = nothing (the full address never reaches a guest page).
  publicLocation: text.pipe(
    z
      .string()
      .max(120, T.publicLocationTooLong)
      .transform((v) => v || null),
  ),
});
