// Category colours, shared by the server (validation) and the form (live swatch).

/** The spec's default colour (part 1 §3, §9). */
export const DEFAULT_CATEGORY_COLOR = "#8E9196";

/** The longest text the colour field takes (part 1 §5, §9). */
export const CATEGORY_COLOR_MAX_LENGTH = 7;

// '#RRGGBB' and the CSS shorthand '#RGB'; both fit in the spec's 7 characters.
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isCategoryColor(text: string): boolean {
  return HEX_COLOR.test(text.trim());
}

/**
 * The stored form: '#RRGGBB' in capitals, so '#abc', '#AABBCC' and '#aabbcc' are one colour.
 * Call only with a text that passed `isCategoryColor`.
 */
export function normalizeCategoryColor(text: string): string {
  const hex = text.trim().slice(1).toUpperCase();
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  return `#${full}`;
}

/** What a swatch shows for a typed text: the colour when it is one, the default otherwise. */
export function swatchColor(text: string | null | undefined): string {
  return text && isCategoryColor(text) ? normalizeCategoryColor(text) : DEFAULT_CATEGORY_COLOR;
}
