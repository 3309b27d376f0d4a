import { and, eq, gt, gte, isNull, lt, lte, sql } from "drizzle-orm";
import { addDays, startOfDayInSaoPaulo } from "~/lib/dates";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import {
  products,
  profitProductDaily,
  properties,
  propertyProducts,
  stays,
  stockCountLines,
  stockCounts,
} from "~/platform/db/schema";
import type { Actor } from "../team/permissions";
import { GUESTS_PER_STAY, type HeldPair, nightsWithin, type Rate, ratesOf } from "./forecast-math";
import { onTheWaySubquery } from "./missing-products.server";

// The forecast of restock planning (ADR 0058): units used per guest-night per property×product over the last
// 90 days (paid sales and what counts found 'Consumido sem pagar'), and what the calendar's stays will use.

/** Days of history behind the rates. */
export const HISTORY_DAYS = 90;
/** Days of the 'forecast against what was used' check on the planning screen. */
export const TRUST_DAYS = 30;

export type HeldProduct = HeldPair & {
  propertyName: string;
  publicLocation: string | null;
  productName: string;
  /** The par level: 'quantidade esperada'. */
  par: number;
  current: number;
  onTheWay: number;
  rate: Rate;
};

export type ForecastStay = { id: string; propertyId: string; checkIn: string; checkOut: string };

export type Forecast = {
  today: string;
  /** Counted products with a par level at active properties, with their rates. */
  held: HeldProduct[];
  /** Confirmed guest stays (not blocks) from the history window's start to `until`. */
  stays: ForecastStay[];
  /** Units really used per property in the last TRUST_DAYS days (paid sales + consumed unpaid at counts). */
  usedRecently: Map<string, number>;
};

const key = (propertyId: string, productId: string) => `${propertyId}:${productId}`;

/**
 * Reads the organization's history and calendar and works out the rates: the history window is the
 * HISTORY_DAYS days before `today` (today excluded), the calendar is read up to `until`. Checks no
 * permission: the caller's operation already did.
 */
export async function readForecast(
  db: Db | Tx,
  actor: Actor,
  range: { today: string; until: string },
): Promise<Forecast> {
  const org = actor.organizationId;
  const from = addDays(range.today, -HISTORY_DAYS);
  const recentDay = addDays(range.today, -TRUST_DAYS);
  const recentFrom = startOfDayInSaoPaulo(recentDay);
  const historyStart = startOfDayInSaoPaulo(from);
  const historyEnd = startOfDayInSaoPaulo(range.today);
  const onTheWay = onTheWaySubquery(db, org);
  // One after the other: inside 'Criar reposições' they share the transaction's one connection.
  const heldRows = await db
    .select({
      propertyId: propertyProducts.propertyId,
      propertyName: properties.name,
      publicLocation: properties.publicLocation,
      productId: propertyProducts.productId,
      productName: products.name,
      par: sql<number>`${propertyProducts.expectedQuantity}`,
      current: sql<number>`${propertyProducts.currentQuantity}`,
      onTheWay: sql<number>`coalesce(${onTheWay.units}, 0)::int`,
      newInProperty: sql<boolean>`${propertyProducts.createdAt} > ${historyStart.toISOString()}::timestamptz`,
    })
    .from(propertyProducts)
    .innerJoin(properties, and(eq(properties.id, propertyProducts.propertyId), isNull(properties.archivedAt)))
    .innerJoin(products, and(eq(products.id, propertyProducts.productId), isNull(products.archivedAt)))
    .leftJoin(
      onTheWay,
      and(
        eq(onTheWay.propertyId, propertyProducts.propertyId),
        eq(onTheWay.productId, propertyProducts.productId),
      ),
    )
    .where(
      and(
        eq(propertyProducts.organizationId, org),
        sql`${propertyProducts.currentQuantity} is not null and ${propertyProducts.expectedQuantity} is not null`,
      ),
    );
  const stayRows = await db
    .select({
      id: stays.id,
      propertyId: stays.propertyId,
      checkIn: stays.checkIn,
      checkOut: stays.checkOut,
    })
    .from(stays)
    .where(
      and(
        eq(stays.organizationId, org),
        eq(stays.kind, "stay"),
        eq(stays.status, "confirmed"),
        gt(stays.checkOut, from),
        lte(stays.checkIn, range.until),
      ),
    );
  // Paid sales from the profit summary (ADR 0024): units per day of payment, refunds taken off on theirs.
  const salesRows = await db
    .select({
      propertyId: profitProductDaily.propertyId,
      productId: profitProductDaily.productId,
      units: sql<number>`sum(${profitProductDaily.units})::int`,
      recent: sql<number>`coalesce(sum(${profitProductDaily.units}) filter (where ${profitProductDaily.day} >= ${recentDay}), 0)::int`,
    })
    .from(profitProductDaily)
    .where(
      and(
        eq(profitProductDaily.organizationId, org),
        gte(profitProductDaily.day, from),
        lt(profitProductDaily.day, range.today),
      ),
    )
    .groupBy(profitProductDaily.propertyId, profitProductDaily.productId);
  const countRows = await db
    .select({
      propertyId: stockCounts.propertyId,
      productId: stockCountLines.productId,
      units: sql<number>`sum(greatest(${stockCountLines.expected} - ${stockCountLines.counted}, 0))::int`,
      recent: sql<number>`coalesce(sum(greatest(${stockCountLines.expected} - ${stockCountLines.counted}, 0)) filter (where ${stockCounts.takenAt} >= ${recentFrom.toISOString()}::timestamptz), 0)::int`,
    })
    .from(stockCounts)
    .innerJoin(stockCountLines, eq(stockCountLines.countId, stockCounts.id))
    .where(
      and(
        eq(stockCounts.organizationId, org),
        eq(stockCountLines.lossReason, "consumed_unpaid"),
        eq(stockCountLines.applied, true),
        gte(stockCounts.takenAt, historyStart),
        lt(stockCounts.takenAt, historyEnd),
      ),
    )
    .groupBy(stockCounts.propertyId, stockCountLines.productId);
  const used = new Map<string, number>();
  const usedRecently = new Map<string, number>();
  for (const r of [...salesRows, ...countRows]) {
    const k = key(r.propertyId, r.productId);
    used.set(k, (used.get(k) ?? 0) + Number(r.units));
    usedRecently.set(r.propertyId, (usedRecently.get(r.propertyId) ?? 0) + Number(r.recent));
  }
  const guestNights = new Map<string, number>();
  for (const s of stayRows) {
    const nights = nightsWithin(s.checkIn, s.checkOut, from, range.today);
    if (nights > 0)
      guestNights.set(s.propertyId, (guestNights.get(s.propertyId) ?? 0) + nights * GUESTS_PER_STAY);
  }
  const rates = ratesOf(heldRows, used, guestNights);
  const held = heldRows.map((h) => ({
    ...h,
    par: Number(h.par),
    current: Number(h.current),
    onTheWay: Number(h.onTheWay),
    rate: rates.get(key(h.propertyId, h.productId)) ?? { perGuestNight: 0, source: "none" as const },
  }));
  return { today: range.today, held, stays: stayRows, usedRecently };
}
