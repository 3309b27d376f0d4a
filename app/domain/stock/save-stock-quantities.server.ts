import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { AppError } from "../errors";
import { requireOwnProperty } from "../properties/read-properties.server";
import { type Actor, assertCan } from "../team/permissions";
import { applyStockChanges, type StockChange } from "./apply-stock-changes.server";
import { isLossReason } from "./loss-reasons";
import { STOCK_TEXT as T } from "./messages";
import { parseQuantity } from "./quantities";

export type QuantityRowInput = {
  productId: unknown;
  /** Typed text or a number; null = 'Sem limite' (not counted). Empty or non-numeric text = 0. */
  current: unknown;
  /** Typed text or a number; empty or null = no target. */
  expected: unknown;
  /** Why the current quantity went down (a LossReason key); needed only when it did. */
  lossReason?: unknown;
};

/**
 * Saves the current and expected quantities of several of a property's products at once, in one
 * transaction: one bad row (invalid number, a product the property does not hold, a lowered quantity
 * without its reason) and nothing changes. See applyStockChanges for the ledger it writes.
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
  return db.transaction(async (tx) => {
    await requireOwnProperty(tx, actor, propertyId);
    const { changed } = await applyStockChanges(tx, actor, propertyId, rows, {
      gainReason: null,
      countedOnly: false,
    });
    return { changed };
  });
}

function validate(input: readonly QuantityRowInput[]): StockChange[] {
  const rows: StockChange[] = [];
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
    if (current.ok && expected.ok) {
      const lossReason = isLossReason(raw.lossReason) ? raw.lossReason : null;
      rows.push({ productId, current: current.value, expected: expected.value, lossReason });
    }
  }
  const first = Object.values(fieldErrors)[0];
  if (first) throw new AppError("invalid", first, fieldErrors);
  return rows;
}
