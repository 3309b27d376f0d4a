import { and, asc, eq, isNull } from "drizzle-orm";
import { addDays, calendarDay } from "~/lib/dates";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { properties } from "~/platform/db/schema";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { AGENDA_TEXT as T } from "./agenda-messages";
import { type OccupyingStay, occupyingStays, turnoversAcross } from "./occupying-stays.server";
import { stayShopPath } from "./stay-shop-link.server";

type Where = { stayId: string; propertyId: string; propertyName: string; source: string };

export type AgendaEntry =
  | (Where & { type: "checkout" })
  | (Where & { type: "turnover"; until: string | null; sameDay: boolean })
  | (Where & { type: "checkin"; checkOut: string; shopPath: string })
  | (Where & { type: "block"; checkIn: string; checkOut: string });

export type AgendaDay = { day: string; entries: AgendaEntry[] };

export type AgendaMonth = {
  /** YYYY-MM */
  month: string;
  previous: string;
  next: string;
  /** The month asked for was not one (shown: the current month). */
  badMonth: boolean;
  /** Only the days that have something, in order. */
  days: AgendaDay[];
  properties: { id: string; name: string }[];
  /** The property the agenda is narrowed to. */
  property: { id: string; name: string } | null;
};

const MONTH = /^(\d{4})-(\d{2})$/;

/** A 'YYYY-MM' the agenda can show, or null. */
export function agendaMonth(text: string | null | undefined): string | null {
  return text && MONTH.test(text) && calendarDay(`${text}-01`) ? text : null;
}

function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

const lastDayOf = (month: string) => addDays(`${shiftMonth(month, 1)}-01`, -1);

// Within a day: who leaves, the cleaning, who arrives, then closed days.
const ORDER: Record<AgendaEntry["type"], number> = { checkout: 0, turnover: 1, checkin: 2, block: 3 };

/**
 * One month of the organization's calendars (optionally one property): check-ins, check-outs, turnovers and
 * blocks per day. Cancelled stays are left out; another organization's property is not_found.
 */
export async function readAgenda(
  db: Db,
  actor: Actor,
  options: { month?: string | null; propertyId?: string | null; today: string },
): Promise<AgendaMonth> {
  assertCan(actor, "stays.read");
  const asked = agendaMonth(options.month);
  const month = asked ?? options.today.slice(0, 7);
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const owned = await db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(and(eq(properties.organizationId, actor.organizationId), isNull(properties.archivedAt)))
    .orderBy(asc(properties.name));
  let property: { id: string; name: string } | null = null;
  if (options.propertyId) {
    property = (isUuid(options.propertyId) && owned.find((p) => p.id === options.propertyId)) || null;
    if (!property) throw new AppError("not_found", T.propertyNotFound);
  }
  const rows = await occupyingStays(db, actor.organizationId, {
    from: first,
    to: last,
    propertyId: property?.id,
  });
  const inMonth = (day: string) => day >= first && day <= last;
  const days = new Map<string, AgendaEntry[]>();
  const put = (day: string, entry: AgendaEntry) => days.set(day, [...(days.get(day) ?? []), entry]);
  const where = (r: OccupyingStay): Where => ({
    stayId: r.id,
    propertyId: r.propertyId,
    propertyName: r.propertyName,
    source: r.source,
  });
  for (const r of rows) {
    if (r.kind === "block") {
      // A block is shown once, on its first day in the month, with its range.
      const shownOn = r.checkIn < first ? first : r.checkIn;
      if (inMonth(shownOn) && r.checkOut > first)
        put(shownOn, { ...where(r), type: "block", checkIn: r.checkIn, checkOut: r.checkOut });
      continue;
    }
    if (inMonth(r.checkIn))
      put(r.checkIn, {
        ...where(r),
        type: "checkin",
        checkOut: r.checkOut,
        shopPath: stayShopPath(r.shopToken),
      });
    if (inMonth(r.checkOut)) put(r.checkOut, { ...where(r), type: "checkout" });
  }
  for (const t of turnoversAcross(rows)) {
    if (inMonth(t.from))
      put(t.from, { ...where(t.stay), type: "turnover", until: t.until, sameDay: t.sameDay });
  }
  return {
    month,
    previous: shiftMonth(month, -1),
    next: shiftMonth(month, 1),
    badMonth: Boolean(options.month) && !asked,
    days: [...days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, entries]) => ({
        day,
        entries: entries.sort(
          (a, b) => a.propertyName.localeCompare(b.propertyName, "pt-BR") || ORDER[a.type] - ORDER[b.type],
        ),
      })),
    properties: owned,
    property,
  };
}
