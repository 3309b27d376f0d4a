// The guests' languages (issue 24). The back office stays pt-BR.
export const GUEST_LOCALES = ["pt-BR", "en", "es"] as const;
export type GuestLocale = (typeof GUEST_LOCALES)[number];
export const DEFAULT_LOCALE: GuestLocale = "pt-BR";

/** The guest's own choice, set by the PT / EN / ES switch; it wins over the browser's languages. */
export const LOCALE_COOKIE = "estadia_lang";
/** The switch's query parameter: `?lang=es` sets the cookie and comes back without it. */
export const LOCALE_PARAM = "lang";

/** The switch, in its order on the page: the short label and the language's own name. */
export const LOCALE_CHOICES: readonly { locale: GuestLocale; label: string; name: string }[] = [
  { locale: "pt-BR", label: "PT", name: "Português" },
  { locale: "en", label: "EN", name: "English" },
  { locale: "es", label: "ES", name: "Español" },
];

/** A language tag as a guest locale: any Portuguese is pt-BR, any English en, any Spanish es; else null. */
export function parseLocale(tag: string | null | undefined): GuestLocale | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === "pt") return "pt-BR";
  if (primary === "en") return "en";
  if (primary === "es") return "es";
  return null;
}

/** The first of an Accept-Language header's languages (by q, then order) that a guest page speaks. */
export function localeFromAcceptLanguage(header: string | null | undefined): GuestLocale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, order) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), order };
    })
    .filter((r) => Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranked) {
    const locale = parseLocale(tag);
    if (locale) return locale;
  }
  return null;
}

/** The guest's language: their own choice (the cookie), then the browser's, then pt-BR. */
export function negotiateLocale(
  cookieValue: string | null | undefined,
  acceptLanguage: string | null | undefined,
): GuestLocale {
  return parseLocale(cookieValue) ?? localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}
