import { and, eq } from "drizzle-orm";
import { isOrderStatus, NEXT_STATUSES, type OrderStatus } from "~/lib/order-status";
import type { Tx } from "~/platform/db/database-handle.server";
import { orderItems, orderStatusChanges, orders } from "~/platform/db/schema";
import { moveInSalesSummary } from "../ledger/sales-summary.server";
import { type HeldLine, releaseStock } from "../stock/order-stock.server";

export type OrderRef = { id: string; organizationId: string; propertyId: string };

/**
 * Moves an order to `to` if its status allows it (forward only) and writes the history row. The order row
 * is locked first, so two callers can never both make the same move. False when the order is not in a
 * status that leads to `to` (someone else moved it first).
 */
export async function moveOrder(
  tx: Tx,
  order: OrderRef,
  to: OrderStatus,
  reason: string,
  now: Date,
  extra: Partial<typeof orders.$inferInsert> = {},
): Promise<boolean> {
  const [row] = await tx
    .select({ status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.id, order.id))
    .for("update");
  if (!row || !isOrderStatus(row.status) || !NEXT_STATUSES[row.status].includes(to)) return false;
  await tx
    .update(orders)
    .set({ ...extra, status: to, updatedAt: now })
    .where(eq(orders.id, order.id));
  await tx.insert(orderStatusChanges).values({
    organizationId: order.organizationId,
    orderId: order.id,
    fromStatus: row.status,
    toStatus: to,
    reason,
  });
  // Before any stock or wallet row the caller takes next: the lock order of sales-summary.server.ts.
  await moveInSalesSummary(tx, { ...order, createdAt: row.createdAt }, row.status, to);
  return true;
}

/** Gives an unpaid order up (cancelled or failed) and lets go of the stock it held, once. */
export async function closeOrder(
  tx: Tx,
  order: OrderRef,
  to: "cancelled" | "failed",
  reason: string,
  now: Date,
): Promise<boolean> {
  if (!(await moveOrder(tx, order, to, reason, now, { closedAt: now }))) return false;
  await releaseStock(tx, order.propertyId, await heldLinesOf(tx, order.id));
  return true;
}

/**
 * An order's lines as the stock sees them: the product, the units bought, the units it still holds, and
 * the average cost kept when it was sold (null: unknown, or not sold yet).
 */
export async function heldLinesOf(
  tx: Tx,
  orderId: string,
): Promise<(HeldLine & { unitCostCents: number | null })[]> {
  return tx
    .select({
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      reserved: orderItems.reservedQuantity,
      unitCostCents: orderItems.unitCostCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/**
 * Keeps on each sold line the average cost its product had in the property at the sale, so a later
 * delivery at another cost never rewrites past profit. A product missing from `costs` stays unknown.
 */
export async function recordSaleCosts(
  tx: Tx,
  orderId: string,
  costs: ReadonlyMap<string, number | null>,
): Promise<void> {
  for (const [productId, unitCostCents] of costs) {
    if (unitCostCents === null) continue;
    await tx
      .update(orderItems)
      .set({ unitCostCents })
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, productId)));
  }
}
