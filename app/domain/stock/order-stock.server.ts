import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database-handle.server";
import { propertyProducts } from "~/platform/db/schema";
import { AppError } from "../errors";
import { type Movement, recordMovements } from "./record-movement.server";

// An order holds units of a property's stock from the moment it is made until it is paid (the units are
// then sold) or given up (they are let go). Held units are `reserved_quantity`: guests can buy
// current − reserved. Rows are always taken in product order, so concurrent orders never deadlock.

export type StockLine = { productId: string; name: string; quantity: number };
export type HeldLine = { productId: string; quantity: number; reserved: number };

/**
 * Holds the lines' units in one guarded update each: a line the stock cannot cover refuses the whole
 * order (the caller's transaction rolls back what was held). Uncounted stock (null) holds nothing and
 * takes no lock: orders of it at once do not wait on each other. Returns the units held per product.
 */
export async function holdStock(
  tx: Tx,
  propertyId: string,
  lines: StockLine[],
): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    const row = and(
      eq(propertyProducts.propertyId, propertyId),
      eq(propertyProducts.productId, line.productId),
    );
    const hold = tx.$with("hold").as(
      tx
        .update(propertyProducts)
        .set({ reservedQuantity: sql`${propertyProducts.reservedQuantity} + ${line.quantity}::int` })
        .where(
          and(
            row,
            sql`${propertyProducts.currentQuantity} - ${propertyProducts.reservedQuantity} >= ${line.quantity}`,
          ),
        )
        .returning({ productId: propertyProducts.productId }),
    );
    // One round trip: the hold, and (as the statement found it) whether the stock is counted and what is left.
    const [found] = await tx
      .with(hold)
      .select({
        held: sql<boolean>`exists (select 1 from ${hold})`,
        counted: sql<boolean>`${propertyProducts.currentQuantity} is not null`,
        left: sql<number>`greatest(${propertyProducts.currentQuantity} - ${propertyProducts.reservedQuantity}, 0)::int`,
      })
      .from(propertyProducts)
      .where(row);
    if (found && !found.counted) {
      held.set(line.productId, 0);
      continue;
    }
    if (!found?.held) throw new AppError("insufficient_stock", notEnough(line.name, found?.left ?? 0));
    held.set(line.productId, line.quantity);
  }
  return held;
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
 * have counted fewer meanwhile), what was held is let go, and each change is a `sale` in the stock ledger.
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
  return new Map(rows.map((r) => [r.productId, r.averageCostCents]));
}

function sorted(lines: HeldLine[]): HeldLine[] {
  return [...lines].sort((a, b) => a.productId.localeCompare(b.productId));
}
