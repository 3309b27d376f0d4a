import { createContext } from "react-router";
import { cartBarText, type GuestCart } from "~/lib/guest-cart";
import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";

/**
 * The shop page for a guest with a cart is the same page for every guest of the property except for the
 * cart's state: rendered once per catalogue (a template whose cart-dependent spots are marked), then
 * filled per request outside React (server/guest-templates/, with the cart summary's). The marks are
 * written by the same components that render the live page, and the values come from the rules below,
 * which the live page uses too; a unit test requires the filled template to equal the live render for the
 * same cart, byte for byte.
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

// The cart summary's template (cart-summary-template.ts) marks its own spots; inside one of
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

/** A mark's slot, from what is between its control characters after the token. */
export function unmark(text: string): Slot {
  const [kind, productId = "", stock = ""] = text.split(".");
  if (kind === "addHidden" || kind === "stepperHidden" || kind === "quantity") return { kind, productId };
  if (kind === "plusDisabled") return { kind, productId, stock: stock === "" ? null : Number(stock) };
  return { kind } as Slot;
}

/**
 * Every mark of a render, as written as a text or a value (group 2) or as a `data-cart-slot` attribute (group
 * 1): what is between the control characters after the token.
 */
export function marksIn(slots: CartSlots): RegExp {
  const slot = `${MARK}${slots.token}\\.([^${MARK}]*)${MARK}`;
  return new RegExp(` data-cart-slot="${slot}"|${slot}`, "g");
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
