import { and, eq, gt, lt, ne } from "drizzle-orm";
import { calendarDay, daysBetween } from "~/lib/dates";
import { isUuid } from "~/lib/uuid";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { properties, stays } from "~/platform/db/schema";
import { AppError } from "../errors";
import { requireOwnProperty } from "../properties/read-properties.server";
import { type Actor, assertCan } from "../team/permissions";
import { STAYS_TEXT as T } from "./messages";

const MAX_NIGHTS = 365;

type Dates = { checkIn: string; checkOut: string };

/** The typed dates, or an `invalid` refusal naming the field (checkIn, checkOut). */
export function stayDates(input: { checkIn: unknown; checkOut: unknown }): Dates {
  const checkIn = calendarDay(typeof input.checkIn === "string" ? input.checkIn.trim() : null);
  const checkOut = calendarDay(typeof input.checkOut === "string" ? input.checkOut.trim() : null);
  if (!checkIn) throw new AppError("invalid", T.checkInInvalid, { checkIn: T.checkInInvalid });
  if (!checkOut) throw new AppError("invalid", T.checkOutInvalid, { checkOut: T.checkOutInvalid });
  if (checkOut <= checkIn)
    throw new AppError("invalid", T.checkOutBeforeCheckIn, { checkOut: T.checkOutBeforeCheckIn });
  if (daysBetween(checkIn, checkOut) > MAX_NIGHTS)
    throw new AppError("invalid", T.tooLong, { checkOut: T.tooLong });
  return { checkIn, checkOut };
}

/**
 * Refuses dates that share a night with another confirmed stay or block of the property (a check-out and a
 * check-in on the same day do not). The caller holds the property's row lock.
 */
async function assertFree(tx: Tx, propertyId: string, dates: Dates, exceptId?: string) {
  const [clash] = await tx
    .select({ checkIn: stays.checkIn, checkOut: stays.checkOut })
    .from(stays)
    .where(
      and(
        eq(stays.propertyId, propertyId),
        eq(stays.status, "confirmed"),
        lt(stays.checkIn, dates.checkOut),
        gt(stays.checkOut, dates.checkIn),
        ...(exceptId ? [ne(stays.id, exceptId)] : []),
      ),
    )
    .limit(1);
  if (clash) throw new AppError("conflict", T.overlaps(clash.checkIn, clash.checkOut));
}

/** Serialises changes to one property's calendar, so two overlapping stays typed at once cannot both pass. */
async function lockProperty(tx: Tx, actor: Actor, propertyId: string) {
  await requireOwnProperty(tx, actor, propertyId);
  await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for("update");
}

/** 'Adicionar reserva direta': a stay (or, with `block`, a block) typed by hand. */
export async function addDirectStay(
  db: Db,
  actor: Actor,
  input: { propertyId: unknown; checkIn: unknown; checkOut: unknown; block?: boolean },
): Promise<{ id: string }> {
  assertCan(actor, "stays.manage");
  const propertyId = typeof input.propertyId === "string" ? input.propertyId : "";
  if (!isUuid(propertyId)) throw new AppError("not_found", T.propertyNotFound);
  const dates = stayDates(input);
  return db.transaction(async (tx) => {
    await lockProperty(tx, actor, propertyId);
    await assertFree(tx, propertyId, dates);
    const [row] = await tx
      .insert(stays)
      .values({
        organizationId: actor.organizationId,
        propertyId,
        kind: input.block ? "block" : "stay",
        source: "direct",
        ...dates,
        summary: input.block ? "Bloqueio" : "Reserva direta",
        createdBy: actor.userId,
      })
      .returning({ id: stays.id });
    if (!row) throw new Error("stay insert returned nothing");
    return row;
  });
}

/** A stay typed by hand, locked, or not_found; a feed's stay is refused (its platform owns it). */
async function lockDirectStay(tx: Tx, actor: Actor, stayId: unknown) {
  if (!isUuid(stayId)) throw new AppError("not_found", T.stayNotFound);
  const [found] = await tx
    .select({ propertyId: stays.propertyId })
    .from(stays)
    .where(and(eq(stays.id, stayId), eq(stays.organizationId, actor.organizationId)));
  if (!found) throw new AppError("not_found", T.stayNotFound);
  await lockProperty(tx, actor, found.propertyId);
  const [stay] = await tx.select().from(stays).where(eq(stays.id, stayId)).for("update");
  if (!stay) throw new AppError("not_found", T.stayNotFound);
  if (stay.source !== "direct") throw new AppError("invalid", T.feedStayReadOnly);
  return stay;
}

/** New dates for a stay typed by hand. */
export async function updateDirectStay(
  db: Db,
  actor: Actor,
  input: { stayId: unknown; checkIn: unknown; checkOut: unknown },
): Promise<void> {
  assertCan(actor, "stays.manage");
  const dates = stayDates(input);
  await db.transaction(async (tx) => {
    const stay = await lockDirectStay(tx, actor, input.stayId);
    if (stay.status !== "confirmed") throw new AppError("conflict", T.stayCancelledAlready);
    await assertFree(tx, stay.propertyId, dates, stay.id);
    await tx
      .update(stays)
      .set({ ...dates, updatedAt: new Date() })
      .where(eq(stays.id, stay.id));
  });
}

/** Cancels a stay typed by hand; the row stays (sales and damages may point at it). */
export async function cancelDirectStay(db: Db, actor: Actor, stayId: unknown): Promise<void> {
  assertCan(actor, "stays.manage");
  await db.transaction(async (tx) => {
    const stay = await lockDirectStay(tx, actor, stayId);
    if (stay.status !== "confirmed") return;
    const now = new Date();
    await tx
      .update(stays)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
      .where(eq(stays.id, stay.id));
  });
}
