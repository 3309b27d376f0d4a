import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database-handle.server";
import { propertyProducts } from "~/platform/db/schema";
import { averageAfterIncoming } from "./average-cost.server";
import { type Movement, type Mover, recordMovements } from "./record-movement.server";

/** Units coming (back) into a property's stock, at what each cost the host (null: not known). */
export type ReturnedLine = {
  propertyId: string;
  productId: string;
  quantity: number;
  unitCostCents: number | null;
};

/** Why they come in, as the stock ledger keeps it: a refunded order ('order:{id}') or a delivered run. */
export type ReturnCause =
  | { reason: "sale_reversal"; reference: `order:${string}` }
  | { reason: "restock"; reference: `replacement:${string}` };

/**
 * Adds each line's units to its property's current quantity, each change a movement with its cause, in
 * the caller's transaction, and folds their cost into the weighted average cost. Uncounted stock (null)
 * stays uncounted (its average still takes the cost) and leaves no movement; a product taken out of the
 * property meanwhile gets nothing. Rows are taken in product order, as every stock write
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
    // One update: the row is locked while it adds, so the quantity it returns is exactly old + units
    // (null + units stays null) and the average is computed from the same old values.
    const [row] = await tx
      .update(propertyProducts)
      .set({
        currentQuantity: sql`${propertyProducts.currentQuantity} + ${line.quantity}::int`,
        averageCostCents: averageAfterIncoming(line.quantity, line.unitCostCents),
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(propertyProducts.propertyId, line.propertyId), eq(propertyProducts.productId, line.productId)),
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
