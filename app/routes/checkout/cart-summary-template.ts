import type { CartSummary } from "~/domain/carts/cart-summary.server";
import { guestName } from "~/lib/guest-name";
import type { GuestLocale } from "~/lib/i18n/locale";
import { type CartSlots, slotValue } from "../shop/cart-slots";

/**
 * The cart summary page is the same for every cart in one language except for the cart: rendered once per
 * language as a template (its cart's spots marked, two lines: one of each kind), then filled for each
 * guest outside React (server/guest-templates/). As on the shop's (ADR 0036), the marks are written by the
 * components that render the live page, and a unit test requires the filled template to be the live page.
 */

type SummaryLine = Omit<CartSummary["lines"][number], "nameEn" | "nameEs">;

/** The cart as its summary shows it: names in the guest's language (the order keeps the pt-BR ones). */
export type GuestSummary = Omit<CartSummary, "lines"> & { lines: SummaryLine[] };

export function summaryForGuest(locale: GuestLocale, cart: CartSummary): GuestSummary {
  const lines = cart.lines.map(({ nameEn, nameEs, ...line }) => ({
    ...line,
    name: guestName(locale, { name: line.name, nameEn, nameEs }),
  }));
  return { ...cart, lines };
}

/**
 * The cart a template is rendered with: its own id (the address it is rendered at; see
 * parseSummaryTemplate), its texts marked, and one line of each kind (with and without the 18+ mark).
 */
export function templateSummary(slots: CartSlots, cartId: string): GuestSummary {
  const line = (adultsOnly: boolean): SummaryLine => ({
    productId: String(slotValue(slots, { kind: "lineProduct" }, "")),
    name: String(slotValue(slots, { kind: "lineName" }, "")),
    imageThumb: null,
    quantity: 0,
    unitPriceCents: 0,
    stock: null,
    adultsOnly,
  });
  return {
    id: cartId,
    propertyId: "",
    propertyHash: String(slotValue(slots, { kind: "hash" }, "")),
    totalCents: 0,
    lines: [line(false), line(true)],
  };
}
