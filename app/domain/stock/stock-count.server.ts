import { and, asc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import {
  products,
  propertyProducts,
  stockCountLines,
  stockCounts,
  stockMovements,
} from "~/platform/db/schema";
import { AppError } from "../errors";
import { requireOwnProperty } from "../properties/read-properties.server";
import { findStay } from "../stays/find-stay.server";
import { STAY_TEXT } from "../stays/stay-messages";
import { type Actor, assertCan, can } from "../team/permissions";
import { applyStockChanges, type StockChange } from "./apply-stock-changes.server";
import { listPropertyStock, type StockRow } from "./list-property-stock.server";
import { isLossReason, type LossReason } from "./loss-reasons";
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
  /** The stay that just ended ('Conferir saída'); absent for a count outside a turnover. */
  stayId?: unknown;
  /** When it was counted, from the phone (an ISO instant); absent = now. */
  takenAt?: unknown;
  /** The phone's id of this count, so a count sent twice is recorded once; absent = a new count. */
  clientId?: unknown;
};

/** Money of a count's units at average cost; units without a known cost are left out and counted. */
export type CountValue = { cents: number; uncostedUnits: number };

export type CountTotal = { units: number; value?: CountValue };

/** What a count found. `value` is there only for those who see money (owners and managers). */
export type CountSummary = {
  countId: string;
  checked: number;
  missing: CountTotal;
  found: CountTotal;
  /** The count had already been received (sent again after a lost connection): nothing changed twice. */
  replayed: boolean;
};

/** A product a count checks, with the number the system has. */
export type CountLine = Pick<StockRow, "productId" | "name" | "imageThumb"> & { current: number };

/** A count older than the phone can keep it: beyond this, it is refused rather than applied to old stock. */
const OLDEST_TAKEN_AT_MS = 7 * 24 * 3_600_000;
const CLIENT_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The products of a property a count goes through: its counted ones ('Sem limite' is not counted), by name,
 * each with what the system expects to find now (the last count, plus deliveries, less paid sales and losses).
 */
export async function listCountLines(db: Db, actor: Actor, propertyId: string): Promise<CountLine[]> {
  assertCan(actor, "stock.count");
  const rows = await listPropertyStock(db, actor, propertyId);
  return rows.flatMap(({ productId, name, imageThumb, current }) =>
    current === null ? [] : [{ productId, name, imageThumb, current }],
  );
}

/**
 * A stock count ('Conferência'), recorded once per client id and applied AS OF the moment it was taken
 * (ADR 0055): under the stock rows' locks, what the system expected then is the current quantity less every
 * movement recorded after taken_at, and the difference counted − expected is applied to the current quantity.
 * So a sale paid between the count and its arrival at the server is neither counted twice nor missed. Fewer
 * units are a `loss` with the count's reason, more an `adjustment` marked 'count_adjustment', through the stock
 * sheet's write path; a product a newer count already set is left as that count set it. 'Sem limite' products
 * are left out, and the targets are not touched.
 */
export async function saveStockCount(
  db: Db,
  actor: Actor,
  propertyId: string,
  input: CountInput,
): Promise<CountSummary> {
  assertCan(actor, "stock.count");
  const { lossReason, lines } = validate(input);
  const takenAt = parseTakenAt(input.takenAt);
  const clientId = parseClientId(input.clientId);
  const seesMoney = can(actor, "sales.read");
  return db.transaction(async (tx) => {
    await requireOwnProperty(tx, actor, propertyId);
    const stayId = await stayOfCount(tx, actor, propertyId, input.stayId);
    const productIds = lines.map((l) => l.productId);
    // The rows are locked in product order, as every stock write does, before anything is read: a sale being
    // paid now is either wholly before (its movement is read below) or wholly after this count.
    const locked = await tx
      .select({
        productId: propertyProducts.productId,
        current: propertyProducts.currentQuantity,
        unitCostCents: propertyProducts.averageCostCents,
      })
      .from(propertyProducts)
      .where(
        and(
          eq(propertyProducts.organizationId, actor.organizationId),
          eq(propertyProducts.propertyId, propertyId),
          inArray(propertyProducts.productId, productIds),
        ),
      )
      .orderBy(asc(propertyProducts.productId))
      .for("update");
    if (locked.length !== lines.length) throw new AppError("not_found", T.notInProperty);

    const [inserted] = await tx
      .insert(stockCounts)
      .values({
        organizationId: actor.organizationId,
        propertyId,
        stayId,
        clientId,
        // Never after it reached the server: a phone whose clock runs ahead cannot date a count in the future.
        takenAt: takenAt
          ? sql`least(${takenAt.toISOString()}::timestamptz, clock_timestamp())`
          : sql`clock_timestamp()`,
        countedBy: actor.userId,
        lossReason,
      })
      .onConflictDoNothing({ target: [stockCounts.organizationId, stockCounts.clientId] })
      .returning({ id: stockCounts.id, takenAt: stockCounts.takenAt });
    if (!inserted) return replay(tx, actor, propertyId, clientId, seesMoney);

    const after = await movedSince(
      tx,
      actor.organizationId,
      propertyId,
      productIds,
      inserted.takenAt,
      inserted.id,
    );
    const names = await namesAndPrices(tx, actor.organizationId, productIds);
    const byProduct = new Map(locked.map((r) => [r.productId, r]));
    const changes: StockChange[] = [];
    const rows: (typeof stockCountLines.$inferInsert)[] = [];
    for (const line of lines) {
      const stock = byProduct.get(line.productId);
      // 'Sem limite' is not counted.
      if (!stock || stock.current === null) continue;
      const moved = after.get(line.productId);
      const applied = !moved?.superseded;
      const expected = stock.current - (moved?.delta ?? 0);
      const product = names.get(line.productId);
      rows.push({
        organizationId: actor.organizationId,
        countId: inserted.id,
        productId: line.productId,
        name: product?.name ?? "",
        unitPriceCents: product?.priceCents ?? 0,
        unitCostCents: stock.unitCostCents,
        expected: Math.max(expected, 0),
        counted: line.counted,
        lossReason: line.lossReason,
        applied,
      });
      if (!applied) continue;
      const target = Math.max(stock.current + line.counted - Math.max(expected, 0), 0);
      if (target !== stock.current) {
        changes.push({ productId: line.productId, current: target, lossReason: line.lossReason });
      }
    }
    if (rows.length > 0) await tx.insert(stockCountLines).values(rows);
    await applyStockChanges(tx, actor, propertyId, changes, {
      gainReason: "count_adjustment",
      countedOnly: true,
      reference: `count:${inserted.id}`,
    });
    return summaryOf(inserted.id, rows, seesMoney, false);
  });
}

type Moved = { delta: number; superseded: boolean };

/**
 * Per product, the stock movements recorded after `takenAt` (their sum is what changed since the count was
 * taken), and whether a newer count of it was already applied or it went in or out of 'Sem limite' since:
 * then this count moves none of its stock.
 */
async function movedSince(
  tx: Tx,
  organizationId: string,
  propertyId: string,
  productIds: string[],
  takenAt: Date,
  countId: string,
): Promise<Map<string, Moved>> {
  const moves = await tx
    .select({
      productId: stockMovements.productId,
      delta: sql<string>`coalesce(sum(${stockMovements.newQuantity} - ${stockMovements.oldQuantity}), 0)::bigint`,
      uncounted: sql<boolean>`bool_or(${stockMovements.newQuantity} is null or ${stockMovements.oldQuantity} is null)`,
    })
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.organizationId, organizationId),
        eq(stockMovements.propertyId, propertyId),
        inArray(stockMovements.productId, productIds),
        gt(stockMovements.createdAt, takenAt),
      ),
    )
    .groupBy(stockMovements.productId);
  const newer = await tx
    .select({ productId: stockCountLines.productId })
    .from(stockCountLines)
    .innerJoin(stockCounts, eq(stockCounts.id, stockCountLines.countId))
    .where(
      and(
        eq(stockCounts.organizationId, organizationId),
        eq(stockCounts.propertyId, propertyId),
        gt(stockCounts.takenAt, takenAt),
        ne(stockCounts.id, countId),
        eq(stockCountLines.applied, true),
        inArray(stockCountLines.productId, productIds),
      ),
    );
  const superseded = new Set(newer.map((n) => n.productId));
  const result = new Map<string, Moved>();
  for (const id of productIds) {
    const m = moves.find((x) => x.productId === id);
    result.set(id, { delta: Number(m?.delta ?? 0), superseded: superseded.has(id) || m?.uncounted === true });
  }
  return result;
}

async function namesAndPrices(tx: Tx, organizationId: string, productIds: string[]) {
  const rows = await tx
    .select({ id: products.id, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(and(eq(products.organizationId, organizationId), inArray(products.id, productIds)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The count already received under this client id: its summary as recorded, nothing applied again. */
async function replay(
  tx: Tx,
  actor: Actor,
  propertyId: string,
  clientId: string,
  seesMoney: boolean,
): Promise<CountSummary> {
  const [count] = await tx
    .select({ id: stockCounts.id, propertyId: stockCounts.propertyId })
    .from(stockCounts)
    .where(and(eq(stockCounts.organizationId, actor.organizationId), eq(stockCounts.clientId, clientId)));
  if (!count || count.propertyId !== propertyId) throw new AppError("invalid", T.countIdTaken);
  const rows = await tx
    .select()
    .from(stockCountLines)
    .where(
      and(eq(stockCountLines.organizationId, actor.organizationId), eq(stockCountLines.countId, count.id)),
    );
  return summaryOf(count.id, rows, seesMoney, true);
}

type SummaryLine = { expected: number; counted: number; unitCostCents?: number | null; applied?: boolean };

function summaryOf(
  countId: string,
  lines: SummaryLine[],
  seesMoney: boolean,
  replayed: boolean,
): CountSummary {
  const total = (diff: (l: SummaryLine) => number): CountTotal => {
    const moved = lines.filter((l) => l.applied !== false).map((l) => ({ l, n: Math.max(diff(l), 0) }));
    const units = moved.reduce((sum, m) => sum + m.n, 0);
    if (!seesMoney) return { units };
    let cents = 0;
    let uncostedUnits = 0;
    for (const { l, n } of moved) {
      if (l.unitCostCents === null || l.unitCostCents === undefined) uncostedUnits += n;
      else cents += n * l.unitCostCents;
    }
    return { units, value: { cents, uncostedUnits } };
  };
  return {
    countId,
    checked: lines.length,
    missing: total((l) => l.expected - l.counted),
    found: total((l) => l.counted - l.expected),
    replayed,
  };
}

/** The stay a turnover count is for ('Conferir saída'), read for its screen: one of this property's guest stays. */
export async function readCountStay(
  db: Db,
  actor: Actor,
  propertyId: string,
  stayId: unknown,
): Promise<{ id: string; checkIn: string; checkOut: string } | null> {
  assertCan(actor, "stock.count");
  const stay = await findStay(db, actor.organizationId, stayId);
  if (!stay || stay.propertyId !== propertyId || stay.kind !== "stay") return null;
  return { id: stay.id, checkIn: stay.checkIn, checkOut: stay.checkOut };
}

/** The stay of a turnover count: one of this property's guest stays, or a 404 like any foreign id. */
async function stayOfCount(
  tx: Tx,
  actor: Actor,
  propertyId: string,
  stayId: unknown,
): Promise<string | null> {
  if (stayId === undefined || stayId === null || stayId === "") return null;
  const stay = await findStay(tx, actor.organizationId, stayId);
  if (!stay || stay.propertyId !== propertyId || stay.kind !== "stay") {
    throw new AppError("not_found", STAY_TEXT.notFound);
  }
  return stay.id;
}

function parseTakenAt(value: unknown): Date | null {
  if (value === undefined || value === null || value === "") return null;
  const at = typeof value === "string" || value instanceof Date ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime())) throw new AppError("invalid", T.takenAtInvalid);
  if (Date.now() - at.getTime() > OLDEST_TAKEN_AT_MS) throw new AppError("invalid", T.takenAtTooOld);
  return at;
}

function parseClientId(value: unknown): string {
  if (value === undefined || value === null || value === "") return crypto.randomUUID();
  if (typeof value !== "string" || !CLIENT_ID.test(value)) throw new AppError("invalid", T.countIdInvalid);
  return value;
}

function validate(input: CountInput): {
  lossReason: LossReason;
  lines: { productId: string; counted: number; lossReason: LossReason }[];
} {
  if (!isLossReason(input.lossReason)) {
    throw new AppError("invalid", T.lossReasonMissing, { lossReason: T.lossReasonMissing });
  }
  const lossReason = input.lossReason;
  const lines: { productId: string; counted: number; lossReason: LossReason }[] = [];
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
    else if (counted.value !== null)
      lines.push({ productId, counted: counted.value, lossReason: isLossReason(own) ? own : lossReason });
  }
  const first = Object.values(fieldErrors)[0];
  if (first) throw new AppError("invalid", first, fieldErrors);
  return { lossReason, lines };
}
