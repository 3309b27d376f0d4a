import { and, between, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { calendarDay, DATE_RANGE_TEXT } from "~/lib/dates";
import { isUuid } from "~/lib/uuid";
import { profitDaily, profitProductDaily } from "~/platform/db/schema";
import { AppError } from "../errors";
import type { Queryable } from "../properties/types";
import { type Actor, assertCan } from "../team/permissions";
import { PROFIT_TEXT as T } from "./messages";
import { addSums, figuresOf, NO_SUMS, type ProfitFigures, type ProfitSums } from "./profit-figures";

export type ProfitPeriod = { from: unknown; to: unknown; propertyId?: unknown };

export type ProductProfit = {
  productId: string;
  units: number;
  grossCents: number;
  cogsCents: number;
  uncostedUnits: number;
  /** Net of refunds, before fees (which are the order's, not a product's). */
  profitCents: number;
};

export type ProfitReport = {
  from: string;
  to: string;
  totals: ProfitFigures;
  /** The same number of days just before: what the totals are compared with. */
  previous: ProfitFigures;
  properties: (ProfitFigures & { propertyId: string })[];
  /** Every day of the period, oldest first, zeros on days without anything. */
  daily: (ProfitFigures & { day: string })[];
  /** The ten products with the most profit (gross less cost of the units with a known cost). */
  topProducts: ProductProfit[];
};

const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/**
 * The profit dashboard's figures for São Paulo days `from`..`to` (inclusive), of the organization or one
 * property, read only from the summary tables (app/domain/profit/record-profit.server.ts keeps them).
 */
export async function profitOf(db: Queryable, actor: Actor, period: ProfitPeriod): Promise<ProfitReport> {
  assertCan(actor, "sales.read");
  const from = calendarDay(typeof period.from === "string" ? period.from : null);
  const to = calendarDay(typeof period.to === "string" ? period.to : null);
  if (!from || !to) throw new AppError("invalid", DATE_RANGE_TEXT);
  if (from > to) throw new AppError("invalid", T.badPeriod);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > MAX_DAYS) throw new AppError("invalid", T.tooLong);
  if (period.propertyId !== undefined && !isUuid(period.propertyId))
    throw new AppError("not_found", T.propertyNotFound);
  const propertyId = period.propertyId as string | undefined;
  const previousTo = shift(from, -1);
  const previousFrom = shift(from, -days);

  const where = (table: typeof profitDaily | typeof profitProductDaily, first: string, last: string) =>
    and(
      eq(table.organizationId, actor.organizationId),
      between(table.day, first, last),
      propertyId ? eq(table.propertyId, propertyId) : undefined,
    );
  const [byPropertyDay, previous, products] = await Promise.all([
    db
      .select({ propertyId: profitDaily.propertyId, day: profitDaily.day, ...sumsOf() })
      .from(profitDaily)
      .where(where(profitDaily, from, to))
      .groupBy(profitDaily.propertyId, profitDaily.day),
    db
      .select(sumsOf())
      .from(profitDaily)
      .where(where(profitDaily, previousFrom, previousTo)),
    db
      .select({
        productId: profitProductDaily.productId,
        units: sumOf(profitProductDaily.units),
        grossCents: sumOf(profitProductDaily.grossCents),
        cogsCents: sumOf(profitProductDaily.cogsCents),
        uncostedUnits: sumOf(profitProductDaily.uncostedUnits),
      })
      .from(profitProductDaily)
      .where(where(profitProductDaily, from, to))
      .groupBy(profitProductDaily.productId)
      .orderBy(
        desc(sql`sum(${profitProductDaily.grossCents}) - sum(${profitProductDaily.cogsCents})`),
        profitProductDaily.productId,
      )
      .limit(10),
  ]);

  const perProperty = new Map<string, ProfitSums>();
  const perDay = new Map<string, ProfitSums>();
  let totals = NO_SUMS;
  for (const { propertyId: id, day, ...sums } of byPropertyDay) {
    perProperty.set(id, addSums(perProperty.get(id) ?? NO_SUMS, sums));
    perDay.set(day, addSums(perDay.get(day) ?? NO_SUMS, sums));
    totals = addSums(totals, sums);
  }
  return {
    from,
    to,
    totals: figuresOf(totals),
    previous: figuresOf(previous[0] ?? NO_SUMS),
    properties: [...perProperty]
      .map(([id, sums]) => ({ propertyId: id, ...figuresOf(sums) }))
      .sort((a, b) => b.profitCents - a.profitCents || a.propertyId.localeCompare(b.propertyId)),
    daily: Array.from({ length: days }, (_, i) => {
      const day = shift(from, i);
      return { day, ...figuresOf(perDay.get(day) ?? NO_SUMS) };
    }),
    topProducts: products.map((p) => ({ ...p, profitCents: p.grossCents - p.cogsCents })),
  };
}

/** The day `n` days after (or before) a calendar day. */
function shift(day: string, n: number): string {
  return new Date(Date.parse(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Sums of a bigint or integer column as a JS number (0 when no row). */
function sumOf(column: AnyPgColumn) {
  return sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
}

function sumsOf(): Record<keyof ProfitSums, SQL<number>> {
  const t = profitDaily;
  return {
    grossCents: sumOf(t.grossCents),
    providerFeeCents: sumOf(t.providerFeeCents),
    platformFeeCents: sumOf(t.platformFeeCents),
    refundedCents: sumOf(t.refundedCents),
    orders: sumOf(t.orders),
    refundedOrders: sumOf(t.refundedOrders),
    cogsCents: sumOf(t.cogsCents),
    uncostedUnits: sumOf(t.uncostedUnits),
    uncostedGrossCents: sumOf(t.uncostedGrossCents),
    lossCents: sumOf(t.lossCents),
    lossUnitsUncosted: sumOf(t.lossUnitsUncosted),
    gainCents: sumOf(t.gainCents),
  };
}
