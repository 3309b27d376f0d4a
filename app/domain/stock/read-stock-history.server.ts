import { and, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import { calendarDay, dateFilterError, endOfDayInSaoPaulo, startOfDayInSaoPaulo } from "~/lib/dates";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { afterCursor, cursorOf } from "~/platform/db/keyset-cursor";
import { products, properties, replacements, stockMovements, user } from "~/platform/db/schema";
import { type Actor, assertCan } from "../team/permissions";
import { isLossReason, type LossReason } from "./loss-reasons";
import type { MovementReason } from "./messages";
import { isMovementReason, type MovementCause, movementCause } from "./movement-reasons";

const HISTORY_PAGE_SIZE = 50;

/** The filters of the stock history, as they stand in its URL. */
export type HistoryFilter = {
  propertyId: string | null;
  productId: string | null;
  reason: MovementReason | null;
  /** São Paulo calendar days, inclusive, as YYYY-MM-DD. */
  from: string | null;
  to: string | null;
  /** Why a date in the URL was ignored, if one was. */
  dateError: string | null;
};

export type HistoryRow = {
  id: string;
  at: Date;
  propertyId: string;
  propertyName: string;
  productId: string;
  productName: string;
  reason: MovementReason;
  /** Why units were lost (or a count found more); null for other movements. */
  lossReason: LossReason | null;
  /** The order or the restocking run behind it, when there is one. */
  cause: MovementCause | null;
  /** The member who made the change; null for a guest's paid order (or a member since removed). */
  actorName: string | null;
  /** null = not in the property (before it came in, after it left) or not counted: see quantityLabel. */
  oldQuantity: number | null;
  newQuantity: number | null;
};

export type HistoryPage = { rows: HistoryRow[]; next: string | null };

/** Reads the filters from a URL's query; anything unknown is ignored (shown as 'all'). */
export function historyFilter(query: URLSearchParams): HistoryFilter {
  const propertyId = query.get("imovel");
  const productId = query.get("produto");
  const reason = query.get("motivo");
  return {
    propertyId: isUuid(propertyId) ? propertyId : null,
    productId: isUuid(productId) ? productId : null,
    reason: isMovementReason(reason) ? reason : null,
    from: calendarDay(query.get("de")),
    to: calendarDay(query.get("ate")),
    dateError: dateFilterError(query),
  };
}

function conditions(actor: Actor, filter: HistoryFilter, cursor: string | null): SQL[] {
  const where: SQL[] = [eq(stockMovements.organizationId, actor.organizationId)];
  if (filter.propertyId) where.push(eq(stockMovements.propertyId, filter.propertyId));
  if (filter.productId) where.push(eq(stockMovements.productId, filter.productId));
  if (filter.reason) where.push(eq(stockMovements.reason, filter.reason));
  if (filter.from) where.push(gte(stockMovements.createdAt, startOfDayInSaoPaulo(filter.from)));
  if (filter.to) where.push(lt(stockMovements.createdAt, endOfDayInSaoPaulo(filter.to)));
  const after = afterCursor(stockMovements.createdAt, stockMovements.id, cursor);
  if (after) where.push(after);
  return where;
}

/**
 * One page of the organization's stock movements, newest first, after `cursor` (keyset pagination on
 * created_at and id). Movements of archived products and properties stay: the ledger outlives them.
 * `next` is set only when the page is full.
 */
export async function listStockHistory(
  db: Db,
  actor: Actor,
  filter: HistoryFilter,
  cursor: string | null,
  pageSize = HISTORY_PAGE_SIZE,
): Promise<HistoryPage> {
  assertCan(actor, "catalog.read");
  const rows = await db
    .select({
      id: stockMovements.id,
      at: stockMovements.createdAt,
      cursor: cursorOf(stockMovements.createdAt, stockMovements.id),
      propertyId: stockMovements.propertyId,
      propertyName: properties.name,
      productId: stockMovements.productId,
      productName: products.name,
      reason: stockMovements.reason,
      lossReason: stockMovements.lossReason,
      reference: stockMovements.reference,
      actorName: user.name,
      oldQuantity: stockMovements.oldQuantity,
      newQuantity: stockMovements.newQuantity,
    })
    .from(stockMovements)
    .leftJoin(
      properties,
      and(
        eq(properties.id, stockMovements.propertyId),
        eq(properties.organizationId, stockMovements.organizationId),
      ),
    )
    .leftJoin(
      products,
      and(
        eq(products.id, stockMovements.productId),
        eq(products.organizationId, stockMovements.organizationId),
      ),
    )
    .leftJoin(user, eq(user.id, stockMovements.actorUserId))
    .where(and(...conditions(actor, filter, cursor)))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(pageSize);
  const last = rows.at(-1);
  const numbers = await runNumbers(
    db,
    actor,
    rows.map((r) => movementCause(r.reference)).filter((c) => c?.kind === "replacement"),
  );
  return {
    rows: rows.map(({ cursor: _, reference, ...r }) => ({
      ...r,
      propertyName: r.propertyName ?? "—",
      productName: r.productName ?? "—",
      // Only recordMovements writes the ledger, with a typed reason.
      reason: r.reason as MovementReason,
      lossReason: isLossReason(r.lossReason) ? r.lossReason : null,
      cause: withRunNumber(movementCause(reference), numbers),
    })),
    next: rows.length === pageSize && last ? last.cursor : null,
  };
}

/** The numbers ('Reposição #12') of the runs behind a page of movements. */
async function runNumbers(
  db: Db,
  actor: Actor,
  causes: (MovementCause | null)[],
): Promise<Map<string, number>> {
  const ids = [...new Set(causes.flatMap((c) => (c ? [c.id] : [])))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: replacements.id, number: replacements.number })
    .from(replacements)
    .where(and(eq(replacements.organizationId, actor.organizationId), inArray(replacements.id, ids)));
  return new Map(found.map((r) => [r.id, r.number]));
}

function withRunNumber(cause: MovementCause | null, numbers: Map<string, number>): MovementCause | null {
  const number = cause?.kind === "replacement" ? numbers.get(cause.id) : undefined;
  return cause && number !== undefined ? { ...cause, number } : cause;
}

/** Every movement of the filter, page after page (for the CSV export). */
export async function* allStockHistory(
  db: Db,
  actor: Actor,
  filter: HistoryFilter,
): AsyncGenerator<HistoryRow> {
  let cursor: string | null = null;
  do {
    const page: HistoryPage = await listStockHistory(db, actor, filter, cursor, 500);
    yield* page.rows;
    cursor = page.next;
  } while (cursor);
}
