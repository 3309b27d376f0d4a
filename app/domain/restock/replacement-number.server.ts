import { sql } from "drizzle-orm";
import { replacementCounters } from "~/platform/db/schema";
import type { Queryable } from "../properties/types";

/**
 * The next 'Reposição #n' of an organization, taken inside the transaction that creates the run: the upsert
 * locks the organization's counter row until that transaction ends, so concurrent creations wait for one
 * another and get distinct numbers; a number is never handed out twice, even when its run is gone.
 */
export async function nextReplacementNumber(tx: Queryable, organizationId: string): Promise<number> {
  const [row] = await tx
    .insert(replacementCounters)
    .values({ organizationId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: replacementCounters.organizationId,
      set: { lastNumber: sql`${replacementCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: replacementCounters.lastNumber });
  if (!row) throw new Error("replacement counter upsert returned nothing");
  return row.lastNumber;
}
