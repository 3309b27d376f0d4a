import { formatCents } from "./money";

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

/** The 'Continuar' bar's count and total, e.g. "2 itens · R$ 8,00". */
export function cartBarText(count: number, totalCents: number): string {
  return `${count} ${count === 1 ? "item" : "itens"} · ${formatCents(totalCents)}`;
}

/** A summary line, e.g. "2 x R$ 4,00 = R$ 8,00". */
export function cartLineText(quantity: number, unitPriceCents: number): string {
  return `${quantity} x ${formatCents(unitPriceCents)} = ${formatCents(quantity * unitPriceCents)}`;
}
