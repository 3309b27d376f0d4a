import { data, redirect } from "react-router";
import { addToCart } from "~/domain/carts/add-to-cart.server";
import { changeCartItem } from "~/domain/carts/change-cart-item.server";
import { CART_TEXT } from "~/domain/carts/messages";
import { addToStayCart } from "~/domain/carts/stay-shop.server";
import { refusalOf } from "~/domain/errors";
import type { GuestCart } from "~/lib/guest-cart";
import { translateFromPortuguese } from "~/lib/i18n/messages";
import { requestLocale } from "~/lib/i18n/request-locale";
import { database } from "~/platform/db/database.server";
import { statusOf } from "../refusal.server";
import { ensureDeviceId } from "./device-cookie.server";

/**
 * A refusal carries the spec's toast (`message`) and, when the domain said more, why (`detail`), both in
 * the guest's language (the request's cookie or Accept-Language).
 */
export type CartChangeResult =
  | { ok: true; cart: GuestCart }
  | { ok: false; message: string; detail?: string };

/**
 * One guest cart change: intent `add` (by property hash, or by a stay's link token `stay`), `inc` / `dec` (by
 * cart id), for the device in
 * the request's cookie (created here, with the Set-Cookie to send, on the guest's first add).
 */
export async function changeGuestCart(
  request: Request,
  form: FormData,
  clientIp: string,
): Promise<{ result: CartChangeResult; status: number; setCookie?: string }> {
  const { deviceId, setCookie } = ensureDeviceId(request);
  const intent = String(form.get("intent"));
  const productId = String(form.get("productId") ?? "");
  const fallback = intent === "add" ? CART_TEXT.addFailed : CART_TEXT.updateFailed;
  const locale = requestLocale(request.headers);
  const message = translateFromPortuguese(locale, fallback);
  // Only the three things the page's buttons say; anything else changes nothing.
  if (intent !== "add" && intent !== "inc" && intent !== "dec") {
    return { result: { ok: false, message }, status: 400, setCookie };
  }
  const { db } = await database();
  try {
    const stay = form.get("stay");
    const cart =
      intent === "add"
        ? typeof stay === "string"
          ? // A stay's pre-arrival shop (/e/<token>, ADR 0060): its own cart.
            await addToStayCart(db, { token: stay, productId, deviceId, ip: clientIp })
          : await addToCart(db, { hash: String(form.get("hash") ?? ""), productId, deviceId, ip: clientIp })
        : await changeCartItem(db, {
            cartId: String(form.get("cartId") ?? ""),
            productId,
            deviceId,
            delta: intent === "inc" ? 1 : -1,
          });
    return { result: { ok: true, cart }, status: 200, setCookie };
  } catch (err) {
    const refusal = refusalOf(err);
    const detail =
      refusal.message === fallback ? undefined : translateFromPortuguese(locale, refusal.message);
    return { result: { ok: false, message, detail }, status: statusOf(refusal), setCookie };
  }
}

/**
 * The pages' own form posts, made when JavaScript has not run (with it, the guest script posts to
 * /api/cart). A browser's post is answered with a redirect back to the page, so it shows the cart with
 * the device cookie it has just received (post/redirect/get); a refusal is shown on the page.
 */
export async function applyCartChange(request: Request, form: FormData, clientIp: string) {
  const { result, status, setCookie } = await changeGuestCart(request, form, clientIp);
  const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
  if (result.ok && request.headers.get("sec-fetch-mode") === "navigate") {
    const url = new URL(request.url);
    return redirect(`${url.pathname}${url.search}`, { status: 303, headers });
  }
  return data<CartChangeResult>(result, { status, headers });
}
