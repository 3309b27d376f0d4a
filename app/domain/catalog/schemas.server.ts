import { z } from "zod";
import { isAmountText, MAX_PRICE_CENTS, priceInputToCents } from "~/lib/price-input";
import { CATALOG_TEXT as T } from "./catalog-text";
import {
  CATEGORY_COLOR_MAX_LENGTH,
  DEFAULT_CATEGORY_COLOR,
  isCategoryColor,
  normalizeCategoryColor,
} from "./category-color";

/** A form's text: a missing field is empty text, so "required" answers with our message, not zod's. */
const text = z.preprocess((v) => (typeof v === "string" ? v : v == null ? "" : String(v)), z.string());

/** A name for English or Spanish guests: optional, trimmed, empty (or absent) = none (they read pt-BR). */
const foreignName = (max: number, tooLong: string) =>
  text.pipe(
    z
      .string()
      .trim()
      .max(max, tooLong)
      .transform((v) => v || null),
  );

export const categorySchema = z.object({
  name: text.pipe(z.string().trim().min(1, T.categoryNameRequired).max(60, T.categoryNameTooLong)),
  nameEn: foreignName(60, T.categoryNameEnTooLong),
  nameEs: foreignName(60, T.categoryNameEsTooLong),
  // Absent (an API caller that does not care) is the default colour; an emptied field is refused.
  color: z.preprocess(
    (v) => (v === undefined ? DEFAULT_CATEGORY_COLOR : typeof v === "string" ? v.trim() : ""),
    z
      .string()
      .min(1, T.colorRequired)
      .max(CATEGORY_COLOR_MAX_LENGTH, T.colorTooLong)
      .refine(isCategoryColor, T.colorInvalid)
      .transform(normalizeCategoryColor),
  ),
});
export type CategoryInput = {
  name: string;
  /** Optional names for English and Spanish guests; empty or absent = none. */
  nameEn?: string;
  nameEs?: string;
  /** '#RRGGBB' or '#RGB'; absent = the default colour. */
  color?: string;
};

// An amount as people write it ("12,50", "1.234,56", "22.90"; see parseAmountText); a sign, an exponent or
// letters are refused, never read as another amount.
const amountText = (invalid: string) => text.refine((v) => v.trim() === "" || isAmountText(v), invalid);

/** A unit cost typed like a price, in cents; empty is null (not known), distinct from a cost of 0. */
export const costSchema = amountText(T.costInvalid)
  .transform((v) => (v.trim() === "" ? null : priceInputToCents(v)))
  .pipe(z.number().max(MAX_PRICE_CENTS, T.costTooHigh).nullable());

export const productSchema = z.object({
  name: text.pipe(z.string().trim().min(1, T.productNameRequired).max(120, T.productNameTooLong)),
  nameEn: foreignName(120, T.productNameEnTooLong),
  nameEs: foreignName(120, T.productNameEsTooLong),
  // Empty is 0.
  price: amountText(T.priceInvalid)
    .transform(priceInputToCents)
    .pipe(z.number().max(MAX_PRICE_CENTS, T.priceTooHigh)),
  cost: costSchema,
  // '' is the 'Nenhuma' choice.
  categoryId: text.transform((v) => v.trim() || null),
  // A form checkbox ('on' when ticked, absent otherwise) or a boolean from code.
  adultsOnly: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()),
  madeToOrder: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()),
});

// Any 8-4-4-4-12 hex text; anything else can never be a row, so it is "not found" without a query.
