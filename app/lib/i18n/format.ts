import { formatCents } from "../money";
import type { GuestLocale } from "./locale";

const money = new Map<GuestLocale, Intl.NumberFormat>();

/**
 * The regional variant each language is written in: most Spanish-speaking guests come from Argentina
 * (plain `es` would write "1234,56 BRL"), English as in the US.
 */
const REGION: Record<GuestLocale, string> = { "pt-BR": "pt-BR", en: "en-US", es: "es-AR" };

/**
 * Integer cents in reais, written the guest's way: pt-BR "R$ 1.234,56", es "R$ 1.234,56", en "R$1,234.56".
 * Prices are always reais; only the way they are written changes.
 */
export function formatCentsIn(locale: GuestLocale, cents: number): string {
  if (locale === "pt-BR") return formatCents(cents);
  let format = money.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(REGION[locale], {
      style: "currency",
      currency: "BRL",
      currencyDisplay: "narrowSymbol",
    });
    money.set(locale, format);
  }
  return format.format((Math.round(cents) + 0) / 100);
}

const SAO_PAULO = "America/Sao_Paulo";

/** A date and time in São Paulo (where the stay is), in the guest's language. */
export function formatDateTimeIn(locale: GuestLocale, at: Date): string {
  return new Intl.DateTimeFormat(REGION[locale], {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: SAO_PAULO,
  }).format(at);
}

/** A date in São Paulo in the guest's language. */
export function formatDateIn(locale: GuestLocale, at: Date): string {
  return new Intl.DateTimeFormat(REGION[locale], { dateStyle: "short", timeZone: SAO_PAULO }).format(at);
}
