import { digitsOf } from "./cpf";
import { normalizePhone } from "./phone";

/**
 * A WhatsApp number as a person types it: Brazilian by default, with its DDD ('(48) 99999-8888', a leading
 * +55 or 0 tolerated), or of another country starting with + or 00 and its country code ('+54 9 11 2345-6789').
 * Returns the digits with the country code (what the Cloud API takes as `to`), or null.
 */
export function parseWhatsAppNumber(text: string): string | null {
  const trimmed = text.trim();
  if (!/^[+\d\s().-]+$/.test(trimmed)) return null;
  const international = trimmed.startsWith("+") || trimmed.startsWith("00");
  const digits = digitsOf(trimmed).replace(/^00/, "");
  if (!international || digits.startsWith("55")) {
    const national = normalizePhone(digits.startsWith("55") && international ? digits.slice(2) : trimmed);
    return national ? `55${national}` : null;
  }
  // E.164: at most 15 digits; the shortest numbers in use have 8 with their country code.
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

/** A guest's phone as kept (Brazilian national digits, or '+' and another country's) as a WhatsApp number. */
export function whatsAppNumberOfBrazilian(national: string): string {
  return national.startsWith("+") ? national.slice(1) : `55${national}`;
}

/** How the number is shown: '+55 48 99999-8888' for Brazil, '+' and the digits otherwise. */
export function formatWhatsAppNumber(digits: string): string {
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return br ? `+55 ${br[1]} ${br[2]}-${br[3]}` : `+${digits}`;
}
