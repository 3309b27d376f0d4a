import { and, eq, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import { addDays, saoPauloDay } from "~/lib/dates";
import type { Tx } from "~/platform/db/database-handle.server";
import { orders, salesDaily, walletMovements } from "~/platform/db/schema";
import type { Queryable } from "../properties/types";
import {
  addSaleSums,
  NO_SALE_SUMS,
  SALE_KINDS,
  type SaleSums,
  saleSumsOf,
  saleSumsSql,
  sumsOfLine,
} from "./sale-money.server";
import type { Posting } from "./wallet-ledger.server";

// The /sales totals' summary (ADR 0025): per organization, São Paulo day of the order's creation, property and
// the order's CURRENT status, how many orders and their ledger money. Three hooks keep it, each in the
// transaction of what changes it: a placed order, a status move (count and money go from the old status row
// to the new one), and a sale posting (into the row of the order's status). Every write is an increment.
//
// Lock order: the order row, then the summary rows (several in one statement, in key order), then stock and
// wallet rows. placeOrder counts its order before holding stock for the same reason.
//
// Each key has up to SUMMARY_SLOTS rows: an order always adds to the slot its id picks, so orders placed or
// paid at once in one property wait on different rows (issue 27). Readers sum over the slots. The hourly fold
// puts the days before yesterday back into slot 0 (ADR 0050), and the rebuild writes what live writes and
// the fold leave.

/** What a summary row holds: its orders, and their money as /sales shows it (sale-money.server.ts). */
export type SalesSums = SaleSums & { orders: number };

export type SalesSummaryRow = SalesSums & { propertyId: string; day: string; status: string };

const ZERO: SalesSums = { orders: 0, ...NO_SALE_SUMS };
const SUM_KEYS = Object.keys(ZERO) as (keyof SalesSums)[];

/** One ledger line's money as a summary row adds it. */
const sumsOfPosting = (kind: string, cents: number): SalesSums => ({
  orders: 0,
  ...sumsOfLine({ kind, cents }),
});

function add(a: SalesSums, b: SalesSums, sign: 1 | -1 = 1): SalesSums {
  return { ...addSaleSums(a, b, sign), orders: a.orders + sign * b.orders };
}

const SUMMARY_SLOTS = 64;

type Key = { organizationId: string; propertyId: string; day: string; status: string; slot: number };
type OrderAt = { id: string; organizationId: string; propertyId: string; createdAt: Date };

/** The order's slot: the last two hex digits of its id (random in a v4 UUID), folded to SUMMARY_SLOTS. */
function slotOf(orderId: string): number {
  return (Number.parseInt(orderId.slice(-2), 16) || 0) % SUMMARY_SLOTS;
}

/** slotOf in SQL, of an order id column. */
const slotSql = (orderId: SQL) =>
  sql`(('x' || right(${orderId}::text, 2))::bit(8)::int % ${sql.raw(String(SUMMARY_SLOTS))})`;

/**
 * A placed order counts once in 'pending' on its day: an upsert to put in the statement that places it (a
 * `with` part, returning one row), taking its summary row's lock once `after` holds and before its stock
 * rows' (lock order).
 */
export function countPlacedOrderStatement(order: OrderAt, after: SQL): SQL {
  const key = keyOf(order, "pending");
  return sql`insert into ${salesDaily} (organization_id, day, property_id, status, slot, orders)
    select ${key.organizationId}::uuid, ${key.day}::date, ${key.propertyId}::uuid, ${key.status}, ${key.slot}, 1
    where ${after}
    on conflict (organization_id, day, property_id, status, slot)
    do update set orders = ${salesDaily}.orders + 1
    returning 1 as counted`;
}

/** An order moved from one status to another takes its count and its money so far along. */
export async function moveInSalesSummary(tx: Tx, order: OrderAt, from: string, to: string): Promise<void> {
  const lines = await tx
    .select({ kind: walletMovements.kind, cents: sql<string>`sum(${walletMovements.amountCents})::bigint` })
    .from(walletMovements)
    .where(
      and(
        eq(walletMovements.orderId, order.id),
        eq(walletMovements.organizationId, order.organizationId),
        inArray(walletMovements.kind, [...SALE_KINDS]),
      ),
    )
    .groupBy(walletMovements.kind);
  const moved: SalesSums = {
    orders: 1,
    ...saleSumsOf(lines.map((l) => ({ kind: l.kind, cents: Number(l.cents) }))),
  };
  await addToRows(tx, [
    [keyOf(order, from), add(ZERO, moved, -1)],
    [keyOf(order, to), moved],
  ]);
}

/**
 * Sale postings (with an order) add to the row of their order's current status. The order row is locked
 * for share, so no move can take the order elsewhere before this commits (callers moving the order already
 * hold it for update: then this lock costs nothing).
 */
export async function addPostingsToSalesSummary(
  tx: Tx,
  organizationId: string,
  postings: Posting[],
): Promise<void> {
  const sale = postings.filter(
    (p): p is Posting & { orderId: string } =>
      p.orderId !== undefined && (SALE_KINDS as readonly string[]).includes(p.kind),
  );
  if (sale.length === 0) return;
  const ids = [...new Set(sale.map((p) => p.orderId))].sort();
  const found = await tx
    .select({
      id: orders.id,
      organizationId: orders.organizationId,
      propertyId: orders.propertyId,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(inArray(orders.id, ids), eq(orders.organizationId, organizationId)))
    .orderBy(orders.id)
    .for("share");
  const byId = new Map(found.map((o) => [o.id, o]));
  const rows: [Key, SalesSums][] = [];
  for (const p of sale) {
    const order = byId.get(p.orderId);
    if (order) rows.push([keyOf(order, order.status), sumsOfPosting(p.kind, p.amountCents)]);
  }
  await addToRows(tx, rows);
}

function keyOf(order: OrderAt, status: string): Key {
  return {
    organizationId: order.organizationId,
    propertyId: order.propertyId,
    day: saoPauloDay(order.createdAt),
    status,
    slot: slotOf(order.id),
  };
}

/** One `insert … on conflict do update` of increments, rows merged by key and taken in key order. */
async function addToRows(tx: Tx, rows: [Key, SalesSums][]): Promise<void> {
  const merged = new Map<string, Key & SalesSums>();
  for (const [key, sums] of rows) {
    const id = [key.organizationId, key.day, key.propertyId, key.status, key.slot].join("|");
    const row = merged.get(id);
    merged.set(id, row ? { ...row, ...add(row, sums) } : { ...key, ...sums });
  }
  const values = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
  if (values.length === 0) return;
  await tx
    .insert(salesDaily)
    .values(values)
    .onConflictDoUpdate({
      target: [
        salesDaily.organizationId,
        salesDaily.day,
        salesDaily.propertyId,
        salesDaily.status,
        salesDaily.slot,
      ],
      set: {
        orders: sql`${salesDaily.orders} + excluded.orders`,
        grossCents: sql`${salesDaily.grossCents} + excluded.gross_cents`,
        providerFeeCents: sql`${salesDaily.providerFeeCents} + excluded.provider_fee_cents`,
        platformFeeCents: sql`${salesDaily.platformFeeCents} + excluded.platform_fee_cents`,
        refundCents: sql`${salesDaily.refundCents} + excluded.refund_cents`,
      },
    });
}

/**
 * The rows an organization's orders and sale postings add up to (as the migration's backfill sums them).
 * With `slotsFrom` (a São Paulo day), the rows its live writes and the fold leave: from that day on, each
 * order's in its own slot; before it, one row per key.
 */
function recomputedRows(organizationId: string, slotsFrom: string | null = null) {
  const day = sql`(o.created_at at time zone 'America/Sao_Paulo')::date`;
  const slot = slotsFrom
    ? sql`case when ${day} >= ${slotsFrom}::date then ${slotSql(sql`o.id`)} else 0 end`
    : sql`0`;
  const money = saleSumsSql();
  return sql`
    select o.organization_id, o.property_id, ${day} as day, o.status, ${slot} as slot, count(*)::int as orders,
           coalesce(sum(m.gross), 0)::bigint as gross_cents,
           coalesce(sum(m.provider_fee), 0)::bigint as provider_fee_cents,
           coalesce(sum(m.platform_fee), 0)::bigint as platform_fee_cents,
           coalesce(sum(m.refund), 0)::bigint as refund_cents
    from ${orders} o
    left join (
      select order_id, ${money.grossCents} as gross, ${money.providerFeeCents} as provider_fee,
             ${money.platformFeeCents} as platform_fee, ${money.refundCents} as refund
      from ${walletMovements}
      where organization_id = ${organizationId} and order_id is not null
        and ${inArray(walletMovements.kind, [...SALE_KINDS])}
      group by order_id
    ) m on m.order_id = o.id
    where o.organization_id = ${organizationId}
    group by 1, 2, 3, 4, 5`;
}

type RawRow = Record<
  | "property_id"
  | "day"
  | "status"
  | "orders"
  | "gross_cents"
  | "provider_fee_cents"
  | "platform_fee_cents"
  | "refund_cents",
  unknown
>;

function fromRaw(rows: RawRow[]): SalesSummaryRow[] {
  return rows
    .map((r) => ({
      propertyId: String(r.property_id),
      day: String(r.day),
      status: String(r.status),
      orders: Number(r.orders),
      grossCents: Number(r.gross_cents),
      providerFeeCents: Number(r.provider_fee_cents),
      platformFeeCents: Number(r.platform_fee_cents),
      refundCents: Number(r.refund_cents),
    }))
    .filter((r) => SUM_KEYS.some((k) => r[k] !== 0))
    .sort(
      (a, b) =>
        a.propertyId.localeCompare(b.propertyId) ||
        a.day.localeCompare(b.day) ||
        a.status.localeCompare(b.status),
    );
}

/**
 * The summary rebuilt from the organization's orders and wallet movements: what the kept one must equal.
 * It reads every order of the organization, so it is for checks and repairs, never for a screen.
 */
export async function recomputeSalesSummary(
  db: Queryable,
  organizationId: string,
): Promise<SalesSummaryRow[]> {
  const result = await db.execute(recomputedRows(organizationId));
  return fromRaw(result.rows as RawRow[]);
}

/** The kept summary of an organization in recomputeSalesSummary's shape (rows left at zero left out). */
export async function keptSalesSummary(db: Queryable, organizationId: string): Promise<SalesSummaryRow[]> {
  const result = await db.execute(sql`
    select property_id, day, status, sum(orders) as orders, sum(gross_cents) as gross_cents,
           sum(provider_fee_cents) as provider_fee_cents, sum(platform_fee_cents) as platform_fee_cents,
           sum(refund_cents) as refund_cents
    from ${salesDaily} where ${salesDaily.organizationId} = ${organizationId}
    group by property_id, day, status`);
  return fromRaw(result.rows as RawRow[]);
}

/**
 * Replaces the organization's kept summary by the recomputation, as live writes and the fold leave it at `now`
 * (the repair, and the bench's fill).
 */
export async function rebuildSalesSummary(db: Queryable, organizationId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(salesDaily).where(eq(salesDaily.organizationId, organizationId));
    await tx.execute(sql`
      insert into ${salesDaily} (organization_id, property_id, day, status, slot, orders, gross_cents,
                                 provider_fee_cents, platform_fee_cents, refund_cents)
      ${recomputedRows(organizationId, foldedBefore(now))}`);
  });
}

/** Rows folded per transaction: each batch holds its rows' locks for one short transaction. */
const FOLD_BATCH = 2_000;

/**
 * Folds the slots of the days before yesterday (São Paulo, at `now`) back into slot 0, so the summary of the days
 * past has one row per key however busy they were, and readers sum few rows (ADR 0050). Only today's and
 * yesterday's rows are written at once by many orders; an order of an older day that moves later adds to its
 * slot again, and the next fold takes it. Rows locked by a live transaction are left for the next run (SKIP
 * LOCKED), and the fold gives way rather than wait long on a slot-0 row. Returns how many rows it folded.
 */
export async function foldPastSlots(db: Queryable, now: Date): Promise<number> {
  const before = foldedBefore(now);
  let folded = 0;
  for (;;) {
    const taken = await foldBatch(db, before).catch((err: unknown) => {
      // Gave way to a live transaction: what is left waits for the next run.
      if (sqlStateOf(err) === LOCK_NOT_AVAILABLE) return 0;
      throw err;
    });
    folded += taken;
    if (taken < FOLD_BATCH) return folded;
  }
}

/** The first São Paulo day the fold leaves by slot at `now`: yesterday. */
function foldedBefore(now: Date): string {
  return addDays(saoPauloDay(now), -1);
}

const LOCK_NOT_AVAILABLE = "55P03";

/** PostgreSQL's SQLSTATE of a failed query, under Drizzle's wrapper. */
function sqlStateOf(err: unknown): string | undefined {
  for (let cause = err; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

async function foldBatch(db: Queryable, before: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '200ms'`);
    // A locking read returns each row's latest version; held, no one else changes it until commit.
    const locked = await tx
      .select()
      .from(salesDaily)
      .where(and(lt(salesDaily.day, before), ne(salesDaily.slot, 0)))
      .orderBy(
        salesDaily.organizationId,
        salesDaily.day,
        salesDaily.propertyId,
        salesDaily.status,
        salesDaily.slot,
      )
      .limit(FOLD_BATCH)
      .for("update", { skipLocked: true });
    if (locked.length === 0) return 0;
    await tx.execute(sql`
      delete from ${salesDaily} s
      using json_to_recordset(${JSON.stringify(locked)}::json)
        as t("organizationId" uuid, day date, "propertyId" uuid, status text, slot smallint)
      where s.organization_id = t."organizationId" and s.day = t.day and s.property_id = t."propertyId"
        and s.status = t.status and s.slot = t.slot`);
    // What was deleted is added to slot 0, as every write to the summary adds.
    await addToRows(
      tx,
      locked.map(({ slot: _, ...row }) => [{ ...row, slot: 0 }, row]),
    );
    return locked.length;
  });
}
