import { digitsOf } from "./cpf";

/**
 * A Brazilian phone with its area code: 10 digits (landline) or 11 (mobile, starting with 9), a leading
 * +55 or 0 tolerated. Returns the 10 or 11 digits, or null.
 */
export function normalizePhone(value: string): string | null {
  let d = digitsOf(value);
  if (d.length > 11 && d.startsWith("55")) d = d.slice(2);
  if (d.length > 11 && d.startsWith("0")) d = d.slice(1);
  if (!/^[1-9][1-9]\d{8,9}$/.test(d)) return null;
  if (d.length === 11 && d[2] !== "9") return null;
  return d;
}

/** Masks as typed: "11987654321" → "(11) 98765-4321", "1133334444" → "(11) 3333-4444". */
export function maskPhone(value: string): string {
  const d = digitsOf(value).slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : "";
  const area = `(${d.slice(0, 2)}) `;
  const rest = d.slice(2);
  const split = d.length === 11 ? 5 : 4;
  return rest.length > split ? `${area}${rest.slice(0, split)}-${rest.slice(split)}` : `${area}${rest}`;
}

/**
 * A guest's phone (issue 49: guests come from abroad): Brazilian as `normalizePhone` reads it (kept as its
 * national digits), or another country's written with + and its country code ('+54 9 11 2345-6789'), kept
 * as '+' and its digits (E.164: 8 to 15). Null for anything else.
 */
export function normalizeGuestPhone(value: string): string | null {
  const trimmed = value.trim();
  const digits = digitsOf(trimmed);
  if (trimmed.startsWith("+") && !digits.startsWith("55"))
    return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  return normalizePhone(trimmed);
}

/** A guest's phone masked as typed: Brazilian as `maskPhone`; another country's as + and its digits. */
export function maskGuestPhone(value: string): string {
  const trimmed = value.trimStart();
  if (trimmed.startsWith("+") && !digitsOf(trimmed).startsWith("55")) {
    return `+${digitsOf(trimmed).slice(0, 15)}`;
  }
  return maskPhone(trimmed.startsWith("+55") ? digitsOf(trimmed).slice(2) : trimmed);
}
