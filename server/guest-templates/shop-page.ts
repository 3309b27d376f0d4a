import type { RequestHandler } from "express";
import { loadShopCart } from "~/domain/carts/load-shop.server";
import { database } from "~/platform/db/database.server";
import { ttlCache } from "~/platform/ttl-cache";
import type { CartSlots } from "~/routes/shop/cart-slots";
import { deviceIdIn } from "~/routes/shop/device-cookie.server";
import { requestUrl } from "../fetch-request";
import { type CartTemplate, parseCartTemplate } from "./fill";
import { type TemplateRenderer, templateLocale } from "./render";
import { fillCartTemplate } from "./shop-template";

// A shop's own link, as its QR code opens it: no search, no refusal to show.
const SHOP_PATH = /^\/i\/[\w-]{1,64}$/;
const DEVICE_COOKIE = /(?:^|;\s*)estadia_device=/;

/** How long one render of a shop's page is shared. */
export const SHOP_PAGE_CACHE_MS = 1000;

type Page = { status: number; contentType: string; template: CartTemplate };

/**
 * The shop page as its QR code opens it, rendered once a second per shop and language as a template
 * whose cart-dependent spots are marked (routes/shop/cart-slots.ts), and filled for each phone: with no
 * cart on a first scan, else with the device's cart (one query), and the request's CSP nonce. Every
 * guest of a property sees the same catalogue, already a second or two old at most (SHOP_CACHE_MS);
 * stock is checked again on every add. Searches and every other request are rendered live
 * (docs/decisions/0014-guest-pages-without-react.md, 0036-shop-page-template.md).
 */
export function shopPageCache(options: {
  renderTemplate: TemplateRenderer;
  slots: CartSlots;
  ttlMs: number;
}): RequestHandler {
  const pages = ttlCache<Page>(options.ttlMs, 500);

  return async (req, res, next) => {
    if (req.method !== "GET" || !SHOP_PATH.test(req.originalUrl)) return next();
    const url = requestUrl(req);
    if (!url) return next();
    try {
      const cookies = req.get("cookie");
      // One render per shop and language.
      const locale = templateLocale(req);
      const [page, cart] = await Promise.all([
        pages.get(`${req.path} ${locale}`, async () => {
          const { html, ...page } = await options.renderTemplate(req, res, url);
          return { ...page, template: parseCartTemplate(options.slots, html) };
        }),
        guestCart(req.path.slice("/i/".length), deviceIdIn(cookies)),
      ]);
      res.status(page.status).type(page.contentType).vary("Accept-Language").vary("Cookie");
      // A device's page shows its cart: never kept by a shared cache.
      if (DEVICE_COOKIE.test(cookies ?? "")) res.setHeader("Cache-Control", "private, no-store");
      res.send(fillCartTemplate(page.template, locale, cart ?? null, res.locals.nonce));
    } catch (err) {
      next(err);
    }
  };
}

/** The device's cart in this shop; undefined for a phone without a device yet. */
async function guestCart(hash: string, deviceId: string | undefined) {
  if (deviceId === undefined) return undefined;
  const { db } = await database();
  return loadShopCart(db, hash, deviceId);
}
