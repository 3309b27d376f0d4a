import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { propertyProducts } from "~/platform/db/schema";
import { liveProductIds } from "../catalog/products.server";
import { AppError } from "../errors";
import { recordStockProfit } from "../profit/record-profit.server";
import type { Queryable } from "../properties/types";
import type { Actor } from "../team/permissions";
import type { LossReason } from "./loss-reasons";
import { STOCK_TEXT as T } from "./messages";
import { type Movement, recordMovements } from "./record-movement.server";
import { raiseStockAlerts } from "./stock-alerts.server";

export type StockChange = {
  productId: string;
  /** null = 'Sem limite' (not counted). */
  current: number | null;
  /** The new target; undefined leaves it as it is (a count does not touch it). */
  expected?: number | null;
  /** Why the current quantity went down; required when it does. */
  lossReason: LossReason | null;
};

/** One current quantity that really changed, with the unit's average cost when it did. */
export type AppliedChange = {
  productId: string;
  old: number;
  new: number;
  unitCostCents: number | null;
};

export type StockChangesResult = {
  /** Rows written (current or expected quantity). */
  changed: number;
  /** Rows of products that were counted before the change (not 'Sem limite'). */
  counted: number;
  /** The counted quantities that changed, with their cost. */
  applied: AppliedChange[];
};

type Options = {
  /** What a rise records as its loss_reason (a count's gain is a 'count_adjustment'); null for none. */
  gainReason: LossReason | null;
  /** Leave products that are not counted ('Sem limite') as they are: a count only checks counted ones. */
  countedOnly: boolean;
  /** What caused the changes, on every movement (a count's `count:<id>`). */
  reference?: string;
};

/**
 * The one write path of typed stock quantities (the stock sheet and the count), inside the caller's
 * transaction. The rows are locked first, in a fixed order, so concurrent saves queue up instead of
 * interleaving, and every movement records the value really replaced. A quantity that goes down is a
 * `loss` with its reason (refused without one, before anything is written); one that goes up or in or out
 * of 'Sem limite' is an `adjustment`. Both carry the average cost read under the lock. Besides the stock and
 * its ledger, it writes the profit summary's losses and gains and opens the alerts of products that fell
 * to their alert level.
 */
export async function applyStockChanges(
  tx: Queryable,
  actor: Actor,
  propertyId: string,
  changes: readonly StockChange[],
  options: Options,
): Promise<StockChangesResult> {
  if (changes.length === 0) return { changed: 0, counted: 0, applied: [] };
  const locked = await tx
    .select({
      productId: propertyProducts.productId,
      current: propertyProducts.currentQuantity,
      expected: propertyProducts.expectedQuantity,
      averageCostCents: propertyProducts.averageCostCents,
    })
    .from(propertyProducts)
    .where(
      and(
        eq(propertyProducts.organizationId, actor.organizationId),
        eq(propertyProducts.propertyId, propertyId),
        inArray(
          propertyProducts.productId,
          changes.map((c) => c.productId),
        ),
        inArray(propertyProducts.productId, liveProductIds(tx, actor.organizationId)),
      ),
    )
    .orderBy(asc(propertyProducts.productId))
    .for("update");
  if (locked.length !== changes.length) throw new AppError("not_found", T.notInProperty);

  const before = new Map(locked.map((r) => [r.productId, r]));
  // Same order as the locks, to keep the ledger of one save in a predictable order too.
  const ordered = [...changes].sort((a, b) => a.productId.localeCompare(b.productId));
  const missingReason: Record<string, string> = {};
  for (const change of ordered) {
    const old = before.get(change.productId);
    if (old && lowered(old.current, change.current) && !change.lossReason) {
      missingReason[`${change.productId}.lossReason`] = T.lossReasonMissing;
    }
  }
  if (Object.keys(missingReason).length > 0) {
    throw new AppError("invalid", T.lossReasonMissing, missingReason);
  }

  const movements: Movement[] = [];
  const applied: AppliedChange[] = [];
  let changed = 0;
  let counted = 0;
  for (const change of ordered) {
    const old = before.get(change.productId);
    if (!old) continue;
    if (old.current !== null) counted += 1;
    else if (options.countedOnly) continue;
    const expected = change.expected === undefined ? old.expected : change.expected;
    if (old.current === change.current && old.expected === expected) continue;
    await tx
      .update(propertyProducts)
      .set({ currentQuantity: change.current, expectedQuantity: expected, updatedAt: sql`now()` })
      .where(
        and(eq(propertyProducts.propertyId, propertyId), eq(propertyProducts.productId, change.productId)),
      );
    changed += 1;
    if (old.current === change.current) continue;
    const unitCostCents = old.averageCostCents;
    const loss = lowered(old.current, change.current);
    const lossReason = loss ? change.lossReason : old.current === null ? null : options.gainReason;
    movements.push({
      propertyId,
      productId: change.productId,
      oldQuantity: old.current,
      newQuantity: change.current,
      reason: loss ? "loss" : "adjustment",
      ...(lossReason ? { lossReason } : {}),
      ...(options.reference ? { reference: options.reference } : {}),
      unitCostCents,
    });
    if (old.current !== null && change.current !== null) {
      applied.push({ productId: change.productId, old: old.current, new: change.current, unitCostCents });
    }
  }
  const recorded = await recordMovements(tx, actor, movements);
  // A loss or a counted gain changes the profit summary; a fall to the alert level opens an alert.
  await recordStockProfit(tx, actor.organizationId, recorded);
  await raiseStockAlerts(tx, actor.organizationId, movements);
  return { changed, counted, applied };
}

/** A counted quantity that went down (not a product turned to or from 'Sem limite'). */
function lowered(old: number | null, next: number | null): boolean {
  return old !== null && next !== null && next < old;
}
