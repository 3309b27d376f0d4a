/** R$ 100.000,00: the highest price a product may have, far above anything sold in a rental unit. */
export const MAX_PRICE_CENTS = 10_000_000;

/**
 * pt-BR price typing rule: digits, at most one comma (the first typed) and at most two decimals.
 * Everything else, including dots, is dropped, so "R$ 1.234,5" becomes "1234,5". Only the fallback of
 * `priceInputToCents`: the money field (app/ui/money-input.tsx) types cents-first instead.
 */
export function sanitizePriceInput(raw: string): string {
  let out = "";
  let seenComma = false;
  let decimals = 0;
  for (const ch of raw) {
    if (ch === ",") {
      if (!seenComma) {
        seenComma = true;
        out += ch;
      }
    } else if (ch >= "0" && ch <= "9") {
      if (!seenComma) {
        out += ch;
      } else if (decimals < 2) {
        out += ch;
        decimals += 1;
      }
    }
  }
  return out;
}

// "150", "150,5", "1.234,56", "R$ 12,50": digits, thousands dots in threes, a comma and at most two decimals.
// A dot followed by exactly three digits is a thousands dot, as pt-BR writes it: "1.234" is R$ 1.234,00.
const AMOUNT = /^(?:R\$\s*)?(\d+|\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/;
// "22.90", "1234.5": one dot followed by one or two digits can only be a decimal mark (copied from a
// spreadsheet or an English page), so it is read as one; "1.234.5" or "1,234.56" match neither and are refused.
const DOT_DECIMAL = /^(?:R\$\s*)?(\d+)\.(\d{1,2})$/;

/**
 * The amount a person wrote, in integer cents, or null when the text is not an amount: a sign, an
 * exponent, letters or a mixed-up separator ("-50", "1e9", "abc", "1,234.56") are never read as another
 * amount. Used the same way by the server (posted text) and by the money field (pasted text).
 */
export function parseAmountText(text: string): number | null {
  const trimmed = text.trim();
  const match = AMOUNT.exec(trimmed) ?? DOT_DECIMAL.exec(trimmed);
  if (!match) return null;
  const whole = (match[1] ?? "").replaceAll(".", "");
  // String concatenation instead of `* 100` keeps "1,15" exactly 115 (no floating point drift).
  const cents = Number(`${whole}${(match[2] ?? "").padEnd(2, "0")}`);
  // Too many digits is still an amount: too high, which each caller's maximum says better than "not a number".
  return Number.isSafeInteger(cents) ? cents : Number.MAX_SAFE_INTEGER;
}

/** Whether posted text is an amount as people write one (see `parseAmountText`). */
export function isAmountText(text: string): boolean {
  return parseAmountText(text) !== null;
}

/**
 * Price text to integer cents; empty → 0. Callers check `isAmountText` first: text that is not an amount
 * falls back to the typing rule above (digits and one comma), which is never shown to anyone as a price.
 */
export function priceInputToCents(text: string): number {
  const parsed = parseAmountText(text);
  if (parsed !== null) return parsed;
  const [intPart = "", fracPart = ""] = sanitizePriceInput(text).split(",");
  return Number(`${intPart}${fracPart.padEnd(2, "0").slice(0, 2)}`);
}

/**
 * Cents as pt-BR digits, as the price field and the CSV exports show them: 1250 → "12,50", 5 → "0,05";
 * no currency sign, no thousands separator.
 */
export function centsToPriceInput(cents: number): string {
  if (!Number.isFinite(cents)) return "";
  const whole = Math.round(cents);
  const sign = whole < 0 ? "-" : "";
  const digits = String(Math.abs(whole)).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)},${digits.slice(-2)}`;
}
