import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { isOrderStatus, type OrderStatus } from "~/lib/order-status";
import type { PaymentMethod } from "~/lib/payment-method";
import type { Db } from "~/platform/db/database-handle.server";
import { afterPosition, cursorOf, cursorParts } from "~/platform/db/keyset-cursor";
import {
  asJson,
  columnAs,
  literalLimit,
  type Part,
  prepared,
  type Queryable,
  readParts,
} from "~/platform/db/prepared";
import { disputes, orderItems, orders, properties, walletMovements } from "~/platform/db/schema";
import { disputeRespondBy } from "../ledger/dispute-deadline";
import { SALE_KINDS, type SaleMoney, saleMoneyOf } from "../ledger/sale-money.server";
import { livePropertiesPart } from "../properties/read-properties.server";
import { type Actor, assertCan } from "../team/permissions";
import { orderConditions, type SalesFilter } from "./sales-filter.server";
import { type SalesTotals, totalsPart } from "./sales-totals.server";

export const SALES_PAGE_SIZE = 20;

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
  /** Its payment's dispute (ADR 0061): 'opened' while held, 'lost' once reversed; null when none or won. */
  dispute: "opened" | "lost" | null;
  /** While 'opened': the day to send the evidence by (dispute-deadline.ts). */
  disputeRespondBy: string | null;
};

export type SalesPage = { rows: SaleRow[]; next: string | null };

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
  const page = pageRead(actor, filter, cursor, pageSize);
  const rows = await prepared(db, "sales_page", () => page.rows(db), page.variant).execute(page.values);
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
  return readParts(db, "sales_first", actor.organizationId, {
    page: pagePart(actor, filter),
    totals: totalsPart(actor, filter),
    properties: livePropertiesPart(),
  });
}

/** The first page as a part of a larger read. */
function pagePart(actor: Actor, filter: SalesFilter): Part<{ page: PageRow[] }, SalesPage> {
  const page = pageRead(actor, filter, null, SALES_PAGE_SIZE);
  return {
    columns: (db) => ({ page: asJson<PageRow>(page.rows(db)) }),
    values: page.values,
    variant: page.variant,
    result: (row) => salesPageOf(row?.page ?? [], SALES_PAGE_SIZE),
  };
}

type PageRow = Omit<
  SaleRow,
  keyof SaleMoney | "createdAt" | "status" | "paymentMethod" | "dispute" | "disputeRespondBy"
> & {
  dispute: { status: string; openedAt: string } | null;
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
    rows: rows.map(({ cursor: _, lines, dispute, ...r }) => ({
      ...r,
      createdAt: new Date(r.createdAt),
      ...saleMoneyOf(lines),
      status: isOrderStatus(r.status) ? r.status : "pending",
      paymentMethod: r.paymentMethod === "pix" ? "pix" : "credit_card",
      dispute: dispute?.status === "opened" || dispute?.status === "lost" ? dispute.status : null,
      // JSON carries the instant as ISO text with its offset.
      disputeRespondBy: dispute?.status === "opened" ? disputeRespondBy(new Date(dispute.openedAt)) : null,
    })),
    next: rows.length === pageSize && last ? last.cursor : null,
  };
}

/**
 * A page's read: its values, its variant (the filter's form, the size, whether it starts after a cursor) and
 * its rows' query (columns named as `PageRow`'s keys, so that its JSON has them too).
 */
function pageRead(actor: Actor, filter: SalesFilter, cursor: string | null, pageSize: number) {
  const { where, values, variant } = orderConditions(actor, filter);
  const after = cursorParts(cursor);
  if (after) {
    values.afterTime = after.time;
    values.afterId = after.id;
  }
  const rows = (db: Queryable) => {
    const position = { time: sql.placeholder("afterTime"), id: sql.placeholder("afterId") };
    const page = after ? [...where, afterPosition(orders.createdAt, orders.id, position)] : where;
    // Each row brings its items and its ledger sums by kind (a page of rows, each read by its index).
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
        dispute: sql<
          PageRow["dispute"]
        >`(select json_build_object('status', ${disputes.status}, 'openedAt', ${disputes.openedAt})
          from ${disputes} where ${disputes.paymentId} = ${orders.paidPaymentId})`.as("dispute"),
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
  return { values, rows, variant: { ...variant, size: pageSize, after: after !== null } };
}
