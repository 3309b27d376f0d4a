import type { RequestHandler } from "express";
import { LOCALE_COOKIE, LOCALE_PARAM, parseLocale } from "~/lib/i18n/locale";

const ONE_YEAR = 365 * 24 * 60 * 60;
/** The guest pages, which speak the guest's language (others, like /leads, read `lang` themselves). */
const GUEST_PAGES = /^\/(?:i|payment|payments|meus-dados)\/|^\/privacidade(?:[/?]|$)/;

/**
 * The guest pages' PT / EN / ES switch, without JavaScript: its links add `?lang=es`; this keeps the
 * choice in a cookie and sends the guest back to the same address without the parameter (303), so the
 * page, its cache and its links stay the same for everyone who chose that language.
 */
export function languageSwitch(options: { secureCookies: boolean }): RequestHandler {
  const secure = options.secureCookies ? "; Secure" : "";
  return (req, res, next) => {
    if (
      req.method !== "GET" ||
      !GUEST_PAGES.test(req.originalUrl) ||
      !req.originalUrl.includes(`${LOCALE_PARAM}=`)
    ) {
      return next();
    }
    const url = new URL(req.originalUrl, "http://x");
    const locale = parseLocale(url.searchParams.get(LOCALE_PARAM));
    if (!locale) return next();
    url.searchParams.delete(LOCALE_PARAM);
    res.setHeader(
      "Set-Cookie",
      `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure}`,
    );
    res.setHeader("Cache-Control", "no-store");
    res.redirect(303, `${url.pathname}${url.search}`);
  };
}
