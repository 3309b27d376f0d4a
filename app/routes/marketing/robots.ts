import { env } from "~/platform/env.server";

// Guest shops (/i/…) and checkouts are reachable only through their QR codes and must stay out of search
// results; the back office and the APIs are of no use to a crawler.
const PRIVATE_PREFIXES = [
  "/i/",
  "/payment/",
  "/payments/",
  "/leads",
  "/api/",
  "/dev/",
  "/dashboard",
  "/properties",
  "/inventory",
  "/products",
  "/product-categories",
  "/qr-templates",
  "/sales",
  "/withdrawals",
  "/wallets/",
  "/replacements",
  "/reset-password",
];

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${env().appUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
