import type { GuestCart } from "~/lib/guest-cart";
import type { GuestLocale } from "~/lib/i18n/locale";
import { cardCartState, cartBarState } from "~/routes/shop/cart-slots";
import { type CartTemplate, escapeHtml, fillParts, flag } from "./fill";

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
