import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { calendarDay, endOfDayInSaoPaulo, startOfDayInSaoPaulo } from "~/lib/dates";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { afterCursor, cursorOf } from "~/platform/db/keyset-cursor";
import { orderItems, orders, properties } from "~/platform/db/schema";
import { isOrderStatus, type OrderStatus } from "../orders/order-status";
import { type Actor, assertCan } from "../team/permissions";

export const SALES_PAGE_SIZE = 20;

/** The filters of /sales, as they stand in its URL. */
export type SalesFilter = {
  /** 'paid' is the spec's one filter; 'pending' covers processing too; null = all. */
  status: "paid" | "pending" | "cancelled" | "failed" | "refunded" | null;
  propertyId: string | null;
  /** São Paulo calendar days, inclusive, as YYYY-MM-DD. */
  from: string | null;
  to: string | null;
};

export type SaleRow = {
  id: string;
  createdAt: Date;
  status: OrderStatus;
  paymentMethod: "pix" | "credit_card";
  propertyName: string;
  totalCents: number;
  buyerName: string;
  buyerEmail: string | null;
  buyerPhone: string | null;
  items: { name: string; quantity: number; unitPriceCents: number }[];
};

export type SalesPage = { rows: SaleRow[]; next: string | null };

const STATUS_FILTERS = ["paid", "pending", "cancelled", "failed", "refunded"] as const;

/** Reads the filters from a URL's query; anything unknown is ignored (shown as 'all'). */
export function salesFilter(query: URLSearchParams): SalesFilter {
  const status = query.get("status");
  const propertyId = query.get("imovel");
  const from = query.get("de");
  const to = query.get("ate");
  return {
    status: (STATUS_FILTERS as readonly string[]).includes(status ?? "")
      ? (status as SalesFilter["status"])
      : null,
    propertyId: isUuid(propertyId) ? propertyId : null,
    from: calendarDay(from),
    to: calendarDay(to),
  };
}

function conditions(actor: Actor, filter: SalesFilter): SQL[] {
  const where: SQL[] = [eq(orders.organizationId, actor.organizationId)];
  if (filter.status === "pending") where.push(inArray(orders.status, ["pending", "processing"]));
  else if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.propertyId) where.push(eq(orders.propertyId, filter.propertyId));
  if (filter.from) where.push(gte(orders.createdAt, startOfDayInSaoPaulo(filter.from)));
  if (filter.to) where.push(lt(orders.createdAt, endOfDayInSaoPaulo(filter.to)));
  return where;
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
  const where = conditions(actor, filter);
  const after = afterCursor(orders.createdAt, orders.id, cursor);
  if (after) where.push(after);
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      cursor: cursorOf(orders.createdAt, orders.id),
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      propertyName: properties.name,
      totalCents: orders.totalCents,
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
      buyerPhone: orders.buyerPhone,
    })
    .from(orders)
    .innerJoin(properties, eq(properties.id, orders.propertyId))
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize);
  const items = rows.length
    ? await db
        .select({
          orderId: orderItems.orderId,
          name: orderItems.name,
          quantity: orderItems.quantity,
          unitPriceCents: orderItems.unitPriceCents,
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(orderItems.name)
    : [];
  const byOrder = new Map<string, typeof items>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ cursor: _, ...r }) => ({
      ...r,
      status: isOrderStatus(r.status) ? r.status : "pending",
      paymentMethod: r.paymentMethod === "pix" ? "pix" : "credit_card",
      items: (byOrder.get(r.id) ?? []).map(({ name, quantity, unitPriceCents }) => ({
        name,
        quantity,
        unitPriceCents,
      })),
    })),
    next: rows.length === pageSize && last ? last.cursor : null,
  };
}

export type SalesTotals = { orders: number; paidOrders: number; paidCents: number; refundedCents: number };

/** The totals of the filtered period shown above the list. */
export async function salesTotals(db: Db, actor: Actor, filter: SalesFilter): Promise<SalesTotals> {
  assertCan(actor, "sales.read");
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      paidOrders: sql<number>`count(*) filter (where ${orders.status} = 'paid')::int`,
      paidCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} = 'paid'), 0)::bigint`,
      refundedCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} = 'refunded'), 0)::bigint`,
    })
    .from(orders)
    .where(and(...conditions(actor, filter)));
  return {
    orders: Number(row?.orders ?? 0),
    paidOrders: Number(row?.paidOrders ?? 0),
    paidCents: Number(row?.paidCents ?? 0),
    refundedCents: Number(row?.refundedCents ?? 0),
  };
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
