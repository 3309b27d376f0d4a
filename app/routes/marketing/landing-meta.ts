import type { MetaDescriptor } from "react-router";
import type { LandingContent } from "~/ui/marketing/landing-types";

/** The three translations of the main page; /v2 is a variant, not a translation, so it stands alone. */
const TRANSLATIONS = [
  { hrefLang: "pt-BR", path: "/" },
  { hrefLang: "en", path: "/en" },
  { hrefLang: "es", path: "/es" },
];

const OG_LOCALES = ["pt_BR", "en_US", "es_ES"];

/** Title, description, canonical, hreflang alternates and Open Graph tags of one landing variant. */
export function landingMeta(content: LandingContent, origin: string | undefined): MetaDescriptor[] {
  const base = origin ?? "";
  const url = `${base}${content.path}`;
  const isTranslation = TRANSLATIONS.some((t) => t.path === content.path);
  const alternates = isTranslation
    ? [
        ...TRANSLATIONS.map((t) => ({ hrefLang: t.hrefLang, href: `${base}${t.path}` })),
        { hrefLang: "x-default", href: `${base}/` },
      ]
    : [{ hrefLang: content.lang, href: url }];
  return [
    { title: content.title },
    { name: "description", content: content.description },
    { tagName: "link", rel: "canonical", href: url },
    ...alternates.map((a) => ({ tagName: "link", rel: "alternate", hrefLang: a.hrefLang, href: a.href })),
    { tagName: "link", rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Estadia" },
    { property: "og:title", content: content.title },
    { property: "og:description", content: content.description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${base}${content.ogImage}` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:locale", content: content.ogLocale },
    ...OG_LOCALES.filter((l) => l !== content.ogLocale).map((l) => ({
      property: "og:locale:alternate",
      content: l,
    })),
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
