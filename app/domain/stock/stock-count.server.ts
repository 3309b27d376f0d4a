import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { AppError } from "../errors";
import { requireOwnProperty } from "../properties/read-properties.server";
import { type Actor, assertCan, can } from "../team/permissions";
import { type AppliedChange, applyStockChanges, type StockChange } from "./apply-stock-changes.server";
import { listPropertyStock, type StockRow } from "./list-property-stock.server";
import { isLossReason } from "./loss-reasons";
import { STOCK_TEXT as T } from "./messages";
import { parseQuantity } from "./quantities";

export type CountInput = {
  /** One line per product checked: the number typed (text or a number; empty or non-numeric = 0). */
  lines: readonly { productId: unknown; counted: unknown; lossReason?: unknown }[];
  /**
   * Why the missing units are missing (a LossReason key), for the whole count; a line's own `lossReason`
   * (issue 49: one broken, another consumed) wins for that line, empty meaning the count's.
   */
  lossReason: unknown;
};

/** Money of a count's units at average cost; units without a known cost are left out and counted. */
export type CountValue = { cents: number; uncostedUnits: number };

export type CountTotal = { units: number; value?: CountValue };

/** What a count found. `value` is there only for those who see money (owners and managers). */
export type CountSummary = { checked: number; missing: CountTotal; found: CountTotal };

/** A product a count checks, with the number the system has. */
export type CountLine = Pick<StockRow, "productId" | "name" | "imageThumb"> & { current: number };

/** The products of a property a count goes through: its counted ones ('Sem limite' is not counted), by name. */
export async function listCountLines(db: Db, actor: Actor, propertyId: string): Promise<CountLine[]> {
  assertCan(actor, "stock.count");
  const rows = await listPropertyStock(db, actor, propertyId);
  return rows.flatMap(({ productId, name, imageThumb, current }) =>
    current === null ? [] : [{ productId, name, imageThumb, current }],
  );
}

/**
 * A stock count ('Conferência'): staff type what is really in the property after a stay, and every
 * difference is recorded at once, in one transaction, through the stock sheet's write path: fewer units
 * are a `loss` with the count's reason, more are an `adjustment` marked 'count_adjustment'. Products not
 * counted ('Sem limite') are left as they are, and the targets are not touched.
 */
export async function saveStockCount(
  db: Db,
  actor: Actor,
  propertyId: string,
  input: CountInput,
): Promise<CountSummary> {
  assertCan(actor, "stock.count");
  const changes = validate(input);
  const result = await db.transaction(async (tx) => {
    await requireOwnProperty(tx, actor, propertyId);
    return applyStockChanges(tx, actor, propertyId, changes, {
      gainReason: "count_adjustment",
      countedOnly: true,
    });
  });
  // The stock's money is shown to those who see the sales' money.
  const seesMoney = can(actor, "sales.read");
  const total = (lines: AppliedChange[]): CountTotal => {
    const units = lines.reduce((sum, l) => sum + Math.abs(l.new - l.old), 0);
    if (!seesMoney) return { units };
    let cents = 0;
    let uncostedUnits = 0;
    for (const l of lines) {
      const moved = Math.abs(l.new - l.old);
      if (l.unitCostCents === null) uncostedUnits += moved;
      else cents += moved * l.unitCostCents;
    }
    return { units, value: { cents, uncostedUnits } };
  };
  return {
    checked: result.counted,
    missing: total(result.applied.filter((l) => l.new < l.old)),
    found: total(result.applied.filter((l) => l.new > l.old)),
  };
}

function validate(input: CountInput): StockChange[] {
  if (!isLossReason(input.lossReason)) {
    throw new AppError("invalid", T.lossReasonMissing, { lossReason: T.lossReasonMissing });
  }
  const lossReason = input.lossReason;
  const changes: StockChange[] = [];
  const fieldErrors: Record<string, string> = {};
  const seen = new Set<string>();
  for (const line of input.lines) {
    if (!isUuid(line.productId)) throw new AppError("not_found", T.notInProperty);
    const productId = line.productId.toLowerCase();
    if (seen.has(productId)) throw new AppError("invalid", T.duplicated);
    seen.add(productId);
    // A count is a number: an empty field means nothing is there, never 'Sem limite'.
    const counted = parseQuantity(line.counted ?? "", { emptyIsNull: false });
    const own = line.lossReason ?? "";
    if (own !== "" && !isLossReason(own)) fieldErrors[`${productId}.lossReason`] = T.lossReasonMissing;
    if (!counted.ok) fieldErrors[`${productId}.counted`] = counted.message;
    else
      changes.push({ productId, current: counted.value, lossReason: isLossReason(own) ? own : lossReason });
  }
  const first = Object.values(fieldErrors)[0];
  if (first) throw new AppError("invalid", first, fieldErrors);
  return changes;
}
