import { cookieValue } from "~/lib/cookie-value";
import { type GuestLocale, LOCALE_COOKIE, localeFromAcceptLanguage, parseLocale } from "~/lib/i18n/locale";

/**
 * The data-request page's language: the guest's own choice (the switch's cookie), then their browser's,
 * then the language they ordered in (the receipt's), then pt-BR.
 */
export function dataRequestLocale(headers: Headers, orderLocale: GuestLocale | undefined): GuestLocale {
  return (
    parseLocale(cookieValue(headers.get("cookie"), LOCALE_COOKIE)) ??
    localeFromAcceptLanguage(headers.get("accept-language")) ??
    orderLocale ??
    "pt-BR"
  );
}
