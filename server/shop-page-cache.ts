import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { requestLocale } from "~/lib/i18n/request-locale";
import { ttlCache } from "~/platform/ttl-cache";
import { PRERENDER_NONCE } from "~/routes/marketing/landing.server";
import { fetchRequest, requestUrl } from "./fetch-request";

// A shop's own link, as its QR code opens it: no search, no device cookie yet.
const SHOP_PATH = /^\/i\/[\w-]{1,64}$/;
const DEVICE_COOKIE = /(?:^|;\s*)estadia_device=/;

/** How long one render of a shop's page is shared. */
export const SHOP_PAGE_CACHE_MS = 1000;

type Page = { status: number; contentType: string; html: string };

/**
 * The shop page as a guest's first scan gets it, rendered once a second per shop and served to every
 * phone arriving without a device cookie (so without a cart: the page is the same for all of them),
 * with each request's CSP nonce swapped in. Its catalogue is already a second or two old at most
 * (SHOP_CACHE_MS); stock is checked again on every add. Guests with a cookie, searches and every
 * other request are rendered live (docs/decisions/0014-guest-pages-without-react.md).
 */
export function shopPageCache(options: {
  build: ServerBuild;
  loadContext(req: ExpressRequest, res: ExpressResponse): RouterContextProvider;
  ttlMs: number;
}): RequestHandler {
  const render = createRequestHandler(options.build, "production");
  const pages = ttlCache<Page>(options.ttlMs, 500);

  // The page sets no cookie (the device cookie comes with the first add), so status, type and body are all of it.
  const renderPage = async (req: ExpressRequest, res: ExpressResponse, url: URL): Promise<Page> => {
    // No abort signal: the render is shared by every phone that asks for the page in the same second.
    const response = await render(fetchRequest(req, url), options.loadContext(req, res));
    const html = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get("content-type") ?? "text/html; charset=utf-8",
      html: html.replaceAll(`nonce="${res.locals.nonce}"`, `nonce="${PRERENDER_NONCE}"`),
    };
  };

  return async (req, res, next) => {
    if (
      req.method !== "GET" ||
      !SHOP_PATH.test(req.originalUrl) ||
      DEVICE_COOKIE.test(req.get("cookie") ?? "")
    ) {
      return next();
    }
    const url = requestUrl(req);
    if (!url) return next();
    try {
      // One render per shop and language (the switch's cookie, else Accept-Language).
      const locale = requestLocale(
        new Headers({ cookie: req.get("cookie") ?? "", "accept-language": req.get("accept-language") ?? "" }),
      );
      const page = await pages.get(`${req.path} ${locale}`, () => renderPage(req, res, url));
      res
        .status(page.status)
        .type(page.contentType)
        .vary("Accept-Language")
        .vary("Cookie")
        .send(page.html.replaceAll(`nonce="${PRERENDER_NONCE}"`, `nonce="${res.locals.nonce}"`));
    } catch (err) {
      next(err);
    }
  };
}
