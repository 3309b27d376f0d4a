import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { asJson, columnAs, type Part, readParts } from "~/platform/db/prepared";
import { orders, salesDaily, walletMovements } from "~/platform/db/schema";
import {
  addSaleSums,
  NO_SALE_SUMS,
  SALE_KINDS,
  type SaleMoney,
  saleSumsOf,
  withNet,
} from "../ledger/sale-money.server";
import { type Actor, assertCan } from "../team/permissions";
import { filterVariant, orderConditions, type SalesFilter } from "./sales-filter.server";

/** How many orders of each status (the list's filter groups 'processing' with 'pending'). */
export type SalesCounts = Record<"paid" | "refunded" | "pending" | "cancelled" | "failed", number>;

export type SalesTotals = SaleMoney & { orders: number; counts: SalesCounts };

/**
 * The totals of the filtered period shown above the list, from the same ledger lines as each row's money:
 * a refunded order's sale stays in 'Vendas brutas' and its refund offsets it, so the net is what the
 * wallets hold for these orders. Read from the summary kept with every order and posting
 * (ledger/sales-summary.server.ts): its cost grows with days × properties × statuses, not with orders.
 */
export async function salesTotals(db: Db, actor: Actor, filter: SalesFilter): Promise<SalesTotals> {
  assertCan(actor, "sales.read");
  const { totals } = await readParts(db, "sales_totals", actor.organizationId, {
    totals: totalsPart(actor, filter),
  });
  return totals;
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
 * The totals of the filter as a part of the organization's row (read alone, or with the first page). Without
 * a stay, from the daily summary; a stay's, from its orders and their ledger lines (the summary cannot cut a
 * day at noon), bounded by one property and one stay's days.
 */
export function totalsPart(actor: Actor, filter: SalesFilter): Part<TotalsRows, SalesTotals> {
  const variant = filterVariant(filter);
  const result = (of: (rows: TotalsRows) => SaleMoney) => (row: TotalsRows | undefined) => {
    const rows = { byStatus: row?.byStatus ?? [], lines: row?.lines ?? [] };
    return { ...countsOf(rows.byStatus), ...of(rows) };
  };
  if (filter.stay) {
    const { where, values } = orderConditions(actor, filter);
    return {
      variant,
      values,
      columns: (db) => ({
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
      result: result(({ lines }) =>
        withNet(saleSumsOf(lines.map((l) => ({ kind: l.kind, cents: Number(l.cents) })))),
      ),
    };
  }
  return {
    variant,
    // The days have names of their own: the page's `from` and `to` are instants.
    values: {
      status: filter.status,
      propertyId: filter.propertyId,
      dayFrom: filter.from,
      dayTo: filter.to,
    },
    columns: (db) => {
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
    // The summary's rows already hold the money as sale-money.server.ts makes it.
    result: result(({ byStatus }) =>
      withNet(
        byStatus.reduce(
          (sums, r) =>
            addSaleSums(sums, {
              grossCents: Number(r.gross),
              providerFeeCents: Number(r.providerFee),
              platformFeeCents: Number(r.platformFee),
              refundCents: Number(r.refund),
            }),
          { ...NO_SALE_SUMS },
        ),
      ),
    ),
  };
}

function countsOf(byStatus: StatusRow[]): Pick<SalesTotals, "orders" | "counts"> {
  const counts: SalesCounts = { paid: 0, refunded: 0, pending: 0, cancelled: 0, failed: 0 };
  let total = 0;
  for (const r of byStatus) {
    const group = r.status === "processing" ? "pending" : r.status;
    if (group in counts) counts[group as keyof SalesCounts] += Number(r.orders);
    total += Number(r.orders);
  }
  return { orders: total, counts };
}
