import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { receivables } from "~/platform/db/schema";
import { isDisputed } from "./disputes.server";
import { post } from "./wallet-ledger.server";

/**
 * Releases card sales whose forecast date has come: the receivable is marked settled and its money moves
 * from 'to receive' to 'available', in one transaction each. The guarded update (settled_at still null)
 * and the movements' unique references make it happen once, whichever instance runs it, however often.
 */
export async function settleDueReceivables(db: Db, now: Date, limit = 100): Promise<number> {
  const due = await db
    .select({ id: receivables.id })
    .from(receivables)
    .where(
      and(
        isNull(receivables.settledAt),
        isNull(receivables.cancelledAt),
        lte(receivables.settlementForecastAt, now),
      ),
    )
    .orderBy(asc(receivables.settlementForecastAt))
    .limit(limit);
  let settled = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [r] = await tx
        .update(receivables)
        .set({ settledAt: now })
        .where(and(eq(receivables.id, id), isNull(receivables.settledAt), isNull(receivables.cancelledAt)))
        .returning();
      if (!r) return false;
      // A sale 'Em disputa' is not released until its dispute ends (ADR 0061); a later sweep settles it.
      if (await isDisputed(tx, r.orderId)) {
        await tx.update(receivables).set({ settledAt: null }).where(eq(receivables.id, r.id));
        return false;
      }
      if (r.amountCents > 0) {
        await post(tx, r.organizationId, r.walletId, [
          {
            kind: "settlement",
            bucket: "pending",
            amountCents: -r.amountCents,
            reference: `receivable:${r.id}:out`,
            receivableId: r.id,
            orderId: r.orderId,
          },
          {
            kind: "settlement",
            bucket: "available",
            amountCents: r.amountCents,
            reference: `receivable:${r.id}:in`,
            receivableId: r.id,
            orderId: r.orderId,
          },
        ]);
      }
      return true;
    });
    if (done) settled += 1;
  }
  return settled;
}
