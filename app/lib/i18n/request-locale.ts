import { cookieValue } from "../cookie-value";
import { type GuestLocale, LOCALE_COOKIE, negotiateLocale } from "./locale";

/** A guest request's language: the switch's cookie, then Accept-Language, then pt-BR. */
export function requestLocale(headers: Headers): GuestLocale {
  return negotiateLocale(cookieValue(headers.get("cookie"), LOCALE_COOKIE), headers.get("accept-language"));
}
