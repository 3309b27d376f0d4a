import { and, eq, ne } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { properties, stays } from "~/platform/db/schema";
import { hasSales, type StayWindow, stayWindow } from "./stay-window";

export type StayRecord = {
  id: string;
  propertyId: string;
  propertyName: string;
  kind: string;
  source: string;
  checkIn: string;
  checkOut: string;
  status: string;
  reservationCode: string | null;
};

/**
 * One stay (or block) of the organization, or null, also for another organization's id. Checks no permission:
 * the caller's operation already did.
 */
export async function findStay(db: Db, organizationId: string, stayId: unknown): Promise<StayRecord | null> {
  if (!isUuid(stayId)) return null;
  const [row] = await db
    .select({
      id: stays.id,
      propertyId: stays.propertyId,
      propertyName: properties.name,
      kind: stays.kind,
      source: stays.source,
      checkIn: stays.checkIn,
      checkOut: stays.checkOut,
      status: stays.status,
      reservationCode: stays.reservationCode,
    })
    .from(stays)
    .innerJoin(properties, eq(properties.id, stays.propertyId))
    .where(and(eq(stays.id, stayId), eq(stays.organizationId, organizationId)));
  return row ?? null;
}

/**
 * The instants whose sales belong to the stay (stay-window.ts), or null when it can have none (a block, a
 * cancelled stay). Reads whether another stay of the property checks out on its check-in day.
 */
export async function salesWindowOf(
  db: Db,
  organizationId: string,
  stay: StayRecord,
): Promise<StayWindow | null> {
  if (!hasSales(stay)) return null;
  const [departing] = await db
    .select({ id: stays.id })
    .from(stays)
    .where(
      and(
        eq(stays.organizationId, organizationId),
        eq(stays.propertyId, stay.propertyId),
        eq(stays.checkOut, stay.checkIn),
        eq(stays.kind, "stay"),
        eq(stays.status, "confirmed"),
        ne(stays.id, stay.id),
      ),
    )
    .limit(1);
  return stayWindow(stay, departing !== undefined);
}
