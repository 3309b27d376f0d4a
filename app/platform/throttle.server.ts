import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
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
  const { start, end } = windowOf(policy, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: key(policy, subject), windowStart: start, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  if (Math.random() < 0.01) await forgetOldWindows(db, now);
  return {
    allowed: (row?.hits ?? 0) <= policy.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000)),
  };
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

async function forgetOldWindows(db: Db, now: Date) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 2 * 86_400_000)));
}
