import { sql } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";

/**
 * Waits until the database clock is past `instant` (bounded). PGlite's clock can give two writes in a row the
 * same instant, and lists order such ties by id: a test about "newest first" waits between its writes.
 */
export async function afterInstant(db: Db, instant: Date): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    const { rows } = await db.execute(
      sql`select clock_timestamp() > ${instant.toISOString()}::timestamptz as later`,
    );
    if ((rows[0] as { later?: boolean } | undefined)?.later) return;
  }
}
