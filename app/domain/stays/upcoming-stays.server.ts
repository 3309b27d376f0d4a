import { and, asc, eq, gte } from "drizzle-orm";
import { daysBetween, saoPauloDay } from "~/lib/dates";
import type { Db } from "~/platform/db/database-handle.server";
import { stays } from "~/platform/db/schema";
import { requireOwnProperty } from "../properties/read-properties.server";
import { type Actor, assertCan } from "../team/permissions";
import { SOURCE_LABEL, type StaySource } from "./feed-source";

/** A stay or block as the property's calendar page lists it. */
export type PropertyStay = {
  id: string;
  kind: "stay" | "block";
  source: StaySource;
  sourceLabel: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  summary: string | null;
  reservationCode: string | null;
  status: "confirmed" | "cancelled";
  /** Typed by hand: its dates can be changed and it can be cancelled here. */
  direct: boolean;
};

const LIMIT = 200;

/** The property's stays and blocks not over yet (cancelled ones included), by check-in. */
export async function listUpcomingStays(
  db: Db,
  actor: Actor,
  propertyId: string,
  now: Date = new Date(),
): Promise<PropertyStay[]> {
  assertCan(actor, "stays.read");
  await requireOwnProperty(db, actor, propertyId);
  const rows = await db
    .select()
    .from(stays)
    .where(
      and(
        eq(stays.organizationId, actor.organizationId),
        eq(stays.propertyId, propertyId),
        gte(stays.checkOut, saoPauloDay(now)),
      ),
    )
    .orderBy(asc(stays.checkIn), asc(stays.checkOut), asc(stays.id))
    .limit(LIMIT);
  return rows.map((r) => {
    const source = r.source as StaySource;
    return {
      id: r.id,
      kind: r.kind === "block" ? "block" : "stay",
      source,
      sourceLabel: SOURCE_LABEL[source],
      checkIn: r.checkIn,
      checkOut: r.checkOut,
      nights: daysBetween(r.checkIn, r.checkOut),
      summary: r.summary,
      reservationCode: r.reservationCode,
      status: r.status === "cancelled" ? "cancelled" : "confirmed",
      direct: r.source === "direct",
    };
  });
}
