import { and, eq, getTableColumns, inArray, isNotNull } from "drizzle-orm";
import { saoPauloDay } from "~/lib/dates";
import {
  orderItems,
  orders,
  profitDaily,
  profitProductDaily,
  refunds,
  stockMovements,
  walletMovements,
} from "~/platform/db/schema";
import { SALE_PARTS } from "../ledger/sale-money.server";
import type { Queryable } from "../properties/types";
import {
  figuresOfMovement,
  figuresOfOrder,
  NO_SUMS,
  type ProductFigures,
  type ProfitSums,
  type SoldLine,
} from "./profit-figures";
import { SALE_LINE } from "./record-profit.server";

export type DailyRow = ProfitSums & { propertyId: string; day: string };
export type ProductDailyRow = ProductFigures & { propertyId: string; day: string };
export type ProfitRows = { daily: DailyRow[]; products: ProductDailyRow[] };

/**
 * The summary an organization's source rows (paid orders, their lines and sale postings, refunds, stock
 * movements) add up to, rebuilt from scratch: what the kept summary must equal. It reads everything the
 * organization has, so it is for checks and repairs, never for a screen.
 */
export async function recomputeProfit(db: Queryable, organizationId: string): Promise<ProfitRows> {
  const paid = await db
    .select({ id: orders.id, propertyId: orders.propertyId, paidAt: orders.paidAt })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), isNotNull(orders.paidAt)));
  const lines = await db
    .select({ orderId: orderItems.orderId, ...SALE_LINE })
    .from(orderItems)
    .where(eq(orderItems.organizationId, organizationId));
  const ledger = await db
    .select({
      orderId: walletMovements.orderId,
      kind: walletMovements.kind,
      amountCents: walletMovements.amountCents,
    })
    .from(walletMovements)
    .where(
      and(eq(walletMovements.organizationId, organizationId), inArray(walletMovements.kind, [...SALE_PARTS])),
    );
  const refunded = await db
    .select({ orderId: refunds.orderId, createdAt: refunds.createdAt })
    .from(refunds)
    .where(eq(refunds.organizationId, organizationId));
  const moved = await db
    .select()
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.organizationId, organizationId),
        inArray(stockMovements.reason, ["loss", "adjustment"]),
      ),
    );

  const linesOf = groupBy(lines, (l) => l.orderId);
  const ledgerOf = groupBy(ledger, (m) => m.orderId ?? "");
  const refundOf = new Map(refunded.map((r) => [r.orderId, r.createdAt]));
  const daily = new Map<string, DailyRow>();
  const products = new Map<string, ProductDailyRow>();
  const dayRow = (propertyId: string, day: string) => {
    const key = `${propertyId}|${day}`;
    const row = daily.get(key) ?? { propertyId, day, ...NO_SUMS };
    daily.set(key, row);
    return row;
  };

  for (const order of paid) {
    if (!order.paidAt) continue;
    const f = figuresOfOrder(ledgerOf.get(order.id) ?? [], (linesOf.get(order.id) ?? []) as SoldLine[]);
    const refundedAt = refundOf.get(order.id);
    const events: [Date, 1 | -1][] = [
      [order.paidAt, 1],
      ...(refundedAt ? [[refundedAt, -1] as [Date, -1]] : []),
    ];
    for (const [at, sign] of events) {
      const day = saoPauloDay(at);
      const row = dayRow(order.propertyId, day);
      if (sign === 1) {
        row.grossCents += f.grossCents;
        row.orders += 1;
      } else {
        row.refundedCents += f.grossCents;
        row.refundedOrders += 1;
      }
      row.providerFeeCents += sign * f.providerFeeCents;
      row.platformFeeCents += sign * f.platformFeeCents;
      row.cogsCents += sign * f.cogsCents;
      row.uncostedUnits += sign * f.uncostedUnits;
      row.uncostedGrossCents += sign * f.uncostedGrossCents;
      for (const p of f.products) {
        const key = `${order.propertyId}|${day}|${p.productId}`;
        const product = products.get(key) ?? {
          propertyId: order.propertyId,
          day,
          productId: p.productId,
          units: 0,
          grossCents: 0,
          cogsCents: 0,
          uncostedUnits: 0,
        };
        product.units += sign * p.units;
        product.grossCents += sign * p.grossCents;
        product.cogsCents += sign * p.cogsCents;
        product.uncostedUnits += sign * p.uncostedUnits;
        products.set(key, product);
      }
    }
  }
  for (const m of moved) {
    const f = figuresOfMovement(m);
    if (f.lossCents === 0 && f.lossUnitsUncosted === 0 && f.gainCents === 0) continue;
    const row = dayRow(m.propertyId, saoPauloDay(m.createdAt));
    row.lossCents += f.lossCents;
    row.lossUnitsUncosted += f.lossUnitsUncosted;
    row.gainCents += f.gainCents;
  }
  return { daily: sortRows([...daily.values()]), products: sortRows([...products.values()]) };
}

/** The kept summary of an organization, in the same shape and order as recomputeProfit's. */
export async function keptProfit(db: Queryable, organizationId: string): Promise<ProfitRows> {
  const { organizationId: _o, ...dailyColumns } = getTableColumns(profitDaily);
  const { organizationId: _p, ...productColumns } = getTableColumns(profitProductDaily);
  const daily = await db
    .select(dailyColumns)
    .from(profitDaily)
    .where(eq(profitDaily.organizationId, organizationId));
  const products = await db
    .select(productColumns)
    .from(profitProductDaily)
    .where(eq(profitProductDaily.organizationId, organizationId));
  return { daily: sortRows(daily), products: sortRows(products) };
}

function sortRows<T extends { propertyId: string; day: string; productId?: string }>(rows: T[]): T[] {
  return rows.sort(
    (a, b) =>
      a.propertyId.localeCompare(b.propertyId) ||
      a.day.localeCompare(b.day) ||
      (a.productId ?? "").localeCompare(b.productId ?? ""),
  );
}

function groupBy<T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = out.get(key);
    if (group) group.push(row);
    else out.set(key, [row]);
  }
  return out;
}
