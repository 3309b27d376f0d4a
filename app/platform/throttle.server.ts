import { createHash } from "node:crypto";
import { and, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "./db/database-handle.server";
import { rateLimits } from "./db/schema";

/** At most `limit` hits per subject in each fixed window of `windowSeconds`. */
export type ThrottlePolicy = { name: string; limit: number; windowSeconds: number };

export type ThrottleResult = { allowed: boolean; retryAfterSeconds: number };

// Subjects are emails and IPs: only their hash is stored.
function key(policy: ThrottlePolicy, subject: string): string {
  return `${policy.name}:${createHash("sha256").update(subject).digest("hex").slice(0, 32)}`;
}

function windowOf(policy: ThrottlePolicy, now: Date): { start: Date; end: Date } {
  const ms = policy.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return { start: new Date(start), end: new Date(start + ms) };
}

/**
 * Counts one hit and says whether it is within the limit. One atomic upsert: many instances and many
 * concurrent requests never let more than `limit` through in a window.
 */
export async function throttleHit(
  db: Db,
  policy: ThrottlePolicy,
  subject: string,
  now = new Date(),
): Promise<ThrottleResult> {
  const [result] = await throttleHits(db, [[policy, subject]], now);
  if (!result) throw new Error("throttle upsert returned nothing");
  return result;
}

/**
 * Counts one hit under each policy (each a different one) in one statement, and answers for each in the
 * same order. Every hit counts, also when an earlier one is refused: within a transaction that a refusal
 * rolls back, that is the same as counting them one by one.
 */
export async function throttleHits(
  db: Db,
  hits: [ThrottlePolicy, string][],
  now = new Date(),
): Promise<ThrottleResult[]> {
  const { rows } = await db.execute(throttleHitsStatement(hits, now));
  return countedVerdicts(db, hits, rows, now);
}

/** A subject's hits in its window, with the latest one, as `throttleHitsStatement` returns them. */
type CountedHit = { key: string; hits: number };

/**
 * The hits as one upsert, also to put in a larger statement (a `with` part): it returns `key` and `hits`,
 * the subject's hits in this window with this one (`countedHitsJson`, `countedVerdicts`); only when `when`
 * holds, if given.
 */
export function throttleHitsStatement(hits: [ThrottlePolicy, string][], now: Date, when?: SQL): SQL {
  const values = hits.map(
    ([policy, subject]) =>
      sql`(${key(policy, subject)}, ${windowOf(policy, now).start.toISOString()}::timestamptz, 1)`,
  );
  return sql`insert into ${rateLimits} (key, window_start, hits)
    select * from (values ${sql.join(values, sql`, `)}) as hit where ${when ?? sql`true`}
    on conflict (key, window_start) do update set hits = ${rateLimits}.hits + 1
    returning key, hits`;
}

/**
 * Whether every hit counted by the `with` part named `counted` (a `throttleHitsStatement` of the same hits)
 * is within its policy, as an SQL condition: false when it counted none.
 */
export function throttleAllowedSql(hits: [ThrottlePolicy, string][], counted: string): SQL {
  const limits = hits.map(([policy, subject]) => sql`when ${key(policy, subject)} then ${policy.limit}::int`);
  return sql`(select coalesce(bool_and(hits <= case key ${sql.join(limits, sql` `)} end), false)
    from ${sql.identifier(counted)})`;
}

/** What the `with` part named `counted` (a `throttleHitsStatement`) counted, as JSON for `countedVerdicts`. */
export function countedHitsJson(counted: string): SQL {
  return sql`(select json_agg(json_build_object('key', key, 'hits', hits)) from ${sql.identifier(counted)})`;
}

/**
 * Whether each hit is within its policy, in the order of `hits`, from what a `throttleHitsStatement` of the
 * same hits counted: its rows, or the JSON `countedHitsJson` gave (null: none counted). The table's old
 * windows are forgotten now and then.
 */
export async function countedVerdicts(
  db: Db,
  hits: [ThrottlePolicy, string][],
  counted: unknown,
  now: Date,
): Promise<ThrottleResult[]> {
  await forgetOldWindowsNowAndThen(db, now);
  const hitsOf = new Map(((counted ?? []) as CountedHit[]).map((row) => [row.key, Number(row.hits)]));
  return hits.map(([policy, subject]) => ({
    allowed: (hitsOf.get(key(policy, subject)) ?? 0) <= policy.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowOf(policy, now).end.getTime() - now.getTime()) / 1000)),
  }));
}

/** Old windows are deleted by one hit in a hundred: the table stays small without a job of its own. */
async function forgetOldWindowsNowAndThen(db: Db, now: Date): Promise<void> {
  if (Math.random() < 0.01)
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 2 * 86_400_000)));
}

/** Gives back a hit that should not count (e.g. a sign-in that succeeded). */
export async function throttleRelease(db: Db, policy: ThrottlePolicy, subject: string, now = new Date()) {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(
      and(eq(rateLimits.key, key(policy, subject)), eq(rateLimits.windowStart, windowOf(policy, now).start)),
    );
}

/** Forgets every hit of a subject (e.g. an account whose owner just proved control by resetting the password). */
export async function throttleClear(db: Db, policy: ThrottlePolicy, subject: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key(policy, subject)));
}
