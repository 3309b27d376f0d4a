import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RequestHandler } from "express";

import { LANDING_CACHE_CONTROL, PRERENDER_NONCE } from "~/routes/marketing/landing.server";

// The placeholder the build writes where each request's CSP nonce goes.
const PLACEHOLDER = `nonce="${PRERENDER_NONCE}"`;
const PAGES: [string, string][] = [
  ["/", "index.html"],
  ["/en", "en/index.html"],
  ["/es", "es/index.html"],
  ["/v2", "v2/index.html"],
];

/**
 * Serves the landing pages React Router prerendered at build time, with this request's nonce swapped in
 * so their scripts run under the CSP. A page built for another APP_URL (its canonical link says so), a
 * request with a query string, or a page missing from the build goes on to live rendering.
 */
export function prerenderedPages(appUrl: string): RequestHandler {
  const pages = new Map<string, string>();
  for (const [url, file] of PAGES) {
    const full = fileURLToPath(new URL(`../prerendered/${file}`, import.meta.url));
    if (!existsSync(full)) continue;
    const html = readFileSync(full, "utf8");
    if (html.includes(`<link rel="canonical" href="${appUrl}${url}"`)) pages.set(url, html);
  }
  return (req, res, next) => {
    const html = req.method === "GET" || req.method === "HEAD" ? pages.get(req.path) : undefined;
    if (!html || Object.keys(req.query).length > 0) return next();
    res.set("Cache-Control", LANDING_CACHE_CONTROL);
    res.type("html").send(html.replaceAll(PLACEHOLDER, `nonce="${res.locals.nonce}"`));
  };
}
