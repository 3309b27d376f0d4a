import { digitsOf } from "~/lib/cpf";
import { normalizeGuestPhone } from "~/lib/phone";

/**
 * A guest as the owner searched for them, in the form orders keep it: a lower-case email, or the digits of
 * a phone (with or without +55) and/or of a CPF. Eleven digits can be a mobile or a CPF: both are tried.
 */
export type GuestSubject = { email: string | null; phone: string | null; cpf: string | null };

export function parseGuestSubject(query: string): GuestSubject | null {
  const text = query.trim().slice(0, 254);
  if (!text) return null;
  if (text.includes("@")) return { email: text.toLowerCase(), phone: null, cpf: null };
  const digits = digitsOf(text);
  const phone = normalizeGuestPhone(text);
  const cpf = digits.length === 11 ? digits : null;
  return phone || cpf ? { email: null, phone, cpf } : null;
}
