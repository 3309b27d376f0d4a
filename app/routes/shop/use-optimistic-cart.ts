import { useFetchers } from "react-router";

export type CartView = {
  id: string | null;
  lines: { productId: string; quantity: number; unitPriceCents: number }[];
  totalCents: number;
};

export type OptimisticCart = {
  quantityOf(productId: string): number;
  count: number;
  totalCents: number;
};

/**
 * The cart as the guest should see it right now: the server's cart plus the changes still in flight.
 * When the server refuses one, its fetcher settles and the loader's fresh cart takes over: the rollback.
 */
export function useOptimisticCart(cart: CartView, prices: Map<string, number>): OptimisticCart {
  const fetchers = useFetchers();
  const quantities = new Map(cart.lines.map((l) => [l.productId, l.quantity]));
  const unit = new Map(cart.lines.map((l) => [l.productId, l.unitPriceCents]));
  let totalCents = cart.totalCents;
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    if (!fetcher.key.startsWith("cart:") || !form) continue;
    const productId = String(form.get("productId"));
    const delta = form.get("intent") === "dec" ? -1 : 1;
    const before = quantities.get(productId) ?? 0;
    const after = Math.max(0, before + delta);
    quantities.set(productId, after);
    totalCents += (after - before) * (unit.get(productId) ?? prices.get(productId) ?? 0);
  }
  let count = 0;
  for (const q of quantities.values()) count += q;
  return { quantityOf: (id) => quantities.get(id) ?? 0, count, totalCents };
}
