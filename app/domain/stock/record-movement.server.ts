import { sql } from "drizzle-orm";
import { stockMovements } from "~/platform/db/schema";
import type { Queryable } from "../properties/types";
import type { LossReason } from "./loss-reasons";
import type { MovementReason } from "./messages";

export type Movement = {
  propertyId: string;
  productId: string;
  oldQuantity: number | null;
  newQuantity: number | null;
  reason: MovementReason;
  reference?: string;
  /** Why units were lost (a `loss`) or why a count found more (an `adjustment` of a count). */
  lossReason?: LossReason;
  /** The unit's average cost when it moved; null or absent = unknown. */
  unitCostCents?: number | null;
};

/** Who moved the stock: a member, or nobody (a guest's paid order; userId null). */
export type Mover = { organizationId: string; userId: string | null };

/** A movement as the ledger recorded it, dated by the database's clock. */
export type RecordedMovement = typeof stockMovements.$inferSelect;

/**
 * Appends ledger rows inside the caller's transaction, and nothing else: a write whose movements can change
 * the profit summary (losses, counted gains) or open a stock alert (a fall to the alert level) calls
 * `recordStockProfit` and `raiseStockAlerts` itself, in the same transaction. created_at is the clock at the
 * insert, not the transaction's start: a save that waited for another's row lock is then dated after it, so
 * ordering by time follows the order the changes really happened in; the profit summary dates a movement by
 * the same clock.
 */
export async function recordMovements(
  tx: Queryable,
  actor: Mover,
  movements: Movement[],
): Promise<RecordedMovement[]> {
  if (movements.length === 0) return [];
  const recorded = await tx
    .insert(stockMovements)
    .values(
      movements.map((m) => ({
        organizationId: actor.organizationId,
        propertyId: m.propertyId,
        productId: m.productId,
        oldQuantity: m.oldQuantity,
        newQuantity: m.newQuantity,
        reason: m.reason,
        reference: m.reference ?? null,
        lossReason: m.lossReason ?? null,
        unitCostCents: m.unitCostCents ?? null,
        actorUserId: actor.userId,
        createdAt: sql`clock_timestamp()`,
      })),
    )
    .returning();
  return recorded;
}
