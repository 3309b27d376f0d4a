import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { propertyProducts } from "~/platform/db/schema";
import { liveProductIds } from "../catalog/products.server";
import { AppError } from "../errors";
import { requireOwnProperty } from "../properties/read-properties.server";
import { type Actor, assertCan } from "../team/permissions";
import { STOCK_TEXT as T } from "./messages";
import { parseQuantity } from "./quantities";
import { type Movement, recordMovements } from "./record-movement.server";

export type QuantityRowInput = {
  productId: unknown;
  /** Typed text or a number; null = 'Sem limite' (not counted). Empty or non-numeric text = 0. */
  current: unknown;
  /** Typed text or a number; empty or null = no target. */
  expected: unknown;
};

type QuantityRow = { productId: string; current: number | null; expected: number | null };

/**
 * Saves the current and expected quantities of several of a property's products at once, in one
 * transaction: one bad row (invalid number, a product the property does not hold) and nothing changes.
 * Every changed current quantity appends an `adjustment` movement with the value really replaced: the
 * rows are locked first, in a fixed order, so concurrent saves queue up instead of interleaving.
 */
export async function saveStockQuantities(
  db: Db,
  actor: Actor,
  propertyId: string,
  input: readonly QuantityRowInput[],
): Promise<{ changed: number }> {
  assertCan(actor, "stock.adjust");
  const rows = validate(input);
  if (rows.length === 0) return { changed: 0 };
  const ids = rows.map((r) => r.productId);
  return db.transaction(async (tx) => {
    await requireOwnProperty(tx, actor, propertyId);
    const locked = await tx
      .select({
        productId: propertyProducts.productId,
        current: propertyProducts.currentQuantity,
        expected: propertyProducts.expectedQuantity,
      })
      .from(propertyProducts)
      .where(
        and(
          eq(propertyProducts.organizationId, actor.organizationId),
          eq(propertyProducts.propertyId, propertyId),
          inArray(propertyProducts.productId, ids),
          inArray(propertyProducts.productId, liveProductIds(tx, actor.organizationId)),
        ),
      )
      .orderBy(asc(propertyProducts.productId))
      .for("update");
    if (locked.length !== rows.length) throw new AppError("not_found", T.notInProperty);

    const before = new Map(locked.map((r) => [r.productId, r]));
    const movements: Movement[] = [];
    let changed = 0;
    // Same order as the locks, to keep the ledger of one save in a predictable order too.
    for (const row of [...rows].sort((a, b) => a.productId.localeCompare(b.productId))) {
      const old = before.get(row.productId);
      if (!old || (old.current === row.current && old.expected === row.expected)) continue;
      await tx
        .update(propertyProducts)
        .set({ currentQuantity: row.current, expectedQuantity: row.expected, updatedAt: sql`now()` })
        .where(
          and(eq(propertyProducts.propertyId, propertyId), eq(propertyProducts.productId, row.productId)),
        );
      changed += 1;
      if (old.current !== row.current) {
        movements.push({
          propertyId,
          productId: row.productId,
          oldQuantity: old.current,
          newQuantity: row.current,
          reason: "adjustment",
        });
      }
    }
    await recordMovements(tx, actor, movements);
    return { changed };
  });
}

function validate(input: readonly QuantityRowInput[]): QuantityRow[] {
  const rows: QuantityRow[] = [];
  const fieldErrors: Record<string, string> = {};
  const seen = new Set<string>();
  for (const raw of input) {
    if (!isUuid(raw.productId)) throw new AppError("not_found", T.notInProperty);
    const productId = raw.productId.toLowerCase();
    if (seen.has(productId)) throw new AppError("invalid", T.duplicated);
    seen.add(productId);
    const current = parseQuantity(raw.current, { emptyIsNull: false });
    const expected = parseQuantity(raw.expected, { emptyIsNull: true });
    if (!current.ok) fieldErrors[`${productId}.current`] = current.message;
    if (!expected.ok) fieldErrors[`${productId}.expected`] = expected.message;
    if (current.ok && expected.ok) rows.push({ productId, current: current.value, expected: expected.value });
  }
  const first = Object.values(fieldErrors)[0];
  if (first) throw new AppError("invalid", first, fieldErrors);
  return rows;
}
