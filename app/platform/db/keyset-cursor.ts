import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * Keyset pagination on (created_at, id), newest first. The time travels to the microsecond as PostgreSQL
 * stores it: a JS Date would cut it to the millisecond and rows of that same millisecond would be skipped.
 */

/** The cursor text of a row: `created_at` in UTC to the microsecond, `|`, its id. Select it with the row. */
export function cursorOf(createdAt: AnyColumn, id: AnyColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || ${id}::text`;
}

const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** A cursor's time (UTC, to the microsecond) and id; null when it is absent or malformed. */
export function cursorParts(cursor: string | null): { time: string; id: string } | null {
  const [, time, id] = CURSOR.exec(cursor ?? "") ?? [];
  return time && id ? { time, id } : null;
}

/**
 * The condition "after this position" (older rows). `time` and `id` are a cursor's parts, or placeholders
 * for them in a prepared query.
 */
export function afterPosition(createdAt: AnyColumn, id: AnyColumn, at: { time: unknown; id: unknown }): SQL {
  return sql`(${createdAt}, ${id}) < (${at.time}::timestamptz, ${at.id}::uuid)`;
}

/** The condition "after this cursor" (older rows), or null when the cursor is absent or malformed. */
export function afterCursor(createdAt: AnyColumn, id: AnyColumn, cursor: string | null): SQL | null {
  const at = cursorParts(cursor);
  return at ? afterPosition(createdAt, id, at) : null;
}
