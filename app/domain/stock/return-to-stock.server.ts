import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database-handle.server";
import { propertyProducts } from "~/platform/db/schema";
import { type Movement, type Mover, recordMovements } from "./record-movement.server";

/** Units coming (back) into a property's stock. */
export type ReturnedLine = { propertyId: string; productId: string; quantity: number };

/** Why they come in, as the stock ledger keeps it: a refunded order ('order:{id}') or a delivered run. */
export type ReturnCause =
  | { reason: "sale_reversal"; reference: `order:${string}` }
  | { reason: "restock"; reference: `replacement:${string}` };

/**
 * Adds each line's units to its property's current quantity, each change a movement with its cause, in
 * the caller's transaction. Uncounted stock (null) stays uncounted and a product taken out of the property
 * meanwhile gets nothing: neither leaves a movement. Rows are taken in product order, as every stock write
 * takes them, so concurrent writers never deadlock.
 */
export async function returnToStock(
  tx: Tx,
  mover: Mover,
  cause: ReturnCause,
  lines: ReturnedLine[],
): Promise<void> {
  const movements: Movement[] = [];
  const sorted = [...lines].sort(
    (a, b) => a.productId.localeCompare(b.productId) || a.propertyId.localeCompare(b.propertyId),
  );
  for (const line of sorted) {
    if (line.quantity === 0) continue;
    // One guarded update: the row is locked while it adds, so the quantity it returns is exactly old + units.
    const [row] = await tx
      .update(propertyProducts)
      .set({
        currentQuantity: sql`${propertyProducts.currentQuantity} + ${line.quantity}::int`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(propertyProducts.propertyId, line.propertyId),
          eq(propertyProducts.productId, line.productId),
          isNotNull(propertyProducts.currentQuantity),
        ),
      )
      .returning({ current: propertyProducts.currentQuantity });
    if (!row || row.current === null) continue;
    movements.push({
      propertyId: line.propertyId,
      productId: line.productId,
      oldQuantity: row.current - line.quantity,
      newQuantity: row.current,
      ...cause,
    });
  }
  await recordMovements(tx, mover, movements);
}
