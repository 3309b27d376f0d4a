import { and, eq, gte, isNull, lte } from "drizzle-orm";
import { addDays } from "~/lib/dates";
import { comparePtNames } from "~/lib/sort-by-name";
import type { Db } from "~/platform/db/database-handle.server";
import { properties, stays } from "~/platform/db/schema";
import { type OccupyingEvent, type Turnover, turnoversOf } from "./turnovers";

export type OccupyingStay = OccupyingEvent & {
  propertyId: string;
  propertyName: string;
  source: string;
  /** The stay's shop link token (ADR 0060): the agenda's check-ins copy it; never in the team's feed. */
  shopToken: string;
};

/**
 * The organization's confirmed stays and blocks at its active properties (or one of them) that end on or after
 * `from`, enough to know every turnover opening up to `to`: the agenda's month and the cleaning team's feed.
 */
export async function occupyingStays(
  db: Db,
  organizationId: string,
  range: { from: string; to: string; propertyId?: string },
): Promise<OccupyingStay[]> {
  const rows = await db
    .select({
      id: stays.id,
      propertyId: stays.propertyId,
      propertyName: properties.name,
      kind: stays.kind,
      source: stays.source,
      checkIn: stays.checkIn,
      checkOut: stays.checkOut,
      shopToken: stays.shopToken,
    })
    .from(stays)
    .innerJoin(properties, and(eq(properties.id, stays.propertyId), isNull(properties.archivedAt)))
    .where(
      and(
        eq(stays.organizationId, organizationId),
        eq(stays.status, "confirmed"),
        range.propertyId ? eq(stays.propertyId, range.propertyId) : undefined,
        gte(stays.checkOut, range.from),
        // The last turnover closes at the next check-in, which may be months later.
        lte(stays.checkIn, addDays(range.to, 366)),
      ),
    );
  return rows.map((r) => ({ ...r, kind: r.kind === "block" ? "block" : "stay" }));
}

/** Every property's turnovers (turnoversOf, property by property), each with the stay that opens it. */
export function turnoversAcross(rows: readonly OccupyingStay[]): (Turnover & { stay: OccupyingStay })[] {
  const byProperty = new Map<string, OccupyingStay[]>();
  for (const r of rows) byProperty.set(r.propertyId, [...(byProperty.get(r.propertyId) ?? []), r]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...byProperty.values()].flatMap((events) =>
    turnoversOf(events).flatMap((t) => {
      const stay = byId.get(t.stayId);
      return stay ? [{ ...t, stay }] : [];
    }),
  );
}

/** The turnovers opening on `day` (a guest leaves), with the next check-in of each, by property name. */
export function leavingOn(
  rows: readonly OccupyingStay[],
  day: string,
): (Turnover & { stay: OccupyingStay })[] {
  return turnoversAcross(rows)
    .filter((t) => t.from === day)
    .sort((a, b) => comparePtNames(a.stay.propertyName, b.stay.propertyName));
}
