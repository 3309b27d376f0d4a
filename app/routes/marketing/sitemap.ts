import { env } from "~/platform/env.server";

/** The public pages worth indexing: the landing variants (the shops and the back office are not). */
export const SITEMAP_PATHS = ["/", "/en", "/es", "/v2"] as const;

const ALTERNATES = [
  { hreflang: "pt-BR", path: "/" },
  { hreflang: "en", path: "/en" },
  { hreflang: "es", path: "/es" },
  { hreflang: "x-default", path: "/" },
];

export function loader() {
  const origin = env().appUrl;
  const urls = SITEMAP_PATHS.map((path) => {
    const links = ALTERNATES.some((a) => a.path === path)
      ? ALTERNATES.map(
          (a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${origin}${a.path}"/>`,
        ).join("\n")
      : "";
    return `  <url>\n    <loc>${origin}${path}</loc>\n${links ? `${links}\n` : ""}  </url>`;
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
