import { eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { calendarFeeds } from "~/platform/db/schema";
import type { Logger } from "~/platform/log.server";
import { STAYS_TEXT as T } from "./messages";
import { type SyncOptions, syncFeed } from "./sync-feed.server";

/** A feed is fetched again this long after its last attempt (good or not). */
export const FEED_REFRESH_MINUTES = 15;
/** Feeds fetched at once: slow calendars (up to 10 s each) do not hold up the rest. */
const CONCURRENCY = 4;

/**
 * The recurring job: every feed not tried in the last 15 minutes, four at a time. A feed that fails for
 * any reason has it recorded and the others go on.
 */
export async function syncDueFeeds(
  db: Db,
  log: Logger,
  options: SyncOptions = {},
): Promise<{ synced: number; failed: number }> {
  const now = options.now ?? new Date();
  const due = await db
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .where(
      or(
        isNull(calendarFeeds.lastAttemptAt),
        lt(calendarFeeds.lastAttemptAt, new Date(now.getTime() - FEED_REFRESH_MINUTES * 60_000)),
      ),
    )
    .orderBy(sql`${calendarFeeds.lastAttemptAt} asc nulls first`);
  const queue = due.map((f) => f.id);
  const tally = { synced: 0, failed: 0 };
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        const result = await syncFeed(db, id, { ...options, now });
        if ("error" in result) tally.failed++;
        else tally.synced++;
      } catch (err) {
        tally.failed++;
        log.warn({ err, feedId: id }, "calendar sync failed");
        await db
          .update(calendarFeeds)
          .set({ lastAttemptAt: now, lastError: T.syncUnexpected })
          .where(eq(calendarFeeds.id, id))
          .catch((e: unknown) => log.warn({ err: e, feedId: id }, "calendar sync error not recorded"));
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return tally;
}
