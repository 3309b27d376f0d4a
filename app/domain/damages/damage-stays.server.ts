import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { addDays } from "~/lib/dates";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { stays } from "~/platform/db/schema";

export type StayOption = {
  id: string;
  checkIn: string;
  checkOut: string;
  source: string;
  reservationCode: string | null;
};

/** How far back the form offers a property's stays. */
const RECENT_DAYS = 60;

/**
 * The organization's guest stays (not blocks) at one property, narrowed by `more`: the one query behind the
 * form's options, its default and the check of a chosen stay.
 */
function guestStays(db: Db | Tx, organizationId: string, propertyId: string, ...more: SQL[]) {
  return db
    .select({
      id: stays.id,
      checkIn: stays.checkIn,
      checkOut: stays.checkOut,
      source: stays.source,
      reservationCode: stays.reservationCode,
    })
    .from(stays)
    .where(
      and(
        eq(stays.organizationId, organizationId),
        eq(stays.propertyId, propertyId),
        eq(stays.kind, "stay"),
        ...more,
      ),
    );
}

const latestCheckOutFirst = [desc(stays.checkOut), desc(stays.checkIn)] as const;

/**
 * A property's stays a damage may belong to: confirmed guest stays (not blocks) that started by `today`
 * and ended at most 60 days ago, latest check-out first.
 */
export async function recentStays(
  db: Db | Tx,
  organizationId: string,
  propertyId: string,
  today: string,
): Promise<StayOption[]> {
  return guestStays(
    db,
    organizationId,
    propertyId,
    eq(stays.status, "confirmed"),
    lte(stays.checkIn, today),
    gte(stays.checkOut, addDays(today, -RECENT_DAYS)),
  )
    .orderBy(...latestCheckOutFirst)
    .limit(50);
}

/** The stay a new record defaults to: the property's confirmed stay that ended most recently (by today). */
export async function lastEndedStay(
  db: Db | Tx,
  organizationId: string,
  propertyId: string,
  today: string,
): Promise<StayOption | undefined> {
  const [stay] = await guestStays(
    db,
    organizationId,
    propertyId,
    eq(stays.status, "confirmed"),
    lte(stays.checkOut, today),
  )
    .orderBy(...latestCheckOutFirst)
    .limit(1);
  return stay;
}

/** One guest stay of the organization at this property (any status), or undefined. */
export async function stayOfProperty(
  db: Db | Tx,
  organizationId: string,
  propertyId: string,
  stayId: string,
): Promise<StayOption | undefined> {
  const [stay] = await guestStays(db, organizationId, propertyId, eq(stays.id, stayId));
  return stay;
}
