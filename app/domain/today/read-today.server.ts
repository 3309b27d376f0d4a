import { and, eq, inArray } from "drizzle-orm";
import { saoPauloDay } from "~/lib/dates";
import { OPEN_REPLACEMENT_STATUSES, type ReplacementStatus } from "~/lib/replacement-status";
import { comparePtNames } from "~/lib/sort-by-name";
import type { Db } from "~/platform/db/database-handle.server";
import { stockCounts } from "~/platform/db/schema";
import { listDamages } from "../damages/read-damages.server";
import { listReplacements } from "../restock/read-replacements.server";
import { leavingOn, occupyingStays } from "../stays/occupying-stays.server";
import { type Actor, assertCan } from "../team/permissions";

export type TodayCheckout = {
  stayId: string;
  propertyId: string;
  propertyName: string;
  checkIn: string;
  checkOut: string;
  /** The next check-in at that property: today, a later day, or none known. */
  nextCheckIn: string | null;
  /** A count was saved for this stay ('Conferir saída' done). */
  counted: boolean;
};

export type TodayCheckin = { stayId: string; propertyId: string; propertyName: string; checkOut: string };

export type TodayRun = {
  id: string;
  number: number;
  status: ReplacementStatus;
  deliverBy: string;
  late: boolean;
};

/** No amounts here, for any role: the page is the day's work, not its money. */
export type TodayDamage = { id: string; title: string; propertyName: string; reportedOn: string };

export type Today = {
  day: string;
  checkouts: TodayCheckout[];
  checkins: TodayCheckin[];
  runs: TodayRun[];
  damages: TodayDamage[];
};

const byProperty = <T extends { propertyName: string }>(a: T, b: T) =>
  comparePtNames(a.propertyName, b.propertyName);

/**
 * 'Hoje': the organization's check-outs (with their turnover's next check-in and whether the count was done),
 * check-ins, runs due today or late, and open damage records. Every read is the organization's own.
 */
export async function readToday(db: Db, actor: Actor, today: string): Promise<Today> {
  assertCan(actor, "stays.read");
  const rows = await occupyingStays(db, actor.organizationId, { from: today, to: today });
  const stays = rows.filter((r) => r.kind === "stay");
  const leaving = leavingOn(rows, today);
  const counted = new Set<string>();
  if (leaving.length > 0) {
    const done = await db
      .select({ stayId: stockCounts.stayId })
      .from(stockCounts)
      .where(
        and(
          eq(stockCounts.organizationId, actor.organizationId),
          inArray(
            stockCounts.stayId,
            leaving.map((t) => t.stayId),
          ),
        ),
      );
    for (const d of done) if (d.stayId) counted.add(d.stayId);
  }
  const [runs, damages] = await Promise.all([
    listReplacements(db, actor, today),
    listDamages(db, actor, { status: "open" }),
  ]);
  return {
    day: today,
    checkouts: leaving.map(({ stay, until }) => ({
      stayId: stay.id,
      propertyId: stay.propertyId,
      propertyName: stay.propertyName,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      nextCheckIn: until,
      counted: counted.has(stay.id),
    })),
    checkins: stays
      .filter((r) => r.checkIn === today)
      .map((r) => ({
        stayId: r.id,
        propertyId: r.propertyId,
        propertyName: r.propertyName,
        checkOut: r.checkOut,
      }))
      .sort(byProperty),
    runs: runs.flatMap((r) =>
      r.deliverBy !== null &&
      r.deliverBy <= today &&
      (OPEN_REPLACEMENT_STATUSES as readonly string[]).includes(r.status)
        ? [{ id: r.id, number: r.number, status: r.status, deliverBy: r.deliverBy, late: r.late }]
        : [],
    ),
    damages: damages.map((d) => ({
      id: d.id,
      title: d.title,
      propertyName: d.propertyName,
      reportedOn: saoPauloDay(d.createdAt),
    })),
  };
}
