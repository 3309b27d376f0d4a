import { and, between, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { calendarDay, DATE_RANGE_TEXT, endOfDayInSaoPaulo, startOfDayInSaoPaulo } from "~/lib/dates";
import { isUuid } from "~/lib/uuid";
import { asJson, columnAs, literalLimit, type Part, readParts } from "~/platform/db/prepared";
import { products, profitDaily, profitProductDaily, properties } from "~/platform/db/schema";
import { AppError } from "../errors";
import type { Queryable } from "../properties/types";
import { type Actor, assertCan } from "../team/permissions";
import { PROFIT_TEXT as T } from "./messages";
import { addSums, figuresOf, NO_SUMS, type ProfitFigures, type ProfitSums } from "./profit-figures";
import { daysBetween, MAX_PERIOD_DAYS, shiftDay as shift } from "./profit-period";
import { recoveredDamagesQuery } from "./read-recovered.server";

export type ProfitPeriod = { from: unknown; to: unknown; propertyId?: unknown };

export type ProductProfit = {
  productId: string;
  name: string;
  units: number;
  grossCents: number;
  cogsCents: number;
  uncostedUnits: number;
  /** Gross less the cost of its units of known cost and its share of the fees (the period's fees in
   * proportion to its sales, as the fees are a share of each sale), so that it adds up to the 'Lucro' beside
   * it; null when no unit had a known cost ('sem custo'). */
  profitCents: number | null;
};

export type ProfitReport = {
  from: string;
  to: string;
  totals: ProfitFigures;
  /** The same number of days just before: what the totals are compared with. */
  previous: ProfitFigures;
  previousPeriod: { from: string; to: string };
  /**
   * Every property that is not archived (zeros when nothing happened: a shop that sells nothing is news
   * too) and every archived one with figures in the period, the most profitable first.
   */
  properties: (ProfitFigures & { propertyId: string; name: string })[];
  /** Every day of the period, oldest first, zeros on days without anything. */
  daily: (ProfitFigures & { day: string })[];
  /** The ten products with the most profit (sales less the cost of the units with a known cost and their share of the fees). */
  topProducts: ProductProfit[];
  /** Damages the platforms paid back in the period (issue 23): beside the profit, not in it. */
  recoveredCents: number;
};

/** A period asked for, checked, with the period before it that it is compared with. */
export type ProfitAsk = {
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
  propertyId: string | undefined;
};

/**
 * The profit dashboard's figures for São Paulo days `from`..`to` (inclusive), of the organization or one
 * property, read only from the summary tables (app/domain/profit/record-profit.server.ts keeps them).
 */
export async function profitOf(db: Queryable, actor: Actor, period: ProfitPeriod): Promise<ProfitReport> {
  const { profit } = await readParts(db, "profit", actor.organizationId, {
    profit: profitPart(actor, profitAsk(actor, period)),
  });
  return profit;
}

/** Checks who asks and the period asked for; throws the pt-BR refusal of a period that cannot be read. */
export function profitAsk(actor: Actor, period: ProfitPeriod): ProfitAsk {
  assertCan(actor, "sales.read");
  const from = calendarDay(typeof period.from === "string" ? period.from : null);
  const to = calendarDay(typeof period.to === "string" ? period.to : null);
  if (!from || !to) throw new AppError("invalid", DATE_RANGE_TEXT);
  if (from > to) throw new AppError("invalid", T.badPeriod);
  const days = daysBetween(from, to);
  if (days > MAX_PERIOD_DAYS) throw new AppError("invalid", T.tooLong);
  if (period.propertyId !== undefined && !isUuid(period.propertyId))
    throw new AppError("not_found", T.propertyNotFound);
  const propertyId = period.propertyId as string | undefined;
  return { from, to, days, previousFrom: shift(from, -days), previousTo: shift(from, -1), propertyId };
}

/**
 * The period's profit as a part of the organization's row (read alone, or with the dashboard's other reads):
 * the report of the rows `profitColumns` read, with the values of their placeholders.
 */
export function profitPart(actor: Actor, ask: ProfitAsk): Part<ProfitRow, ProfitReport> {
  const ofProperty = ask.propertyId !== undefined;
  return {
    columns: (db) => profitColumns(db, ofProperty),
    values: profitValues(actor, ask),
    variant: { property: ofProperty },
    result: (row) => profitReportOf(ask, row),
  };
}

/** The values of `profitColumns`' placeholders. */
function profitValues(actor: Actor, ask: ProfitAsk) {
  return {
    organizationId: actor.organizationId,
    from: ask.from,
    to: ask.to,
    previousFrom: ask.previousFrom,
    propertyId: ask.propertyId ?? "",
    recoveredFrom: startOfDayInSaoPaulo(ask.from),
    recoveredTo: endOfDayInSaoPaulo(ask.to),
  };
}

/** The report, from the row `profitColumns` read. */
function profitReportOf(ask: ProfitAsk, row: ProfitRow | undefined): ProfitReport {
  const { from, to, days } = ask;
  const byPropertyDay = row?.days ?? [];
  const top = row?.products ?? [];
  const named = row?.properties ?? [];
  const recoveredCents = Number(row?.recovered ?? 0);

  const perProperty = new Map<string, ProfitSums>();
  const perDay = new Map<string, ProfitSums>();
  let totals = NO_SUMS;
  let previous = NO_SUMS;
  for (const { propertyId: id, day, ...sums } of byPropertyDay) {
    if (id === null || day === null) {
      previous = sums;
      continue;
    }
    perProperty.set(id, addSums(perProperty.get(id) ?? NO_SUMS, sums));
    perDay.set(day, addSums(perDay.get(day) ?? NO_SUMS, sums));
    totals = addSums(totals, sums);
  }
  return {
    from,
    to,
    totals: figuresOf(totals),
    previous: figuresOf(previous),
    previousPeriod: { from: ask.previousFrom, to: ask.previousTo },
    properties: named
      .filter((p) => !p.archived || perProperty.has(p.id))
      .map((p) => ({ propertyId: p.id, name: p.name, ...figuresOf(perProperty.get(p.id) ?? NO_SUMS) }))
      .sort((a, b) => b.profitCents - a.profitCents || a.propertyId.localeCompare(b.propertyId)),
    daily: Array.from({ length: days }, (_, i) => {
      const day = shift(from, i);
      return { day, ...figuresOf(perDay.get(day) ?? NO_SUMS) };
    }),
    topProducts: productsAfterFees(top, totals),
    recoveredCents,
  };
}

/**
 * The top products' profit after their share of the period's fees (issue 49: 'Lucro R$ 4,14' beside a
 * product's 'R$ 4,40' before fees), the most profitable first again; 'sem custo' last.
 */
function productsAfterFees(top: ProductRow[], totals: ProfitSums): ProductProfit[] {
  const fees = totals.providerFeeCents + totals.platformFeeCents;
  // A product's gross is its sales less refunds: shared in proportion to the period's sales.
  const sales = totals.grossCents - totals.refundedCents;
  const share = (gross: number) => (sales > 0 ? Math.round((fees * gross) / sales) : 0);
  return top
    .map((p) => ({
      ...p,
      profitCents: p.uncostedUnits === p.units ? null : p.grossCents - p.cogsCents - share(p.grossCents),
    }))
    .sort(
      (a, b) =>
        (b.profitCents ?? Number.NEGATIVE_INFINITY) - (a.profitCents ?? Number.NEGATIVE_INFINITY) ||
        a.productId.localeCompare(b.productId),
    );
}

const placeholder = {
  organizationId: sql.placeholder("organizationId"),
  from: sql.placeholder("from"),
  to: sql.placeholder("to"),
  previousFrom: sql.placeholder("previousFrom"),
  propertyId: sql.placeholder("propertyId"),
  recoveredFrom: sql.placeholder("recoveredFrom"),
  recoveredTo: sql.placeholder("recoveredTo"),
};

type DayRow = ProfitSums & { propertyId: string | null; day: string | null };
type ProductRow = Omit<ProductProfit, "profitCents">;
type PropertyRow = { id: string; name: string; archived: boolean };

type ProfitRow = { days: DayRow[]; products: ProductRow[]; properties: PropertyRow[]; recovered: number };

/**
 * The profit's reads, of the organization or of one property, as the columns of one row selected from the
 * organization (one round trip, on its own or with the dashboard's other reads): the days and properties of
 * both periods, the top products, the properties' names and the damages paid back.
 */
function profitColumns(db: Queryable, ofProperty: boolean): { [K in keyof ProfitRow]: SQL<ProfitRow[K]> } {
  const where = (
    table: typeof profitDaily | typeof profitProductDaily,
    first: Placeholder,
    last: Placeholder,
  ) =>
    and(
      eq(table.organizationId, placeholder.organizationId),
      between(table.day, first, last),
      ofProperty ? eq(table.propertyId, placeholder.propertyId) : undefined,
    );
  // One pass over the summary for both periods: the previous period's rows fold into one (no property, no
  // day), the chosen period's stay per property and day.
  const current = sql`${profitDaily.day} >= ${placeholder.from}`;
  const byPropertyDay = db
    .select({
      propertyId: sql<string | null>`case when ${current} then ${profitDaily.propertyId} end`.as(
        "propertyId",
      ),
      day: sql<string | null>`case when ${current} then ${profitDaily.day}::text end`.as("day"),
      ...sumsOf(),
    })
    .from(profitDaily)
    .where(where(profitDaily, placeholder.previousFrom, placeholder.to))
    .groupBy(sql`1`, sql`2`);
  const topProducts = db
    .select({
      productId: columnAs(profitProductDaily.productId, "productId"),
      name: columnAs(products.name, "name"),
      units: sumOf(profitProductDaily.units, "units"),
      grossCents: sumOf(profitProductDaily.grossCents, "grossCents"),
      cogsCents: sumOf(profitProductDaily.cogsCents, "cogsCents"),
      uncostedUnits: sumOf(profitProductDaily.uncostedUnits, "uncostedUnits"),
    })
    .from(profitProductDaily)
    .innerJoin(products, eq(products.id, profitProductDaily.productId))
    .where(where(profitProductDaily, placeholder.from, placeholder.to))
    .groupBy(profitProductDaily.productId, products.name)
    .orderBy(
      // A product none of whose units had a known cost has no profit to rank: it comes last.
      sql`case when sum(${profitProductDaily.uncostedUnits}) = sum(${profitProductDaily.units}) then null
        else sum(${profitProductDaily.grossCents}) - sum(${profitProductDaily.cogsCents}) end desc nulls last`,
      profitProductDaily.productId,
    )
    .limit(literalLimit(10));
  const named = db
    .select({
      id: columnAs(properties.id, "id"),
      name: columnAs(properties.name, "name"),
      archived: sql<boolean>`${properties.archivedAt} is not null`.as("archived"),
    })
    .from(properties)
    .where(
      and(
        eq(properties.organizationId, placeholder.organizationId),
        ofProperty ? eq(properties.id, placeholder.propertyId) : undefined,
      ),
    );
  const recovered = recoveredDamagesQuery(db, ofProperty, {
    organizationId: placeholder.organizationId,
    from: placeholder.recoveredFrom,
    to: placeholder.recoveredTo,
    propertyId: placeholder.propertyId,
  });
  return {
    days: asJson<DayRow>(byPropertyDay),
    products: asJson<ProductRow>(topProducts),
    properties: asJson<PropertyRow>(named),
    recovered: sql<number>`(${recovered})`,
  };
}

/** The sum of a bigint or integer column under `alias` (0 when no row); JSON makes it a number. */
function sumOf(column: AnyPgColumn, alias: string) {
  return sql<number>`coalesce(sum(${column}), 0)`.as(alias);
}

function sumsOf(): Record<keyof ProfitSums, SQL.Aliased<number>> {
  const t = profitDaily;
  return {
    grossCents: sumOf(t.grossCents, "grossCents"),
    providerFeeCents: sumOf(t.providerFeeCents, "providerFeeCents"),
    platformFeeCents: sumOf(t.platformFeeCents, "platformFeeCents"),
    refundedCents: sumOf(t.refundedCents, "refundedCents"),
    orders: sumOf(t.orders, "orders"),
    refundedOrders: sumOf(t.refundedOrders, "refundedOrders"),
    cogsCents: sumOf(t.cogsCents, "cogsCents"),
    uncostedUnits: sumOf(t.uncostedUnits, "uncostedUnits"),
    uncostedGrossCents: sumOf(t.uncostedGrossCents, "uncostedGrossCents"),
    lossCents: sumOf(t.lossCents, "lossCents"),
    lossUnitsUncosted: sumOf(t.lossUnitsUncosted, "lossUnitsUncosted"),
    gainCents: sumOf(t.gainCents, "gainCents"),
  };
}
