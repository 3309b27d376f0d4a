import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database-handle.server";
import { propertyProducts } from "~/platform/db/schema";
import { AppError } from "../errors";
import { type Movement, recordMovements } from "./record-movement.server";
import { raiseStockAlerts } from "./stock-alerts.server";

// An order holds units of a property's stock from the moment it is made until it is paid (the units are
// then sold) or given up (they are let go). Held units are `reserved_quantity`: guests can buy
// current − reserved. Rows are always taken in product order, so concurrent orders never deadlock.

export type StockLine = { productId: string; name: string; quantity: number };
export type HeldLine = { productId: string; quantity: number; reserved: number };

/**
 * The parts of a statement (`with` queries) that hold an order's units, after a `lines` part with the
 * columns product_id and quantity. Only counted stock is locked (uncounted stock holds nothing, so orders of
 * it at once never wait on each other), in product order and only once `after` holds: the caller's earlier
 * locks come first. Each line is held by a guarded update, with the stock as the lock found it; one the stock
 * cannot cover holds nothing, and `refuseUncoveredStock` refuses the order (the caller's transaction rolls back).
 * `stock_outcome` tells, per line: whether its stock row was there, counted, held, and the units left.
 */
export function holdStockStatement(propertyId: string, after: SQL): SQL {
  const ofLines = sql`property_id = ${propertyId}::uuid and product_id in (select product_id from lines)`;
  return sql`stock_seen as (select product_id from ${propertyProducts} where ${ofLines}),
    stock_locked as (
      select product_id, current_quantity - reserved_quantity as free from ${propertyProducts}
      where ${ofLines} and current_quantity is not null and ${after}
      order by product_id for update),
    stock_held as (
      update ${propertyProducts} pp set reserved_quantity = pp.reserved_quantity + l.quantity
      from stock_locked k join lines l on l.product_id = k.product_id
      where pp.property_id = ${propertyId}::uuid and pp.product_id = k.product_id and k.free >= l.quantity
      returning pp.product_id),
    stock_outcome as (
      select l.product_id, s.product_id is not null as present, k.product_id is not null as counted,
        h.product_id is not null as held, greatest(coalesce(k.free, 0), 0)::int as left_units
      from lines l
      left join stock_seen s on s.product_id = l.product_id
      left join stock_locked k on k.product_id = l.product_id
      left join stock_held h on h.product_id = l.product_id)`;
}

/** One line of `stock_outcome`. */
export type StockOutcome = {
  product_id: string;
  present: boolean;
  counted: boolean;
  held: boolean;
  left_units: number;
};

/**
 * Refuses the order, from `stock_outcome`, at the first line (in product order) the stock could not cover,
 * with what is left of it; uncounted stock covers any line.
 */
export function refuseUncoveredStock(lines: StockLine[], outcome: StockOutcome[]): void {
  const of = new Map(outcome.map((o) => [o.product_id, o]));
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    const found = of.get(line.productId);
    if (found?.present && !found.counted) continue;
    if (!found?.held) throw new AppError("insufficient_stock", notEnough(line.name, found?.left_units ?? 0));
  }
}

function notEnough(name: string, left: number): string {
  if (left <= 0) return `${name} esgotou enquanto você comprava.`;
  return `Só ${left === 1 ? "resta 1 unidade" : `restam ${left} unidades`} de ${name}. Ajuste a quantidade no carrinho.`;
}

/** Lets go of what an unpaid order held. */
export async function releaseStock(tx: Tx, propertyId: string, lines: HeldLine[]): Promise<void> {
  for (const line of sorted(lines)) {
    if (line.reserved === 0) continue;
    await tx
      .update(propertyProducts)
      .set({ reservedQuantity: sql`${propertyProducts.reservedQuantity} - ${line.reserved}::int` })
      .where(
        and(eq(propertyProducts.propertyId, propertyId), eq(propertyProducts.productId, line.productId)),
      );
  }
}

/**
 * A paid order's units leave the stock: the current quantity goes down (never below zero, should the host
 * have counted fewer meanwhile), what was held is let go, each change is a `sale` in the stock ledger, and
 * a product that fell to its alert level gets an alert.
 * Returns each product's average cost as read under the row lock (null: unknown), for the sale to keep;
 * a product taken out of the property meanwhile is absent.
 */
export async function sellHeldStock(
  tx: Tx,
  order: { id: string; organizationId: string; propertyId: string },
  lines: HeldLine[],
): Promise<Map<string, number | null>> {
  const ids = lines.map((l) => l.productId);
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      productId: propertyProducts.productId,
      current: propertyProducts.currentQuantity,
      averageCostCents: propertyProducts.averageCostCents,
    })
    .from(propertyProducts)
    .where(and(eq(propertyProducts.propertyId, order.propertyId), inArray(propertyProducts.productId, ids)))
    .orderBy(asc(propertyProducts.productId))
    .for("update");
  const before = new Map(rows.map((r) => [r.productId, r.current]));
  const movements: Movement[] = [];
  for (const line of sorted(lines)) {
    if (!before.has(line.productId)) continue; // the host took it out of the property meanwhile
    const current = before.get(line.productId) ?? null;
    const next = current === null ? null : Math.max(current - line.quantity, 0);
    await tx
      .update(propertyProducts)
      .set({
        currentQuantity: next,
        reservedQuantity: sql`${propertyProducts.reservedQuantity} - ${line.reserved}::int`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(propertyProducts.propertyId, order.propertyId),
          eq(propertyProducts.productId, line.productId),
        ),
      );
    if (current !== next) {
      movements.push({
        propertyId: order.propertyId,
        productId: line.productId,
        oldQuantity: current,
        newQuantity: next,
        reason: "sale",
        reference: `order:${order.id}`,
      });
    }
  }
  await recordMovements(tx, { organizationId: order.organizationId, userId: null }, movements);
  await raiseStockAlerts(tx, order.organizationId, movements);
  return new Map(rows.map((r) => [r.productId, r.averageCostCents]));
}

function sorted(lines: HeldLine[]): HeldLine[] {
  return [...lines].sort((a, b) => a.productId.localeCompare(b.productId));
}
