import { and, desc, eq, gte, inArray, lt, lte, type SQL, sql } from "drizzle-orm";
import { calendarDay, dateFilterError, endOfDayInSaoPaulo, startOfDayInSaoPaulo } from "~/lib/dates";
import type { PaymentMethod } from "~/lib/payment-method";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { afterPosition, cursorOf, cursorParts } from "~/platform/db/keyset-cursor";
import { asJson, columnAs, literalLimit, preparedOnce } from "~/platform/db/prepared";
import {
  orderItems,
  orders,
  organization,
  properties,
  salesDaily,
  walletMovements,
} from "~/platform/db/schema";
import { isOrderStatus, type OrderStatus } from "../orders/order-status";
import { livePropertyNames } from "../properties/read-properties.server";
import { findStay, type StayRecord, salesWindowOf } from "../stays/find-stay.server";
import { STAY_TEXT } from "../stays/stay-messages";
import type { StayWindow } from "../stays/stay-window";
import { type Actor, assertCan } from "../team/permissions";
import { SALES_STATUS_FILTERS, type SalesStatusFilter } from "./sales-status-filter";
import { SALE_KINDS } from "./sales-summary.server";

const SALES_PAGE_SIZE = 20;

/** The filters of /sales, as they stand in its URL. */
export type SalesFilter = {
  /** null = all. */
  status: SalesStatusFilter | null;
  propertyId: string | null;
  /** São Paulo calendar days, inclusive, as YYYY-MM-DD. */
  from: string | null;
  to: string | null;
  /** Why a date in the URL was ignored, if one was. */
  dateError: string | null;
  /** `estadia`: the sales paid during one stay (stays/stay-window.ts), read scoped to the organization. */
  stay: SalesStayFilter | null;
  /** Why the stay in the URL was ignored ('Estadia não encontrada.'), if it was. */
  stayError: string | null;
};

export type SalesStayFilter = {
  id: string;
  propertyId: string;
  checkIn: string;
  checkOut: string;
  source: string;
  /** ISO instants of its window; null for a block or a cancelled stay, which have no sales. */
  from: string | null;
  until: string | null;
};

/**
 * A sale's money as the wallet ledger has it (not the order's total): what the guest paid, what the provider
 * and Estadia took (positive: taken), what a refund gave back (negative), and what is left for the host.
 * netCents = grossCents - providerFeeCents - platformFeeCents + refundCents, always.
 */
export type SaleMoney = {
  grossCents: number;
  providerFeeCents: number;
  platformFeeCents: number;
  refundCents: number;
  netCents: number;
};

const NO_MONEY: SaleMoney = {
  grossCents: 0,
  providerFeeCents: 0,
  platformFeeCents: 0,
  refundCents: 0,
  netCents: 0,
};

/** Sums ledger lines (or per-kind sums) of sales into their money. */
function moneyOf(lines: { kind: string; cents: number }[]): SaleMoney {
  const m = { ...NO_MONEY };
  for (const { kind, cents } of lines) {
    if (kind === "sale") m.grossCents += cents;
    else if (kind === "fee") m.providerFeeCents -= cents;
    else if (kind === "platform_fee") m.platformFeeCents -= cents;
    else if (kind === "refund") m.refundCents += cents;
  }
  m.netCents = m.grossCents - m.providerFeeCents - m.platformFeeCents + m.refundCents;
  return m;
}

export type SaleRow = SaleMoney & {
  id: string;
  createdAt: Date;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  propertyName: string;
  totalCents: number;
  buyerName: string;
  buyerEmail: string | null;
  buyerPhone: string | null;
  items: { name: string; quantity: number; unitPriceCents: number }[];
};

export type SalesPage = { rows: SaleRow[]; next: string | null };

/**
 * Reads the filters from a URL's query; anything unknown is ignored (shown as 'all'). The stay filter needs the
 * database: salesFilterWithStay.
 */
export function salesFilter(query: URLSearchParams): SalesFilter {
  const status = query.get("status");
  const propertyId = query.get("imovel");
  const from = query.get("de");
  const to = query.get("ate");
  return {
    status: (SALES_STATUS_FILTERS as readonly string[]).includes(status ?? "")
      ? (status as SalesStatusFilter)
      : null,
    propertyId: isUuid(propertyId) ? propertyId : null,
    from: calendarDay(from),
    to: calendarDay(to),
    dateError: dateFilterError(query),
    stay: null,
    stayError: null,
  };
}

/**
 * salesFilter plus `estadia`: the stay read in the actor's organization. Unknown, malformed or another
 * organization's id is ignored with 'Estadia não encontrada.', as a bad date is.
 */
export async function salesFilterWithStay(
  db: Db,
  actor: Actor,
  query: URLSearchParams,
): Promise<SalesFilter> {
  const filter = salesFilter(query);
  const stayId = query.get("estadia");
  if (!stayId) return filter;
  const stay = await findStay(db, actor.organizationId, stayId);
  if (!stay) return { ...filter, stayError: STAY_TEXT.notFound };
  return { ...filter, stay: stayFilterOf(stay, await salesWindowOf(db, actor.organizationId, stay)) };
}

/** The stay filter of a stay already read in the actor's organization, with its sales window (or none). */
export function stayFilterOf(stay: StayRecord, window: StayWindow | null): SalesStayFilter {
  return {
    id: stay.id,
    propertyId: stay.propertyId,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    source: stay.source,
    from: window?.from.toISOString() ?? null,
    until: window?.until.toISOString() ?? null,
  };
}

/** A filter's conditions on orders with placeholders, their values, and tags naming the filter's shape. */
type Conditions = { where: SQL[]; values: Record<string, unknown>; shape: string };

// Each filter shape is its own prepared statement: its name carries one letter per condition (PostgreSQL
// keeps names of up to 63 bytes).
function conditions(actor: Actor, filter: SalesFilter): Conditions {
  const values: Record<string, unknown> = { organizationId: actor.organizationId };
  const where: SQL[] = [eq(orders.organizationId, sql.placeholder("organizationId"))];
  let shape = "";
  const bind = (tag: string, name: string, value: unknown) => {
    shape += tag;
    values[name] = value;
    return sql.placeholder(name);
  };
  if (filter.status === "pending") {
    shape += "q";
    where.push(inArray(orders.status, ["pending", "processing"]));
  } else if (filter.status) where.push(eq(orders.status, bind("s", "status", filter.status)));
  if (filter.propertyId) where.push(eq(orders.propertyId, bind("p", "propertyId", filter.propertyId)));
  if (filter.from) where.push(gte(orders.createdAt, bind("f", "from", startOfDayInSaoPaulo(filter.from))));
  if (filter.to) where.push(lt(orders.createdAt, bind("t", "to", endOfDayInSaoPaulo(filter.to))));
  if (filter.stay) {
    const { propertyId, from, until } = filter.stay;
    if (!from || !until) {
      shape += "n";
      where.push(sql`false`);
    } else {
      where.push(eq(orders.propertyId, bind("y", "stayPropertyId", propertyId)));
      where.push(gte(orders.paidAt, bind("", "paidFrom", new Date(from))));
      where.push(lt(orders.paidAt, bind("", "paidUntil", new Date(until))));
    }
  }
  return { where, values, shape };
}

/**
 * One page of the organization's sales, newest first, after `cursor` (keyset pagination on created_at and
 * id: a page deep in a million orders costs what the first does). `next` is set only when the page is full.
 */
export async function listSales(
  db: Db,
  actor: Actor,
  filter: SalesFilter,
  cursor: string | null,
  pageSize = SALES_PAGE_SIZE,
): Promise<SalesPage> {
  assertCan(actor, "sales.read");
  const page = pageQuery(actor, filter, cursor, pageSize);
  const rows = await preparedOnce(db, page.name, () => page.rows(db).prepare(page.name)).execute(page.values);
  return salesPageOf(rows, pageSize);
}

/** The first page of /sales, its totals and the properties to filter by, in one round trip. */
export async function readSalesFirstPage(
  db: Db,
  actor: Actor,
  filter: SalesFilter,
): Promise<{ page: SalesPage; totals: SalesTotals; properties: { id: string; name: string }[] }> {
  assertCan(actor, "sales.read");
  assertCan(actor, "catalog.read");
  const page = pageQuery(actor, filter, null, SALES_PAGE_SIZE);
  const totals = totalsOf(actor, filter);
  // The filter's shape names both reads' texts (and keeps the name under PostgreSQL's 63 bytes).
  const name = `sales_first_${page.shape}`;
  const query = preparedOnce(db, name, () =>
    db
      .select({
        page: asJson<PageRow>(page.rows(db)),
        ...totals.columns(db),
        properties: asJson<{ id: string; name: string }>(livePropertyNames(db, organization.id)),
      })
      .from(organization)
      .where(eq(organization.id, sql.placeholder("organizationId")))
      .prepare(name),
  );
  const [row] = await query.execute({ ...page.values, ...totals.values });
  return {
    page: salesPageOf(row?.page ?? [], SALES_PAGE_SIZE),
    totals: totals.of({ byStatus: row?.byStatus ?? [], lines: row?.lines ?? [] }),
    properties: row?.properties ?? [],
  };
}

type PageRow = Omit<SaleRow, keyof SaleMoney | "createdAt" | "status" | "paymentMethod"> & {
  /** A Date read alone; its ISO text when read as JSON. */
  createdAt: Date | string;
  cursor: string;
  status: string;
  paymentMethod: string | null;
  lines: { kind: string; cents: number }[];
};

function salesPageOf(rows: PageRow[], pageSize: number): SalesPage {
  const last = rows.at(-1);
  return {
    rows: rows.map(({ cursor: _, lines, ...r }) => ({
      ...r,
      createdAt: new Date(r.createdAt),
      ...moneyOf(lines),
      status: isOrderStatus(r.status) ? r.status : "pending",
      paymentMethod: r.paymentMethod === "pix" ? "pix" : "credit_card",
    })),
    next: rows.length === pageSize && last ? last.cursor : null,
  };
}

/**
 * A page's read: its statement's name (one per filter shape), its values, and its rows' query (columns
 * named as `PageRow`'s keys, so that its JSON has them too).
 */
function pageQuery(actor: Actor, filter: SalesFilter, cursor: string | null, pageSize: number) {
  const { where, values, shape } = conditions(actor, filter);
  const after = cursorParts(cursor);
  if (after) {
    values.afterTime = after.time;
    values.afterId = after.id;
  }
  const rows = (db: Db) => {
    const position = { time: sql.placeholder("afterTime"), id: sql.placeholder("afterId") };
    const page = after ? [...where, afterPosition(orders.createdAt, orders.id, position)] : where;
    // Each row brings its items and its ledger sums (a page of rows, each read by its index).
    return db
      .select({
        id: columnAs(orders.id, "id"),
        createdAt: columnAs(orders.createdAt, "createdAt"),
        cursor: sql<string>`${cursorOf(orders.createdAt, orders.id)}`.as("cursor"),
        status: columnAs(orders.status, "status"),
        paymentMethod: columnAs(orders.paymentMethod, "paymentMethod"),
        propertyName: columnAs(properties.name, "propertyName"),
        totalCents: columnAs(orders.totalCents, "totalCents"),
        buyerName: columnAs(orders.buyerName, "buyerName"),
        buyerEmail: columnAs(orders.buyerEmail, "buyerEmail"),
        buyerPhone: columnAs(orders.buyerPhone, "buyerPhone"),
        items: sql<SaleRow["items"]>`(
          select coalesce(json_agg(json_build_object('name', ${orderItems.name}, 'quantity', ${orderItems.quantity},
            'unitPriceCents', ${orderItems.unitPriceCents}) order by ${orderItems.name}), '[]'::json)
          from ${orderItems} where ${orderItems.orderId} = ${orders.id})`.as("items"),
        lines: sql<{ kind: string; cents: number }[]>`(
          select coalesce(json_agg(json_build_object('kind', kind, 'cents', cents)), '[]'::json)
          from (select ${walletMovements.kind} as kind, sum(${walletMovements.amountCents})::bigint as cents
                from ${walletMovements}
                where ${walletMovements.organizationId} = ${orders.organizationId}
                  and ${walletMovements.orderId} = ${orders.id}
                  and ${inArray(walletMovements.kind, [...SALE_KINDS])}
                group by ${walletMovements.kind}) as sums)`.as("lines"),
      })
      .from(orders)
      .innerJoin(properties, eq(properties.id, orders.propertyId))
      .where(and(...page))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(literalLimit(pageSize));
  };
  return { name: `sales_page_${pageSize}_${shape}${after ? "_a" : ""}`, shape, values, rows };
}

/** How many orders of each status (the list's filter groups 'processing' with 'pending'). */
export type SalesCounts = Record<"paid" | "refunded" | "pending" | "cancelled" | "failed", number>;

export type SalesTotals = SaleMoney & { orders: number; counts: SalesCounts };

/**
 * The totals of the filtered period shown above the list, from the same ledger lines as each row's money:
 * a refunded order's sale stays in 'Vendas brutas' and its refund offsets it, so the net is what the
 * wallets hold for these orders. Read from the summary kept with every order and posting
 * (sales-summary.server.ts): its cost grows with days × properties × statuses, not with orders.
 */
export async function salesTotals(db: Db, actor: Actor, filter: SalesFilter): Promise<SalesTotals> {
  assertCan(actor, "sales.read");
  const totals = totalsOf(actor, filter);
  const query = preparedOnce(db, totals.name, () =>
    db
      .select(totals.columns(db))
      .from(organization)
      .where(eq(organization.id, sql.placeholder("organizationId")))
      .prepare(totals.name),
  );
  const [row] = await query.execute(totals.values);
  return totals.of({ byStatus: row?.byStatus ?? [], lines: row?.lines ?? [] });
}

type StatusRow = {
  status: string;
  orders: number | string;
  gross?: number | string;
  providerFee?: number | string;
  platformFee?: number | string;
  refund?: number | string;
};
type LineRow = { kind: string; cents: number | string };
type TotalsRows = { byStatus: StatusRow[]; lines: LineRow[] };

/**
 * The totals' read for the filters given, as columns of one row read from the organization (alone, or with
 * the first page): its statement's name (each combination of filters its own), its values and how the
 * totals come from what it read. Without a stay, from the daily summary; a stay's, from its orders and their
 * ledger lines (the summary cannot cut a day at noon), bounded by one property and one stay's days.
 */
function totalsOf(actor: Actor, filter: SalesFilter) {
  if (filter.stay) {
    const { where, values, shape } = conditions(actor, filter);
    return {
      name: `sales_stay_totals_${shape}`,
      values,
      columns: (db: Db): { [K in keyof TotalsRows]: SQL<TotalsRows[K]> } => ({
        byStatus: asJson<StatusRow>(
          db
            .select({
              status: columnAs(orders.status, "status"),
              orders: sql<number>`count(*)::bigint`.as("orders"),
            })
            .from(orders)
            .where(and(...where))
            .groupBy(orders.status),
        ),
        lines: asJson<LineRow>(
          db
            .select({
              kind: columnAs(walletMovements.kind, "kind"),
              cents: sql<number>`sum(${walletMovements.amountCents})::bigint`.as("cents"),
            })
            .from(walletMovements)
            .innerJoin(orders, eq(orders.id, walletMovements.orderId))
            .where(
              and(
                ...where,
                eq(walletMovements.organizationId, sql.placeholder("organizationId")),
                inArray(walletMovements.kind, [...SALE_KINDS]),
              ),
            )
            .groupBy(walletMovements.kind),
        ),
      }),
      of: ({ byStatus, lines }: TotalsRows): SalesTotals => ({
        ...countsOf(byStatus),
        ...moneyOf(lines.map((l) => ({ kind: l.kind, cents: Number(l.cents) }))),
      }),
    };
  }
  const status = filter.status === null ? "" : filter.status === "pending" ? "_pending" : "_status";
  return {
    name: `sales_totals${status}${filter.propertyId ? "_property" : ""}${filter.from ? "_from" : ""}${filter.to ? "_to" : ""}`,
    // The days have names of their own: the page's `from` and `to` are instants.
    values: {
      organizationId: actor.organizationId,
      status: filter.status,
      propertyId: filter.propertyId,
      dayFrom: filter.from,
      dayTo: filter.to,
    },
    columns: (db: Db): { [K in keyof TotalsRows]: SQL<TotalsRows[K]> } => {
      const where: SQL[] = [eq(salesDaily.organizationId, sql.placeholder("organizationId"))];
      if (filter.status === "pending") where.push(inArray(salesDaily.status, ["pending", "processing"]));
      else if (filter.status) where.push(eq(salesDaily.status, sql.placeholder("status")));
      if (filter.propertyId) where.push(eq(salesDaily.propertyId, sql.placeholder("propertyId")));
      if (filter.from) where.push(gte(salesDaily.day, sql.placeholder("dayFrom")));
      if (filter.to) where.push(lte(salesDaily.day, sql.placeholder("dayTo")));
      return {
        byStatus: asJson<StatusRow>(
          db
            .select({
              status: columnAs(salesDaily.status, "status"),
              orders: sql<number>`sum(${salesDaily.orders})::bigint`.as("orders"),
              gross: sql<number>`sum(${salesDaily.grossCents})::bigint`.as("gross"),
              providerFee: sql<number>`sum(${salesDaily.providerFeeCents})::bigint`.as("providerFee"),
              platformFee: sql<number>`sum(${salesDaily.platformFeeCents})::bigint`.as("platformFee"),
              refund: sql<number>`sum(${salesDaily.refundCents})::bigint`.as("refund"),
            })
            .from(salesDaily)
            .where(and(...where))
            .groupBy(salesDaily.status),
        ),
        lines: sql<LineRow[]>`'[]'::json`,
      };
    },
    of: ({ byStatus }: TotalsRows): SalesTotals => {
      const money = { ...NO_MONEY };
      for (const r of byStatus) {
        money.grossCents += Number(r.gross);
        money.providerFeeCents += Number(r.providerFee);
        money.platformFeeCents += Number(r.platformFee);
        money.refundCents += Number(r.refund);
      }
      money.netCents = money.grossCents - money.providerFeeCents - money.platformFeeCents + money.refundCents;
      return { ...countsOf(byStatus), ...money };
    },
  };
}

function countsOf(
  byStatus: { status: string; orders: string | number }[],
): Pick<SalesTotals, "orders" | "counts"> {
  const counts: SalesCounts = { paid: 0, refunded: 0, pending: 0, cancelled: 0, failed: 0 };
  let total = 0;
  for (const r of byStatus) {
    const group = r.status === "processing" ? "pending" : r.status;
    if (group in counts) counts[group as keyof SalesCounts] += Number(r.orders);
    total += Number(r.orders);
  }
  return { orders: total, counts };
}

/** Every sale of the filter, page after page (for the CSV export). */
export async function* allSales(db: Db, actor: Actor, filter: SalesFilter): AsyncGenerator<SaleRow> {
  let cursor: string | null = null;
  do {
    const page: SalesPage = await listSales(db, actor, filter, cursor, 500);
    yield* page.rows;
    cursor = page.next;
  } while (cursor);
}
