import { createContext } from "react-router";
import { cartBarText, type GuestCart } from "~/lib/guest-cart";
import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";

/**
 * The shop page for a guest with a cart is the same page for every guest of the property except for the
 * cart's state: rendered once per catalogue (a template whose cart-dependent spots are marked), then
 * filled per request (server/shop-page-cache.ts). The marks are written by the same components that
 * render the live page, and the values come from the rules below, which the live page uses too; a unit
 * test requires the filled template to equal the live render for the same cart, byte for byte.
 */

/** What the page shows of one product in the cart. */
export function cardCartState(quantity: number, stock: number | null) {
  return {
    addHidden: quantity > 0,
    stepperHidden: quantity === 0,
    plusDisabled: stock !== null && quantity >= stock,
  };
}

/** The 'Continuar' bar. */
export function cartBarState(locale: GuestLocale, cart: GuestCart | null) {
  const count = cart?.lines.reduce((sum, l) => sum + l.quantity, 0) ?? 0;
  return {
    hidden: count === 0,
    href: cart ? `/payment/${cart.id}` : "#",
    text: cartBarText(locale, guestMessages(locale).shop.cartItems, count, cart?.totalCents ?? 0),
  };
}

/**
 * A template's marks carry a random token (base64url, made by the server) between control characters:
 * no text of a host can hold one by chance.
 */
export type CartSlots = { token: string };

/** Set by the server when it renders a shop's template: the loader then reads no cart and marks it. */
export const cartTemplateContext = createContext<CartSlots | null>(null);

const MARK = "\u0001";

// The cart summary's template (routes/checkout/cart-summary-template.ts) marks its own spots; inside one of
// its lines, the stepper's `quantity` and `plusDisabled` are that line's (their product id is empty).
export type Slot =
  | { kind: "nonce" }
  | { kind: "cartId" }
  | { kind: "cartJson" }
  | { kind: "barHidden" }
  | { kind: "barHref" }
  | { kind: "barText" }
  | { kind: "addHidden" | "stepperHidden" | "quantity"; productId: string }
  | { kind: "plusDisabled"; productId: string; stock: number | null }
  | { kind: "hash" | "emptyHidden" | "total" | "list" | "listEnd" | "line" | "lineEnd" }
  | { kind: "lineProduct" | "linePrice" | "lineStock" | "lineName" | "lineText" };

// Only characters React writes unchanged in text and attributes: kind, product id, stock.
function mark(slots: CartSlots, slot: Slot): string {
  const productId = "productId" in slot ? slot.productId : "";
  const stock = "stock" in slot && slot.stock !== null ? slot.stock : "";
  return `${MARK}${slots.token}.${slot.kind}.${productId}.${stock}${MARK}`;
}

function unmark(text: string): Slot {
  const [kind, productId = "", stock = ""] = text.split(".");
  if (kind === "addHidden" || kind === "stepperHidden" || kind === "quantity") return { kind, productId };
  if (kind === "plusDisabled") return { kind, productId, stock: stock === "" ? null : Number(stock) };
  return { kind } as Slot;
}

/** A template's mark, for a spot the live page leaves empty (where a list or line starts and ends). */
export function slotMark(slots: CartSlots | null, slot: Slot): string | null {
  return slots ? mark(slots, slot) : null;
}

/** A text or attribute value: the live one, or its mark in a template. */
export function slotValue<T extends string | number>(
  slots: CartSlots | null,
  slot: Slot,
  live: T,
): T | string {
  return slots ? mark(slots, slot) : live;
}

/**
 * A boolean attribute (`hidden`, `disabled`) at its place among the element's props: the live one, or a
 * `data-cart-slot` mark that filling turns into the attribute or nothing.
 */
export function slotFlag<A extends "hidden" | "disabled">(
  slots: CartSlots | null,
  attribute: A,
  slot: Slot,
  live: boolean,
): { [K in A]?: boolean } | { "data-cart-slot": string } {
  return slots ? { "data-cart-slot": mark(slots, slot) } : ({ [attribute]: live } as { [K in A]?: boolean });
}

/** The nonce's mark: put in place of the render's own nonce, so each request gets its own. */
export function nonceMark(slots: CartSlots): string {
  return mark(slots, { kind: "nonce" });
}

export type CartTemplate = (string | Slot)[];

/** Splits a rendered template at its marks, once per render. */
export function parseCartTemplate(slots: CartSlots, html: string): CartTemplate {
  const parts: CartTemplate = [];
  const slot = `${MARK}${slots.token}\\.([^${MARK}]*)${MARK}`;
  const marks = new RegExp(` data-cart-slot="${slot}"|${slot}`, "g");
  let last = 0;
  for (const m of html.matchAll(marks)) {
    parts.push(html.slice(last, m.index));
    parts.push(unmark(m[1] ?? m[2] ?? ""));
    last = m.index + m[0].length;
  }
  parts.push(html.slice(last));
  return parts;
}

/** The page for this cart (null: no cart yet) and this request's nonce. */
export function fillCartTemplate(
  template: CartTemplate,
  locale: GuestLocale,
  cart: GuestCart | null,
  nonce: string,
): string {
  const quantities = new Map(cart?.lines.map((l) => [l.productId, l.quantity]));
  const bar = cartBarState(locale, cart);
  return fillParts(template, (slot) => {
    switch (slot.kind) {
      case "nonce":
        return nonce;
      case "cartId":
        return escapeHtml(cart?.id ?? "");
      case "cartJson":
        return escapeHtml(JSON.stringify(cart));
      case "barHidden":
        return flag("hidden", bar.hidden);
      case "barHref":
        return escapeHtml(bar.href);
      case "barText":
        return escapeHtml(bar.text);
      case "quantity":
        return String(quantities.get(slot.productId) ?? 0);
      case "addHidden":
      case "stepperHidden":
        return flag("hidden", cardCartState(quantities.get(slot.productId) ?? 0, null)[slot.kind]);
      case "plusDisabled":
        return flag("disabled", cardCartState(quantities.get(slot.productId) ?? 0, slot.stock).plusDisabled);
      default:
        throw new Error(`the shop page has no ${slot.kind} spot`);
    }
  });
}

/** A template's parts joined, each mark replaced with its value. */
export function fillParts(parts: CartTemplate, value: (slot: Slot) => string): string {
  let html = "";
  for (const part of parts) html += typeof part === "string" ? part : value(part);
  return html;
}

/** A boolean attribute as React writes it, in place of its `data-cart-slot` mark. */
export function flag(attribute: "hidden" | "disabled", on: boolean): string {
  return on ? ` ${attribute}=""` : "";
}

const ESCAPES: Record<string, string> = {
  '"': "&quot;",
  "&": "&amp;",
  "'": "&#x27;",
  "<": "&lt;",
  ">": "&gt;",
};

/** As React escapes text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (c) => ESCAPES[c] ?? c);
}
