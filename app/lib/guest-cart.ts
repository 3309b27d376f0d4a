import { formatCentsIn } from "./i18n/format";
import type { GuestLocale } from "./i18n/locale";
import { type PluralForms, plural } from "./i18n/plural";

/** A guest's cart as pages and the guest script see it. */
export type GuestCart = {
  id: string;
  totalCents: number;
  lines: { productId: string; quantity: number; unitPriceCents: number }[];
};

/** What the browser gets of a cart: no names, no stock; prices only to show the total at once. */
export function guestCart(cart: GuestCart): GuestCart {
  return {
    id: cart.id,
    totalCents: cart.totalCents,
    lines: cart.lines.map(({ productId, quantity, unitPriceCents }) => ({
      productId,
      quantity,
      unitPriceCents,
    })),
  };
}

/**
 * The 'Continuar' bar's count and total, e.g. "2 itens · R$ 8,00"; `items` is the catalogue's
 * `shop.cartItems` in the guest's language (the guest script gets it in a data attribute).
 */
export function cartBarText(
  locale: GuestLocale,
  items: PluralForms,
  count: number,
  totalCents: number,
): string {
  return `${plural(locale, count, items)} · ${formatCentsIn(locale, totalCents)}`;
}

/** A summary line, e.g. "2 x R$ 4,00 = R$ 8,00". */
export function cartLineText(locale: GuestLocale, quantity: number, unitPriceCents: number): string {
  return `${quantity} x ${formatCentsIn(locale, unitPriceCents)} = ${formatCentsIn(locale, quantity * unitPriceCents)}`;
}
