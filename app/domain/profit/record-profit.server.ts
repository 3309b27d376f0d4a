import { and, type Column, eq, getTableColumns, getTableName, inArray, sql } from "drizzle-orm";
import { saoPauloDay } from "~/lib/dates";
import type { Tx } from "~/platform/db/database-handle.server";
import {
  orderItems,
  orders,
  profitDaily,
  profitProductDaily,
  refunds,
  walletMovements,
} from "~/platform/db/schema";
import { SALE_PARTS } from "../ledger/sale-money.server";
import type { Queryable } from "../properties/types";
import { figuresOfMovement, figuresOfOrder, type MovedStock, type OrderFigures } from "./profit-figures";

// The hooks that keep the profit summary, each one call in the transaction of what it counts. Every write
// is `x = x + excluded.x`, so concurrent sales never read-then-write; rows are taken daily row first, then
// products in id order, after the stock and wallet rows the caller already holds: no deadlock.

/** What profit reads of a sale's line: the recomputation reads the same. */
export const SALE_LINE = {
  productId: orderItems.productId,
  quantity: orderItems.quantity,
  unitPriceCents: orderItems.unitPriceCents,
  unitCostCents: orderItems.unitCostCents,
};

/** A paid order adds its sale on its day of payment. Call after recordSale, in the same transaction. */
export async function recordSaleProfit(tx: Tx, orderId: string): Promise<void> {
  const order = await orderFigures(tx, orderId);
  if (!order?.paidAt) return;
  const f = order.figures;
  await addToDay(tx, order, saoPauloDay(order.paidAt), 1, {
    grossCents: f.grossCents,
    providerFeeCents: f.providerFeeCents,
    platformFeeCents: f.platformFeeCents,
    orders: 1,
  });
}

/**
 * A full refund takes its sale away on the day OF THE REFUND (past days stay as they were reported): the
 * gross counts as refunded, the fees the ledger gave back come off, and so does the sale's cost of goods,
 * since the units return to stock at that cost (refundOrder). Call after the reversal is posted.
 */
export async function recordRefundProfit(tx: Tx, orderId: string): Promise<void> {
  const order = await orderFigures(tx, orderId);
  const [refund] = await tx
    .select({ createdAt: refunds.createdAt })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  if (!order || !refund) return;
  const f = order.figures;
  await addToDay(tx, order, saoPauloDay(refund.createdAt), -1, {
    refundedCents: f.grossCents,
    providerFeeCents: -f.providerFeeCents,
    platformFeeCents: -f.platformFeeCents,
    refundedOrders: 1,
  });
}

/** Stock movements just recorded: losses and counted gains add to their day (others add nothing). */
export async function recordStockProfit(
  tx: Queryable,
  organizationId: string,
  moved: (MovedStock & { propertyId: string; createdAt: Date })[],
): Promise<void> {
  const byDay = new Map<
    string,
    { propertyId: string; day: string; lossCents: number; lossUnitsUncosted: number; gainCents: number }
  >();
  for (const m of moved) {
    const f = figuresOfMovement(m);
    if (f.lossCents === 0 && f.lossUnitsUncosted === 0 && f.gainCents === 0) continue;
    const day = saoPauloDay(m.createdAt);
    const key = `${m.propertyId}|${day}`;
    const row = byDay.get(key) ?? {
      propertyId: m.propertyId,
      day,
      lossCents: 0,
      lossUnitsUncosted: 0,
      gainCents: 0,
    };
    row.lossCents += f.lossCents;
    row.lossUnitsUncosted += f.lossUnitsUncosted;
    row.gainCents += f.gainCents;
    byDay.set(key, row);
  }
  const rows = [...byDay.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.propertyId.localeCompare(b.propertyId),
  );
  if (rows.length === 0) return;
  await tx
    .insert(profitDaily)
    .values(rows.map((r) => ({ organizationId, ...r })))
    .onConflictDoUpdate({
      target: [profitDaily.organizationId, profitDaily.day, profitDaily.propertyId],
      set: increments(profitDaily, ["lossCents", "lossUnitsUncosted", "gainCents"]),
    });
}

type OrderRef = { organizationId: string; propertyId: string; figures: OrderFigures };

/** The order's figures from its lines and the sale's postings (never from the refund's postings). */
async function orderFigures(tx: Tx, orderId: string): Promise<(OrderRef & { paidAt: Date | null }) | null> {
  const [order] = await tx
    .select({ organizationId: orders.organizationId, propertyId: orders.propertyId, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await tx.select(SALE_LINE).from(orderItems).where(eq(orderItems.orderId, orderId));
  const ledger = await tx
    .select({ kind: walletMovements.kind, amountCents: walletMovements.amountCents })
    .from(walletMovements)
    .where(and(eq(walletMovements.orderId, orderId), inArray(walletMovements.kind, [...SALE_PARTS])));
  return { ...order, figures: figuresOfOrder(ledger, lines) };
}

/** Adds the order's money to its day, and its cost and units (times `sign`) to the day and its products. */
async function addToDay(
  tx: Tx,
  order: OrderRef,
  day: string,
  sign: 1 | -1,
  money: Partial<
    Record<
      "grossCents" | "providerFeeCents" | "platformFeeCents" | "refundedCents" | "orders" | "refundedOrders",
      number
    >
  >,
) {
  const f = order.figures;
  const key = { organizationId: order.organizationId, propertyId: order.propertyId, day };
  const daily = {
    ...money,
    cogsCents: sign * f.cogsCents,
    uncostedUnits: sign * f.uncostedUnits,
    uncostedGrossCents: sign * f.uncostedGrossCents,
  };
  await tx
    .insert(profitDaily)
    .values({ ...key, ...daily })
    .onConflictDoUpdate({
      target: [profitDaily.organizationId, profitDaily.day, profitDaily.propertyId],
      set: increments(profitDaily, Object.keys(daily) as (keyof typeof daily)[]),
    });
  if (f.products.length === 0) return;
  await tx
    .insert(profitProductDaily)
    .values(
      f.products.map((p) => ({
        ...key,
        productId: p.productId,
        units: sign * p.units,
        grossCents: sign * p.grossCents,
        cogsCents: sign * p.cogsCents,
        uncostedUnits: sign * p.uncostedUnits,
      })),
    )
    .onConflictDoUpdate({
      target: [
        profitProductDaily.organizationId,
        profitProductDaily.day,
        profitProductDaily.propertyId,
        profitProductDaily.productId,
      ],
      set: increments(profitProductDaily, ["units", "grossCents", "cogsCents", "uncostedUnits"]),
    });
}

/** `column = column + excluded.column` for each named column: an increment, never a read-then-write. */
function increments(table: typeof profitDaily | typeof profitProductDaily, keys: readonly string[]) {
  const columns: Record<string, Column> = getTableColumns(table);
  const name = sql.identifier(getTableName(table));
  return Object.fromEntries(
    keys.map((key) => {
      const column = sql.identifier(columns[key]?.name ?? key);
      return [key, sql`${name}.${column} + excluded.${column}`];
    }),
  );
}
