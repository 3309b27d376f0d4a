import type { GuestLocale } from "./i18n/locale";

/** A product's or category's names: pt-BR always, English and Spanish when the host wrote them. */
export type CatalogueNames = { name: string; nameEn: string | null; nameEs: string | null };

/** The name a guest reads: the one in their language when set, the pt-BR name otherwise. */
export function guestName(locale: GuestLocale, names: CatalogueNames): string {
  const own = locale === "en" ? names.nameEn : locale === "es" ? names.nameEs : null;
  return own?.trim() ? own : names.name;
}
