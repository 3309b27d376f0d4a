import { and, desc, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { saoPauloDay } from "~/lib/dates";
import type { Tx } from "~/platform/db/database-handle.server";
import {
  orders,
  replacementItems,
  replacementStatusChanges,
  replacements,
  stays,
} from "~/platform/db/schema";
import { holdUntilCommit } from "~/platform/db/transaction-lock.server";
import { nextReplacementNumber } from "./replacement-number.server";

// A paid pre-arrival order rides on the run that serves its turnover (issue 48, ADR 0060): an open run
// ('Em processamento') that already goes to that property by that check-in, or a new one due that check-in.
// Its lines are the order's items, marked 'Pedido do hóspede'; they are not replacement_items (delivering them
// adds nothing to the unit's stock: they are the guest's, already sold).

/**
 * Books a paid pre-arrival order on a run, inside the payment's transaction. The run's row is locked and its
 * status read under the lock, so a delivery at the same moment either comes first (this order then goes on
 * another run) or delivers it too. Runs are created under the organization's run lock, as the host's are.
 */
export async function bookOnRun(
  tx: Tx,
  order: { id: string; organizationId: string; propertyId: string; stayId: string },
  now: Date,
): Promise<string> {
  const [stay] = await tx
    .select({ checkIn: stays.checkIn })
    .from(stays)
    .where(and(eq(stays.id, order.stayId), eq(stays.organizationId, order.organizationId)));
  if (!stay) throw new Error("pre-arrival order without its stay");
  await holdUntilCommit(tx, `replacements:${order.organizationId}`);
  const goesThere = sql`(exists (select 1 from ${replacementItems} ri where ri.replacement_id = ${replacements.id}
      and ri.property_id = ${order.propertyId}::uuid)
    or exists (select 1 from ${orders} o where o.replacement_id = ${replacements.id}
      and o.property_id = ${order.propertyId}::uuid))`;
  const [open] = await tx
    .select({ id: replacements.id })
    .from(replacements)
    .where(
      and(
        eq(replacements.organizationId, order.organizationId),
        eq(replacements.status, "processing"),
        isNotNull(replacements.deliverBy),
        gte(replacements.deliverBy, saoPauloDay(now)),
        lte(replacements.deliverBy, stay.checkIn),
        goesThere,
      ),
    )
    .orderBy(desc(replacements.deliverBy))
    .limit(1)
    .for("update");
  const runId = open?.id ?? (await newRun(tx, order.organizationId, stay.checkIn));
  await tx.update(orders).set({ replacementId: runId }).where(eq(orders.id, order.id));
  return runId;
}

async function newRun(tx: Tx, organizationId: string, deliverBy: string): Promise<string> {
  const number = await nextReplacementNumber(tx, organizationId);
  const [run] = await tx
    .insert(replacements)
    .values({ organizationId, number, deliverBy, createdBy: null })
    .returning({ id: replacements.id });
  if (!run) throw new Error("replacement insert returned nothing");
  await tx.insert(replacementStatusChanges).values({
    organizationId,
    replacementId: run.id,
    fromStatus: null,
    toStatus: "processing",
    actorUserId: null,
  });
  return run.id;
}

/** A delivered run's paid guest orders are delivered: marked once, in the delivery's transaction. */
export async function deliverGuestOrders(tx: Tx, replacementId: string, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ deliveredAt: now, updatedAt: now })
    .where(
      and(
        eq(orders.replacementId, replacementId),
        inArray(orders.status, ["paid"]),
        sql`${orders.deliveredAt} is null`,
      ),
    );
}
