import { and, between, desc, eq, gte, lt, sql } from "drizzle-orm";
import { endOfDayInSaoPaulo, startOfDayInSaoPaulo } from "~/lib/dates";
import type { Db } from "~/platform/db/database-handle.server";
import {
  products,
  profitDaily,
  properties,
  stays,
  stockCountLines,
  stockCounts,
  stockMovements,
} from "~/platform/db/schema";
import { type Actor, assertCan } from "../team/permissions";
import type { LossReason } from "./loss-reasons";
import { readStayCount } from "./stay-count-account.server";

// Shrinkage ('Perdas', issue 46): what left the properties without a sale in a period, by reason, against the
// sales, per property and per product, and the stays whose turnover count found unpaid consumption. Money:
// owners and managers only ('sales.read').

export type ShrinkageReport = {
  from: string;
  to: string;
  byReason: { reason: LossReason; units: number; cents: number; uncostedUnits: number }[];
  byProperty: { propertyId: string; name: string; lossCents: number; salesCents: number }[];
  /** The products most often found consumed without paying, by units. */
  topUnpaid: { productId: string; name: string; units: number; cents: number }[];
  /** Stays whose own turnover count found units missing, newest first. */
  staysWithUnpaid: {
    stayId: string;
    propertyName: string;
    checkIn: string;
    checkOut: string;
    units: number;
  }[];
  lossCents: number;
  salesCents: number;
};

const TOP = 10;

export async function readShrinkage(
  db: Db,
  actor: Actor,
  period: { from: string; to: string },
): Promise<ShrinkageReport> {
  assertCan(actor, "sales.read");
  const org = actor.organizationId;
  const since = startOfDayInSaoPaulo(period.from);
  const until = endOfDayInSaoPaulo(period.to);
  const lost = sql<string>`coalesce(sum(${stockMovements.oldQuantity} - ${stockMovements.newQuantity}), 0)::bigint`;
  const lostCents = sql<string>`coalesce(sum((${stockMovements.oldQuantity} - ${stockMovements.newQuantity}) * ${stockMovements.unitCostCents}), 0)::bigint`;
  const uncosted = sql<string>`coalesce(sum(${stockMovements.oldQuantity} - ${stockMovements.newQuantity}) filter (where ${stockMovements.unitCostCents} is null), 0)::bigint`;
  const losses = and(
    eq(stockMovements.organizationId, org),
    eq(stockMovements.reason, "loss"),
    gte(stockMovements.createdAt, since),
    lt(stockMovements.createdAt, until),
  );
  const [reasons, perProperty, top, withUnpaid] = await Promise.all([
    db
      .select({ reason: stockMovements.lossReason, units: lost, cents: lostCents, uncostedUnits: uncosted })
      .from(stockMovements)
      .where(losses)
      .groupBy(stockMovements.lossReason),
    db
      .select({
        propertyId: properties.id,
        name: properties.name,
        lossCents: sql<string>`coalesce(sum(${profitDaily.lossCents}), 0)::bigint`,
        salesCents: sql<string>`coalesce(sum(${profitDaily.grossCents}), 0)::bigint`,
      })
      .from(profitDaily)
      .innerJoin(properties, eq(properties.id, profitDaily.propertyId))
      .where(and(eq(profitDaily.organizationId, org), between(profitDaily.day, period.from, period.to)))
      .groupBy(properties.id, properties.name)
      .orderBy(properties.name),
    db
      .select({ productId: stockMovements.productId, name: products.name, units: lost, cents: lostCents })
      .from(stockMovements)
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .where(and(losses, eq(stockMovements.lossReason, "consumed_unpaid")))
      .groupBy(stockMovements.productId, products.name)
      .orderBy(desc(lost), products.name)
      .limit(TOP),
    db
      .select({
        stayId: stays.id,
        propertyName: properties.name,
        checkIn: stays.checkIn,
        checkOut: stays.checkOut,
        units: sql<string>`sum(${stockCountLines.expected} - ${stockCountLines.counted})::bigint`,
      })
      .from(stockCounts)
      .innerJoin(stays, eq(stays.id, stockCounts.stayId))
      .innerJoin(properties, eq(properties.id, stockCounts.propertyId))
      .innerJoin(stockCountLines, eq(stockCountLines.countId, stockCounts.id))
      .where(
        and(
          eq(stockCounts.organizationId, org),
          gte(stockCounts.takenAt, since),
          lt(stockCounts.takenAt, until),
          eq(stockCountLines.applied, true),
          sql`${stockCountLines.counted} < ${stockCountLines.expected}`,
          eq(stockCountLines.lossReason, "consumed_unpaid"),
        ),
      )
      .groupBy(stays.id, properties.name, stays.checkIn, stays.checkOut)
      .orderBy(desc(stays.checkOut))
      .limit(50),
  ]);
  const byProperty = perProperty.map((p) => ({
    propertyId: p.propertyId,
    name: p.name,
    lossCents: Number(p.lossCents),
    salesCents: Number(p.salesCents),
  }));
  return {
    from: period.from,
    to: period.to,
    byReason: reasons
      .filter((r) => r.reason !== null)
      .map((r) => ({
        reason: r.reason as LossReason,
        units: Number(r.units),
        cents: Number(r.cents),
        uncostedUnits: Number(r.uncostedUnits),
      })),
    byProperty,
    topUnpaid: top.map((t) => ({ ...t, units: Number(t.units), cents: Number(t.cents) })),
    staysWithUnpaid: await ownFindings(db, org, withUnpaid),
    lossCents: byProperty.reduce((sum, p) => sum + p.lossCents, 0),
    salesCents: byProperty.reduce((sum, p) => sum + p.salesCents, 0),
  };
}

/**
 * Only the stays whose count's findings are their own: after a skipped count they belong to all the stays since
 * the last one (ADR 0055) and are never pinned on one guest here either.
 */
async function ownFindings(
  db: Db,
  organizationId: string,
  rows: { stayId: string; propertyName: string; checkIn: string; checkOut: string; units: string }[],
): Promise<ShrinkageReport["staysWithUnpaid"]> {
  const accounts = await Promise.all(rows.map((r) => readStayCount(db, organizationId, r.stayId)));
  return rows.flatMap((r, i) => (accounts[i]?.sharedBetween ? [] : [{ ...r, units: Number(r.units) }]));
}
