import { cartLineText, guestCart } from "~/lib/guest-cart";
import { formatCentsIn } from "~/lib/i18n/format";
import type { GuestLocale } from "~/lib/i18n/locale";
import type { GuestSummary } from "~/routes/checkout/cart-summary-template";
import { type CartSlots, cardCartState, type Slot, slotValue } from "~/routes/shop/cart-slots";
import { type CartTemplate, escapeHtml, fillParts, flag, parseCartTemplate } from "./fill";

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
