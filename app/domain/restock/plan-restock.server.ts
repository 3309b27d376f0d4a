import { addDays } from "~/lib/dates";
import { comparePtNames } from "~/lib/sort-by-name";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { holdUntilCommit } from "~/platform/db/transaction-lock.server";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { type Forecast, readForecast, TRUST_DAYS } from "./forecast.server";
import { GUESTS_PER_STAY, nightsWithin, planLine, type RateSource, unitsUp, useOf } from "./forecast-math";
import { insertRun } from "./insert-run.server";
import { PLAN_TEXT } from "./plan-messages";

// 'Planejar reposições' (issue 48, ADR 0058): what to bring to each property before its next check-in, and
// the runs that take it, one per deadline day.

/** Days ahead the plan looks by default, and the stays whose use the screen forecasts. */
export const PLAN_DAYS_DEFAULT = 7;
export const UPCOMING_DAYS = 14;

export type PlannedLine = {
  productId: string;
  productName: string;
  par: number;
  expectedAtCheckIn: number;
  /** The coming stay's forecast use, rounded up. */
  comingStayUse: number;
  toBring: number;
  rateSource: RateSource;
};

export type PlannedProperty = {
  propertyId: string;
  propertyName: string;
  publicLocation: string | null;
  /** The check-in the stock must be there for. */
  deadline: string;
  /** The check-out of the guest in the property now, when there is one. */
  ongoingCheckOut: string | null;
  lines: PlannedLine[];
};

export type UpcomingForecast = {
  stayId: string;
  propertyName: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  /** Units per product expected during the stay (fractions: a forecast). */
  uses: { productName: string; units: number; rateSource: RateSource }[];
};

export type TrustRow = { propertyId: string; propertyName: string; forecast: number; used: number };

export type RestockPlan = {
  days: number;
  guestsPerStay: number;
  properties: PlannedProperty[];
  upcoming: UpcomingForecast[];
  trust: TrustRow[];
};

/** The ?dias= of the plan: a whole number of days from 1 to 30. */
export function planDaysOf(value: unknown): number {
  const n = typeof value === "string" && /^\d{1,2}$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 30)
    throw new AppError("invalid", PLAN_TEXT.daysRange);
  return n;
}

/** The plan for the check-ins in [today, today + days], in visit order, with the forecast behind it. */
export async function planRestock(
  db: Db,
  actor: Actor,
  options: { today: string; days: unknown; cover: boolean },
): Promise<RestockPlan> {
  assertCan(actor, "replacement.manage");
  const days = planDaysOf(options.days);
  return planOf(await readPlanForecast(db, actor, options.today, days), days, options.cover);
}

/**
 * Creates the plan's runs, one per deadline day, with every line that has something to bring, worked out
 * again inside the transaction under the organization's run lock (as createReplacement): two planners at
 * once create each line once, and the second is told nothing is left to plan.
 */
export async function createPlannedRuns(
  db: Db,
  actor: Actor,
  options: { today: string; days: unknown; cover: boolean },
): Promise<{ id: string; number: number; deliverBy: string }[]> {
  assertCan(actor, "replacement.manage");
  const days = planDaysOf(options.days);
  return db.transaction(async (tx) => {
    await holdUntilCommit(tx, `replacements:${actor.organizationId}`);
    const plan = planOf(await readPlanForecast(tx, actor, options.today, days), days, options.cover);
    const byDay = new Map<string, { propertyId: string; productId: string; quantity: number }[]>();
    for (const p of plan.properties) {
      for (const l of p.lines) {
        if (l.toBring <= 0) continue;
        const lines = byDay.get(p.deadline) ?? [];
        lines.push({ propertyId: p.propertyId, productId: l.productId, quantity: l.toBring });
        byDay.set(p.deadline, lines);
      }
    }
    if (byDay.size === 0) throw new AppError("conflict", PLAN_TEXT.nothingLeft);
    const runs = [];
    for (const [deliverBy, lines] of [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      runs.push({ ...(await insertRun(tx, actor, { deliverBy, lines })), deliverBy });
    }
    return runs;
  });
}

function readPlanForecast(db: Db | Tx, actor: Actor, today: string, days: number) {
  // The calendar far enough for the plan's check-ins, their stays' check-outs and the next 14 days.
  return readForecast(db, actor, { today, until: addDays(today, Math.max(days, UPCOMING_DAYS)) });
}

/** The plan from a forecast already read (pure: the domain test checks it through planRestock). */
function planOf(forecast: Forecast, days: number, cover: boolean): RestockPlan {
  const { today } = forecast;
  const last = addDays(today, days);
  const staysOf = new Map<string, Forecast["stays"]>();
  for (const s of forecast.stays) staysOf.set(s.propertyId, [...(staysOf.get(s.propertyId) ?? []), s]);
  const heldOf = new Map<string, Forecast["held"]>();
  for (const h of forecast.held) heldOf.set(h.propertyId, [...(heldOf.get(h.propertyId) ?? []), h]);

  const planned: PlannedProperty[] = [];
  for (const [propertyId, held] of heldOf) {
    const own = staysOf.get(propertyId) ?? [];
    const coming = own
      .filter((s) => s.checkIn >= today && s.checkIn <= last)
      .sort((a, b) => (a.checkIn < b.checkIn ? -1 : 1))[0];
    const first = held[0];
    if (!coming || !first) continue;
    const ongoing = own.find((s) => s.checkIn < today && s.checkOut > today);
    const ongoingNights = ongoing
      ? nightsWithin(ongoing.checkIn, ongoing.checkOut, today, coming.checkIn)
      : 0;
    const comingNights = nightsWithin(coming.checkIn, coming.checkOut, coming.checkIn, coming.checkOut);
    planned.push({
      propertyId,
      propertyName: first.propertyName,
      publicLocation: first.publicLocation,
      deadline: coming.checkIn,
      ongoingCheckOut: ongoing?.checkOut ?? null,
      lines: held
        .map((h) => {
          const comingStayUse = useOf(h.rate.perGuestNight, comingNights);
          const line = planLine({
            par: h.par,
            current: h.current,
            onTheWay: h.onTheWay,
            ongoingUse: useOf(h.rate.perGuestNight, ongoingNights),
            comingStayUse,
            coverComingStay: cover,
          });
          return {
            productId: h.productId,
            productName: h.productName,
            par: h.par,
            ...line,
            comingStayUse: unitsUp(comingStayUse),
            rateSource: h.rate.source,
          };
        })
        .sort((a, b) => comparePtNames(a.productName, b.productName)),
    });
  }
  planned.sort(
    (a, b) =>
      (a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : 0) ||
      compareLocations(a.publicLocation, b.publicLocation) ||
      comparePtNames(a.propertyName, b.propertyName),
  );

  const nameOf = new Map(forecast.held.map((h) => [h.propertyId, h.propertyName]));
  const upcomingLast = addDays(today, UPCOMING_DAYS);
  const upcoming = forecast.stays
    .filter((s) => s.checkIn >= today && s.checkIn <= upcomingLast && heldOf.has(s.propertyId))
    .sort(
      (a, b) =>
        (a.checkIn < b.checkIn ? -1 : a.checkIn > b.checkIn ? 1 : 0) ||
        comparePtNames(nameOf.get(a.propertyId) ?? "", nameOf.get(b.propertyId) ?? ""),
    )
    .map((s) => {
      const nights = nightsWithin(s.checkIn, s.checkOut, s.checkIn, s.checkOut);
      return {
        stayId: s.id,
        propertyName: nameOf.get(s.propertyId) ?? "",
        checkIn: s.checkIn,
        checkOut: s.checkOut,
        nights,
        uses: (heldOf.get(s.propertyId) ?? [])
          .map((h) => ({
            productName: h.productName,
            units: useOf(h.rate.perGuestNight, nights),
            rateSource: h.rate.source,
          }))
          .filter((u) => u.units > 0)
          .sort((a, b) => comparePtNames(a.productName, b.productName)),
      };
    });

  // Trust: the rates × the guest-nights of the last 30 days, against what was really used then.
  const trustFrom = addDays(today, -TRUST_DAYS);
  const trust = [...heldOf.entries()]
    .map(([propertyId, held]) => {
      const nights = (staysOf.get(propertyId) ?? []).reduce(
        (sum, s) => sum + nightsWithin(s.checkIn, s.checkOut, trustFrom, today),
        0,
      );
      return {
        propertyId,
        propertyName: held[0]?.propertyName ?? "",
        forecast: held.reduce((sum, h) => sum + useOf(h.rate.perGuestNight, nights), 0),
        used: forecast.usedRecently.get(propertyId) ?? 0,
      };
    })
    .sort((a, b) => comparePtNames(a.propertyName, b.propertyName));

  return { days, guestsPerStay: GUESTS_PER_STAY, properties: planned, upcoming, trust };
}

/** Neighbourhoods in Portuguese order, a property without one after those with one. */
function compareLocations(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (!a) return 1;
  if (!b) return -1;
  return comparePtNames(a, b);
}
