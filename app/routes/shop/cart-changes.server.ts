import { data, redirect } from "react-router";
import { addToCart } from "~/domain/carts/add-to-cart.server";
import { changeCartItem } from "~/domain/carts/change-cart-item.server";
import { CART_TEXT } from "~/domain/carts/messages";
import { AppError } from "~/domain/errors";
import { database } from "~/platform/db/database.server";
import { ensureDeviceId } from "./device-cookie.server";

/** A refusal carries the spec's toast (`message`) and, when the domain said more, why (`detail`). */
export type CartChangeResult = { ok: true } | { ok: false; message: string; detail?: string };

const STATUS = { not_found: 404, insufficient_stock: 409, conflict: 429, invalid: 400 } as Record<
  string,
  number
>;

/**
 * The guest's cart changes, shared by the shop and the cart summary: intent `add` (by property hash),
 * `inc` / `dec` (by cart id). Refusals carry the spec's toast; the page re-reads the cart either way.
 */
export async function applyCartChange(request: Request, form: FormData, clientIp: string) {
  const { deviceId, setCookie } = ensureDeviceId(request);
  const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
  const intent = String(form.get("intent"));
  const productId = String(form.get("productId") ?? "");
  const { db } = await database();
  try {
    if (intent === "add") {
      await addToCart(db, { hash: String(form.get("hash") ?? ""), productId, deviceId, ip: clientIp });
    } else {
      const delta = intent === "inc" ? 1 : -1;
      await changeCartItem(db, { cartId: String(form.get("cartId") ?? ""), productId, deviceId, delta });
    }
    // A plain form post (no JavaScript) is a navigation: send the browser back to the page with a GET, so
    // it shows the cart with the device cookie it has just received (post/redirect/get).
    if (request.headers.get("sec-fetch-mode") === "navigate") {
      const url = new URL(request.url);
      return redirect(`${url.pathname}${url.search}`, { status: 303, headers });
    }
    return data<CartChangeResult>({ ok: true }, { headers });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const fallback = intent === "add" ? CART_TEXT.addFailed : CART_TEXT.updateFailed;
    const detail = err.message === fallback ? undefined : err.message;
    return data<CartChangeResult>(
      { ok: false, message: fallback, detail },
      { status: STATUS[err.kind] ?? 400, headers },
    );
  }
}
