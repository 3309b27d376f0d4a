import { z } from "zod";
import { maskPhone, normalizePhone } from "~/lib/phone";
import { HOST_CONTACT_TEXT as G } from "./host-contact-messages";
import { TEAM_TEXT as T } from "./messages";

/** How guests reach the host; each field optional. Phones are digits with the country code (55…). */
export type HostContact = { whatsapp: string | null; phone: string | null; email: string | null };

export const NO_CONTACT: HostContact = { whatsapp: null, phone: null, email: null };

// A form's text: missing is empty, and empty is "not set".
const text = z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string());

/** A Brazilian number with its area code, kept as 55 + its 10 or 11 digits; empty = none. */
const brazilianPhone = (message: string) =>
  text.transform((v, ctx) => {
    if (v === "") return null;
    const digits = normalizePhone(v);
    if (digits) return `55${digits}`;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });

export const hostContactSchema = z.object({
  whatsapp: brazilianPhone(T.contactWhatsappInvalid),
  phone: brazilianPhone(T.contactPhoneInvalid),
  email: text
    .transform((v) => v.toLowerCase())
    .pipe(
      z.union([
        z.literal("").transform(() => null),
        z.email({ message: T.emailInvalid }).max(254, T.emailInvalid),
      ]),
    ),
});

/** "5548999998888" → "(48) 99999-8888", as a guest reads it. */
export function formatContactPhone(digits: string): string {
  return maskPhone(digits.startsWith("55") ? digits.slice(2) : digits);
}

export type HostContactLink = {
  kind: "whatsapp" | "phone" | "email";
  label: string;
  text: string;
  href: string;
};

/** The links guests get (WhatsApp opens the app on a phone); none when the host set no contact. */
export function hostContactLinks(contact: HostContact | null): HostContactLink[] {
  if (!contact) return [];
  const links: HostContactLink[] = [];
  if (contact.whatsapp) {
    links.push({
      kind: "whatsapp",
      label: G.whatsapp,
      text: formatContactPhone(contact.whatsapp),
      href: `https://wa.me/${contact.whatsapp}`,
    });
  }
  if (contact.phone) {
    links.push({
      kind: "phone",
      label: G.phone,
      text: formatContactPhone(contact.phone),
      href: `tel:+${contact.phone}`,
    });
  }
  if (contact.email) {
    links.push({ kind: "email", label: G.email, text: contact.email, href: `mailto:${contact.email}` });
  }
  return links;
}
