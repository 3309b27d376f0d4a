import type { CartSummary } from "~/domain/carts/cart-summary.server";
import { cartLineText, guestCart } from "~/lib/guest-cart";
import { guestName } from "~/lib/guest-name";
import { formatCentsIn } from "~/lib/i18n/format";
import type { GuestLocale } from "~/lib/i18n/locale";
import {
  type CartSlots,
  type CartTemplate,
  cardCartState,
  escapeHtml,
  fillParts,
  flag,
  parseCartTemplate,
  type Slot,
  slotValue,
} from "../shop/cart-slots";

/**
 * The cart summary page is the same for every cart in one language except for the cart: rendered once per
 * language as a template (its cart's spots marked, two lines: one of each kind), then filled for each
 * guest (server/cart-summary-page.ts). As on the shop's (ADR 0036), the marks are written by the
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

export type SummaryTemplate = {
  /** The page, with one `list` mark where the list goes (nothing for an empty cart). */
  page: CartTemplate;
  listOpen: CartTemplate;
  listClose: CartTemplate;
  line: CartTemplate;
  adultsOnlyLine: CartTemplate;
};

/**
 * Splits a template rendered at `/payment/{templateCartId}` (every spot of that id becomes the cart's):
 * the page around the list, the list's own tags, and its two lines.
 */
export function parseSummaryTemplate(
  slots: CartSlots,
  html: string,
  templateCartId: string,
): SummaryTemplate {
  const cartIdMark = String(slotValue(slots, { kind: "cartId" }, ""));
  const parts = parseCartTemplate(slots, html.replaceAll(templateCartId, cartIdMark));
  const at = (kind: Slot["kind"], from = 0) => {
    const i = parts.findIndex((part, k) => k >= from && typeof part !== "string" && part.kind === kind);
    if (i < 0) throw new Error(`the cart summary's template has no ${kind} mark`);
    return i;
  };
  const list = at("list");
  const first = at("line", list);
  const firstEnd = at("lineEnd", first);
  const second = at("line", firstEnd);
  const secondEnd = at("lineEnd", second);
  const listEnd = at("listEnd", secondEnd);
  return {
    page: [...parts.slice(0, list), { kind: "list" }, ...parts.slice(listEnd + 1)],
    listOpen: parts.slice(list + 1, first),
    line: parts.slice(first + 1, firstEnd),
    adultsOnlyLine: parts.slice(second + 1, secondEnd),
    listClose: parts.slice(secondEnd + 1, listEnd),
  };
}

/** The summary page of this cart, with this request's nonce. */
export function fillSummaryTemplate(
  template: SummaryTemplate,
  locale: GuestLocale,
  cart: GuestSummary,
  nonce: string,
): string {
  const list = () => {
    if (cart.lines.length === 0) return "";
    let html = fillParts(template.listOpen, pageValue);
    for (const line of cart.lines) {
      const lineValue = (slot: Slot): string => {
        switch (slot.kind) {
          case "lineProduct":
            return escapeHtml(line.productId);
          case "lineName":
            return escapeHtml(line.name);
          case "linePrice":
            return String(line.unitPriceCents);
          case "lineStock":
            return String(line.stock ?? "");
          case "lineText":
            return escapeHtml(cartLineText(locale, line.quantity, line.unitPriceCents));
          case "quantity":
            return String(line.quantity);
          case "plusDisabled":
            return flag("disabled", cardCartState(line.quantity, line.stock).plusDisabled);
          default:
            return pageValue(slot);
        }
      };
      html += fillParts(line.adultsOnly ? template.adultsOnlyLine : template.line, lineValue);
    }
    return html + fillParts(template.listClose, pageValue);
  };
  const pageValue = (slot: Slot): string => {
    switch (slot.kind) {
      case "nonce":
        return nonce;
      case "cartId":
        return escapeHtml(cart.id);
      case "cartJson":
        return escapeHtml(JSON.stringify(guestCart(cart)));
      case "hash":
        return escapeHtml(cart.propertyHash);
      case "emptyHidden":
        return flag("hidden", cart.lines.length > 0);
      case "total":
        return escapeHtml(formatCentsIn(locale, cart.totalCents));
      case "list":
        return list();
      default:
        throw new Error(`the cart summary has no ${slot.kind} spot outside its lines`);
    }
  };
  return fillParts(template.page, pageValue);
}
