import { and, asc, isNull, lt } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { orders } from "~/platform/db/schema";
import type { Logger } from "~/platform/log.server";
import { anonymizeOrders } from "./anonymize-orders.server";
import { deleteOutboxCopies } from "./outbox-copies.server";

/** Orders erased per transaction: short locks, and a long backlog goes in steps. */
export const RETENTION_BATCH = 200;

/** The instant `months` calendar months before `now`: orders made before it are past retention. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * The 'guest-data-retention' job: anonymizes the guest's contact data of every order made more than
 * `months` months ago and not anonymized yet, in batches, through the same code as the owner's
 * 'Anonimizar' (amounts, items and the ledger stay). Orders another run holds are skipped, so runs on
 * several instances never erase twice nor wait on each other. Logs only counts. Returns how many.
 */
export async function runGuestDataRetention(ctx: {
  db: Db;
  months: number;
  outboxDir: string | null;
  log: Logger;
  now: () => Date;
}): Promise<number> {
  const now = ctx.now();
  const cutoff = retentionCutoff(now, ctx.months);
  const due = and(lt(orders.createdAt, cutoff), isNull(orders.anonymizedAt));
  let total = 0;
  for (;;) {
    const batch = await ctx.db
      .select({ id: orders.id, organizationId: orders.organizationId })
      .from(orders)
      .where(due)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(RETENTION_BATCH);
    if (batch.length === 0) break;
    let erased = 0;
    const byOrganization = new Map<string, string[]>();
    for (const o of batch)
      byOrganization.set(o.organizationId, [...(byOrganization.get(o.organizationId) ?? []), o.id]);
    for (const [organizationId, orderIds] of byOrganization) {
      const done = await ctx.db.transaction((tx) =>
        anonymizeOrders(tx, { organizationId, orderIds, now, answeredBy: null, skipLocked: true }),
      );
      deleteOutboxCopies(ctx.outboxDir, done.emails);
      erased += done.orderIds.length;
    }
    total += erased;
    // Every candidate was taken by another run meanwhile: it finishes them.
    if (erased === 0) break;
  }
  if (total > 0)
    ctx.log.info({ anonymized: total, months: ctx.months }, "guest data past retention anonymized");
  return total;
}
