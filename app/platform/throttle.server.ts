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
  const rows = hits.map(([policy, subject]) => ({
    key: key(policy, subject),
    windowStart: windowOf(policy, now).start,
    hits: 1,
  }));
  const counted = await db
    .insert(rateLimits)
    .values(rows)
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ key: rateLimits.key, hits: rateLimits.hits });
  await forgetOldWindowsNowAndThen(db, now);
  const hitsOf = new Map(counted.map((row) => [row.key, row.hits]));
  return hits.map(([policy], i) => throttleVerdict(policy, hitsOf.get(rows[i]?.key ?? "") ?? 0, now));
}

/**
 * One hit as a part of a larger statement (a `with` query): it returns one row, `hits`, the subject's hits
 * in this window with this one. `throttleVerdict` reads it; call `forgetOldWindowsNowAndThen` after.
 */
export function throttleHitStatement(policy: ThrottlePolicy, subject: string, now: Date): SQL {
  return sql`insert into ${rateLimits} (key, window_start, hits)
    values (${key(policy, subject)}, ${windowOf(policy, now).start.toISOString()}::timestamptz, 1)
    on conflict (key, window_start) do update set hits = ${rateLimits}.hits + 1
    returning hits`;
}

/** Whether a subject with `hits` in this window (the latest one included) is within the policy. */
export function throttleVerdict(policy: ThrottlePolicy, hits: number, now: Date): ThrottleResult {
  return {
    allowed: hits <= policy.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowOf(policy, now).end.getTime() - now.getTime()) / 1000)),
  };
}

/** Old windows are deleted by one hit in a hundred: the table stays small without a job of its own. */
export async function forgetOldWindowsNowAndThen(db: Db, now: Date): Promise<void> {
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
