/** R$ 100.000,00: the highest price a product may have, far above anything sold in a rental unit. */
export const MAX_PRICE_CENTS = 10_000_000;

/**
 * pt-BR price typing rule: digits, at most one comma (the first typed) and at most two decimals.
 * Everything else, including dots, is dropped, so "R$ 1.234,5" becomes "1234,5".
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

/** Converts price text (sanitized first, so any input is accepted) to integer cents; empty → 0. */
export function priceInputToCents(text: string): number {
  const [intPart = "", fracPart = ""] = sanitizePriceInput(text).split(",");
  // String concatenation instead of `* 100` keeps "1,15" exactly 115 (no floating point drift).
  const digits = `${intPart}${fracPart.padEnd(2, "0").slice(0, 2)}`;
  return Number(digits);
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

// "150", "150,5", "1.234,56", "R$ 12,50": digits, thousands dots in threes, a comma and at most two decimals.
const AMOUNT = /^(R\$\s*)?(\d+|\d{1,3}(\.\d{3})+)(,\d{1,2})?$/;

/**
 * Whether posted text is an amount as people write one. The typing rule above fixes what is being typed in
 * the browser; text that reaches the server with a sign, an exponent or letters ("-50", "1e9") is refused,
 * never read as another amount.
 */
export function isAmountText(text: string): boolean {
  return AMOUNT.test(text.trim());
}
