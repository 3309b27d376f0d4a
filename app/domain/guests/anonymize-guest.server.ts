import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { guestDataRequests } from "~/platform/db/schema";
import { type Actor, assertCan } from "../team/permissions";
import { anonymizeOrders } from "./anonymize-orders.server";
import { findGuestOrders } from "./find-guest.server";
import { openRequest, subjectOf, subjectOfRequest } from "./guest-data.server";
import { deleteOutboxCopies } from "./outbox-copies.server";

export type AnonymizeContext = {
  db: Db;
  /** The dev outbox's folder when email goes there (its copies are erased too), else null. */
  outboxDir: string | null;
  now: () => Date;
};

/**
 * 'Anonimizar' on a search: erases the person's data in every order of the organization found by it, and
 * records it as an owner's erasure answered by this member (with no subject: it would keep what was
 * erased). Returns how many orders were erased: 0 when another run (or an earlier one) got there first.
 */
export async function anonymizeGuest(ctx: AnonymizeContext, actor: Actor, query: string): Promise<number> {
  assertCan(actor, "guests.data");
  const subject = subjectOf(query);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const found = await findGuestOrders(tx, actor.organizationId, subject);
    const erased = await anonymizeOrders(tx, {
      organizationId: actor.organizationId,
      orderIds: found.map((o) => o.id),
      now,
      answeredBy: actor.userId,
    });
    if (erased.orderIds.length > 0) {
      await tx.insert(guestDataRequests).values({
        organizationId: actor.organizationId,
        kind: "erasure",
        source: "owner",
        requestedAt: now,
        dueAt: now,
        answeredAt: now,
        answeredBy: actor.userId,
        answer: "anonymized",
      });
    }
    return erased;
  });
  deleteOutboxCopies(ctx.outboxDir, done.emails);
  return done.orderIds.length;
}

/**
 * 'Anonimizar' on a guest's open request: the request's order and every other order of the organization
 * with the same email, phone or CPF. The request is answered by this member even when its order was
 * already anonymized (by the retention job, say).
 */
export async function anonymizeForRequest(
  ctx: AnonymizeContext,
  actor: Actor,
  requestId: string,
): Promise<number> {
  const request = await openRequest(ctx.db, actor, requestId);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const found = await findGuestOrders(tx, actor.organizationId, subjectOfRequest(request));
    const ids = [...new Set([...found.map((o) => o.id), ...(request.orderId ? [request.orderId] : [])])];
    const erased = await anonymizeOrders(tx, {
      organizationId: actor.organizationId,
      orderIds: ids,
      now,
      answeredBy: actor.userId,
    });
    await tx
      .update(guestDataRequests)
      .set({ answeredAt: now, answeredBy: actor.userId, answer: "anonymized" })
      .where(and(eq(guestDataRequests.id, request.id), isNull(guestDataRequests.answeredAt)));
    await tx
      .update(guestDataRequests)
      .set({ subjectEmail: null, subjectPhone: null, subjectCpf: null })
      .where(eq(guestDataRequests.id, request.id));
    return erased;
  });
  deleteOutboxCopies(ctx.outboxDir, done.emails);
  return done.orderIds.length;
}
