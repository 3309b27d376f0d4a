import { saleSumsOf } from "../ledger/sale-money.server";

// The arithmetic of the profit summary, shared by the hooks that keep it and the recomputation that checks
// it, and the figures the dashboard derives from its sums.

/** A sold line as its order keeps it. */
export type SoldLine = {
  productId: string;
  quantity: number;
  unitPriceCents: number;
  /** The average cost kept by the sale; null = unknown ('sem custo'). */
  unitCostCents: number | null;
};

/** What one paid order adds to its day (a refund takes the same away on the refund's day). */
export type OrderFigures = {
  grossCents: number;
  providerFeeCents: number;
  platformFeeCents: number;
  cogsCents: number;
  uncostedUnits: number;
  uncostedGrossCents: number;
  products: ProductFigures[];
};

export type ProductFigures = {
  productId: string;
  units: number;
  grossCents: number;
  cogsCents: number;
  uncostedUnits: number;
};

/**
 * An order's figures: gross and fees as the sale's lines in the ledger make them (sale-money.server.ts; a
 * refund's lines are left out, the refund takes the sale's own figures away), cost from the lines whose cost
 * was known; a line of unknown cost is counted apart, never as zero cost.
 */
export function figuresOfOrder(
  ledger: { kind: string; amountCents: number }[],
  lines: SoldLine[],
): OrderFigures {
  const sale = saleSumsOf(ledger.map((m) => ({ kind: m.kind, cents: m.amountCents })));
  const products = [...lines]
    .sort((a, b) => a.productId.localeCompare(b.productId))
    .map((l) => ({
      productId: l.productId,
      units: l.quantity,
      grossCents: l.quantity * l.unitPriceCents,
      cogsCents: l.unitCostCents === null ? 0 : l.quantity * l.unitCostCents,
      uncostedUnits: l.unitCostCents === null ? l.quantity : 0,
    }));
  return {
    grossCents: sale.grossCents,
    providerFeeCents: sale.providerFeeCents,
    platformFeeCents: sale.platformFeeCents,
    cogsCents: products.reduce((t, p) => t + p.cogsCents, 0),
    uncostedUnits: products.reduce((t, p) => t + p.uncostedUnits, 0),
    uncostedGrossCents: products.reduce((t, p) => t + (p.uncostedUnits > 0 ? p.grossCents : 0), 0),
    products,
  };
}

/** A stock movement as the ledger keeps it. */
export type MovedStock = {
  reason: string;
  oldQuantity: number | null;
  newQuantity: number | null;
  unitCostCents: number | null;
};

/**
 * What a movement adds to its day: a loss at the unit's average cost (or its units apart when the cost is
 * unknown), a rise of counted stock (an adjustment up) at its cost. Anything else (sales, refunds,
 * deliveries, turning stock counted or not) adds nothing here: sales and refunds count through their orders.
 */
export function figuresOfMovement(m: MovedStock): {
  lossCents: number;
  lossUnitsUncosted: number;
  gainCents: number;
} {
  const none = { lossCents: 0, lossUnitsUncosted: 0, gainCents: 0 };
  if (m.oldQuantity === null || m.newQuantity === null) return none;
  const change = m.newQuantity - m.oldQuantity;
  if (m.reason === "loss" && change < 0) {
    return m.unitCostCents === null
      ? { ...none, lossUnitsUncosted: -change }
      : { ...none, lossCents: -change * m.unitCostCents };
  }
  if (m.reason === "adjustment" && change > 0 && m.unitCostCents !== null)
    return { ...none, gainCents: change * m.unitCostCents };
  return none;
}

/** The sums one summary row (or many added together) holds. */
export type ProfitSums = {
  grossCents: number;
  providerFeeCents: number;
  platformFeeCents: number;
  refundedCents: number;
  orders: number;
  refundedOrders: number;
  cogsCents: number;
  uncostedUnits: number;
  uncostedGrossCents: number;
  lossCents: number;
  lossUnitsUncosted: number;
  gainCents: number;
};

export const NO_SUMS: ProfitSums = {
  grossCents: 0,
  providerFeeCents: 0,
  platformFeeCents: 0,
  refundedCents: 0,
  orders: 0,
  refundedOrders: 0,
  cogsCents: 0,
  uncostedUnits: 0,
  uncostedGrossCents: 0,
  lossCents: 0,
  lossUnitsUncosted: 0,
  gainCents: 0,
};

export function addSums(a: ProfitSums, b: ProfitSums): ProfitSums {
  const out = { ...a };
  for (const key of Object.keys(NO_SUMS) as (keyof ProfitSums)[]) out[key] = a[key] + b[key];
  return out;
}

/** The dashboard's figures from the sums. */
export type ProfitFigures = ProfitSums & {
  /** Sales less refunds. */
  salesCents: number;
  /** Sales less refunds and fees: what reached the host. */
  netCents: number;
  /** Net less the cost of goods sold and the losses. */
  profitCents: number;
  /**
   * Profit over sales, both without the units of unknown cost (their revenue comes out of both, so they
   * never count as costing zero); null when nothing sold had a known cost.
   */
  margin: number | null;
  averageTicketCents: number | null;
  /** Losses as a share of sales; null without sales. */
  lossShare: number | null;
};

export function figuresOf(s: ProfitSums): ProfitFigures {
  const salesCents = s.grossCents - s.refundedCents;
  const netCents = salesCents - s.providerFeeCents - s.platformFeeCents;
  const profitCents = netCents - s.cogsCents - s.lossCents;
  const costedSales = salesCents - s.uncostedGrossCents;
  return {
    ...s,
    salesCents,
    netCents,
    profitCents,
    margin: costedSales > 0 ? (profitCents - s.uncostedGrossCents) / costedSales : null,
    averageTicketCents: s.orders > 0 ? Math.round(s.grossCents / s.orders) : null,
    lossShare: salesCents > 0 ? s.lossCents / salesCents : null,
  };
}
