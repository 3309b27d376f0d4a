import type { RequestHandler } from "express";
import { changeGuestCart } from "~/routes/shop/cart-changes.server";
import { clientIp } from "./client-ip";
import { fetchRequest, requestUrl } from "./fetch-request";
import { refuse } from "./refuse";
import { REQUEST_LINE_TEXT } from "./request-line";

export const CART_API_PATH = "/api/cart";

/**
 * POST /api/cart: the guest script's cart changes (the same form fields as the pages' forms), answered
 * with JSON: the cart as the server now holds it, or the refusal to show. Served here, before React
 * Router: it is no page, and matching React Router's routes cost a guest's add more than the add's own
 * statement (ADR 0041). The body was read, limited and checked as a form by `requestBody`.
 */
export function cartApi(options: { trustedIpHeader: string | undefined }): RequestHandler {
  return async (req, res, next) => {
    if (req.path !== CART_API_PATH) return next();
    if (req.method !== "POST") return refuse(res.set("Allow", "POST"), 405, REQUEST_LINE_TEXT.method);
    const url = requestUrl(req);
    if (!url) return refuse(res, 400, REQUEST_LINE_TEXT.address);
    try {
      const request = fetchRequest(req, url);
      const { result, status, setCookie } = await changeGuestCart(
        request,
        await request.formData(),
        clientIp(req, options.trustedIpHeader),
      );
      if (setCookie) res.setHeader("Set-Cookie", setCookie);
      // The device's cart: never kept by a shared cache.
      res.status(status).setHeader("Cache-Control", "private, no-store");
      res.vary("Cookie").type("json").end(JSON.stringify(result));
    } catch (err) {
      next(err);
    }
  };
}
