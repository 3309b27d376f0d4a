import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { getOwnCart } from "~/domain/carts/change-cart-item.server";
import { isReceivingAt } from "~/domain/payment-accounts/accounts.server";
import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { ttlCache } from "~/platform/ttl-cache";
import { summaryForGuest } from "~/routes/checkout/cart-summary-template";
import type { CartSlots } from "~/routes/shop/cart-slots";
import { deviceIdIn } from "~/routes/shop/device-cookie.server";
import { requestUrl } from "../fetch-request";
import { type TemplateRenderer, templateLocale } from "./render";
import { fillSummaryTemplate, parseSummaryTemplate, type SummaryTemplate } from "./summary-template";

// A cart's summary as the shop's bar links to it: no query, no refusal to show.
const SUMMARY_PATH = /^\/payment\/([\w-]{1,64})$/;

/** How long one render of the summary's template is used; it holds nothing of a cart. */
const TEMPLATE_MS = 60_000;

type Page = { status: number; contentType: string; template: SummaryTemplate };

/**
 * The cart summary page (`GET /payment/{cartId}`) of the device's own cart: a template rendered once a
 * minute per language, filled with the cart (one prepared query) and the request's nonce. Anything else
 * (no device, another device's cart, a query, a post, a shop not taking payments) is rendered live.
 */
export function cartSummaryPage(options: {
  renderTemplate: TemplateRenderer;
  slots: CartSlots;
}): RequestHandler {
  const pages = ttlCache<Page>(TEMPLATE_MS, 10);
  // The address the template is rendered at: every spot of this id in it becomes the cart's.
  const templateCartId = randomUUID();

  return async (req, res, next) => {
    const cartId = req.method === "GET" ? SUMMARY_PATH.exec(req.originalUrl)?.[1] : undefined;
    const cookies = req.get("cookie");
    const deviceId = deviceIdIn(cookies);
    const url = requestUrl(req);
    if (!cartId || !deviceId || !url) return next();
    try {
      const { db } = await database();
      const cart = await getOwnCart(db, cartId, deviceId);
      if (!cart) return next();
      // The template offers the checkout: a shop that cannot take payments is rendered live, saying so.
      if (!(await isReceivingAt({ db, config: env().payments }, cart.propertyId))) return next();
      const locale = templateLocale(req);
      const page = await pages.get(locale, async () => {
        const { html, ...rendered } = await options.renderTemplate(
          req,
          res,
          new URL(`/payment/${templateCartId}`, url),
        );
        return { ...rendered, template: parseSummaryTemplate(options.slots, html, templateCartId) };
      });
      // As React Router's handler answers a page that depends on the device (react-router-handler.ts).
      res.status(page.status).type(page.contentType).setHeader("Cache-Control", "private, no-store");
      res.vary("Cookie");
      res.send(fillSummaryTemplate(page.template, locale, summaryForGuest(locale, cart), res.locals.nonce));
    } catch (err) {
      next(err);
    }
  };
}
