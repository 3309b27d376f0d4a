import { and, eq } from "drizzle-orm";
import { saoPauloDay } from "~/lib/dates";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { calendarFeeds, stays } from "~/platform/db/schema";
import { type OutboundOptions, OutboundRefused, safeFetch } from "~/platform/outbound/safe-fetch.server";
import { SealError, unseal } from "~/platform/secrets/secret-box.server";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { requireOwnFeed } from "./calendar-feeds.server";
import type { FeedSource } from "./feed-source";
import type { FeedEvent } from "./ical-feed";
import { STAYS_TEXT as T } from "./messages";

export type SyncCounts = { added: number; updated: number; cancelled: number };
export type SyncResult = SyncCounts | { error: string };

export type SyncOptions = {
  /** Tests only: options for safeFetch (allowLoopback); by default it follows OUTBOUND_ALLOW_LOOPBACK. */
  fetch?: OutboundOptions;
  now?: Date;
};

const REFUSAL_TEXT: Record<OutboundRefused["reason"], string> = {
  bad_address: T.syncBadAddress,
  not_https: T.syncNotHttps,
  internal_address: T.syncInternal,
  too_many_redirects: T.syncRedirects,
  too_large: T.syncTooLarge,
  timeout: T.syncTimeout,
  network: T.syncNetwork,
};

/** 'Sincronizar agora': the same sync as the job's, for a feed of the actor's organization. */
export async function syncFeedNow(
  db: Db,
  actor: Actor,
  feedId: unknown,
  options: SyncOptions = {},
): Promise<SyncResult> {
  assertCan(actor, "stays.manage");
  const feed = await requireOwnFeed(db, actor, feedId);
  return syncFeed(db, feed.id, options);
}

/**
 * Fetches one feed and brings its stays in line with it. A fetch that fails in any way (refused address,
 * HTTP error, 429, timeout, too large, not a calendar, or empty where the last good one had events) changes
 * nothing but the feed's last attempt and error: the last good state stands.
 */
export async function syncFeed(db: Db, feedId: string, options: SyncOptions = {}): Promise<SyncResult> {
  const now = options.now ?? new Date();
  const [feed] = await db
    .select({ sealed: calendarFeeds.addressSealed, source: calendarFeeds.source })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.id, feedId));
  if (!feed) throw new AppError("not_found", T.feedNotFound);
  // Fetched outside the transaction: no row stays locked for the 10 s a slow calendar may take.
  const fetched = await fetchEvents(feed.sealed, feed.source as FeedSource, saoPauloDay(now), options.fetch);
  return db.transaction(async (tx) => {
    // Two instances syncing this feed at once reconcile one after the other.
    const [locked] = await tx
      .select({
        id: calendarFeeds.id,
        organizationId: calendarFeeds.organizationId,
        propertyId: calendarFeeds.propertyId,
        source: calendarFeeds.source,
        lastEventCount: calendarFeeds.lastEventCount,
      })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.id, feedId))
      .for("update");
    if (!locked) throw new AppError("not_found", T.feedNotFound);
    const error =
      "error" in fetched
        ? fetched.error
        : fetched.events.length === 0 && (locked.lastEventCount ?? 0) > 0
          ? T.syncEmptyAfterFull
          : null;
    if (error !== null || "error" in fetched) {
      const reason = error ?? T.syncUnexpected;
      await tx
        .update(calendarFeeds)
        .set({ lastAttemptAt: now, lastError: reason })
        .where(eq(calendarFeeds.id, feedId));
      return { error: reason };
    }
    const counts = await reconcile(tx, locked, fetched.events, now);
    await tx
      .update(calendarFeeds)
      .set({
        lastAttemptAt: now,
        lastSuccessAt: now,
        lastError: null,
        lastEventCount: fetched.events.length,
      })
      .where(eq(calendarFeeds.id, feedId));
    return counts;
  });
}

async function fetchEvents(
  sealed: string,
  source: FeedSource,
  today: string,
  fetchOptions: OutboundOptions | undefined,
): Promise<{ events: FeedEvent[] } | { error: string }> {
  try {
    const address = unseal<string>(sealed);
    const res = await safeFetch(address, { headers: { accept: "text/calendar, */*" }, ...fetchOptions });
    if (res.status < 200 || res.status >= 300) return { error: T.syncHttp(res.status) };
    // The calendar parser is loaded at the first feed read: an instance whose hosts have no feed never holds it.
    const { parseIcalFeed } = await import("./ical-feed");
    return { events: parseIcalFeed(res.body.toString("utf8"), source, today) };
  } catch (err) {
    if (err instanceof OutboundRefused) return { error: REFUSAL_TEXT[err.reason] };
    if (err instanceof SealError) return { error: T.syncSealed };
    if (err instanceof AppError) return { error: err.message };
    throw err;
  }
}

type FeedRow = { id: string; organizationId: string; propertyId: string; source: string };
type StayRow = typeof stays.$inferSelect;

const overlaps = (a: { checkIn: string; checkOut: string }, b: { checkIn: string; checkOut: string }) =>
  a.checkIn < b.checkOut && b.checkIn < a.checkOut;

/**
 * Upserts by (feed, UID). A new UID over a confirmed stay whose UID vanished is that stay changing length
 * (Airbnb issues a new UID): its row is kept and updated, since sales and damages point at it. A confirmed
 * stay missing from the feed is cancelled if not over yet; one that is over is left (feeds drop past
 * events). No row is ever deleted.
 */
async function reconcile(tx: Tx, feed: FeedRow, events: FeedEvent[], now: Date): Promise<SyncCounts> {
  const today = saoPauloDay(now);
  const existing = await tx.select().from(stays).where(eq(stays.feedId, feed.id));
  const byUid = new Map(existing.map((s) => [s.uid, s]));
  const incoming = new Set(events.map((e) => e.uid));
  // Confirmed rows whose UID is gone: each may be claimed once by a new UID.
  const orphans = existing.filter((s) => s.status === "confirmed" && s.uid !== null && !incoming.has(s.uid));
  const counts: SyncCounts = { added: 0, updated: 0, cancelled: 0 };

  for (const event of events) {
    const fields = {
      uid: event.uid,
      kind: event.kind,
      checkIn: event.checkIn,
      checkOut: event.checkOut,
      summary: event.summary,
      reservationCode: event.reservationCode,
      status: "confirmed",
      cancelledAt: null,
    };
    const row = byUid.get(event.uid) ?? claimOrphan(orphans, event);
    if (!row) {
      await tx.insert(stays).values({
        ...fields,
        organizationId: feed.organizationId,
        propertyId: feed.propertyId,
        feedId: feed.id,
        source: feed.source,
      });
      counts.added++;
      continue;
    }
    if (unchanged(row, event)) continue;
    await tx
      .update(stays)
      .set({ ...fields, updatedAt: now })
      .where(and(eq(stays.id, row.id), eq(stays.feedId, feed.id)));
    counts.updated++;
  }

  for (const row of orphans) {
    if (row.checkOut < today) continue;
    await tx
      .update(stays)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
      .where(eq(stays.id, row.id));
    counts.cancelled++;
  }
  return counts;
}

/** The vanished stay a new UID stands for: same reservation code, else the same kind over the same days. */
function claimOrphan(orphans: StayRow[], event: FeedEvent): StayRow | undefined {
  const index =
    event.reservationCode !== null
      ? orphans.findIndex((s) => s.reservationCode === event.reservationCode)
      : -1;
  const at = index >= 0 ? index : orphans.findIndex((s) => s.kind === event.kind && overlaps(s, event));
  if (at < 0) return undefined;
  return orphans.splice(at, 1)[0];
}

function unchanged(row: StayRow, event: FeedEvent): boolean {
  return (
    row.uid === event.uid &&
    row.status === "confirmed" &&
    row.kind === event.kind &&
    row.checkIn === event.checkIn &&
    row.checkOut === event.checkOut &&
    row.summary === event.summary &&
    row.reservationCode === event.reservationCode
  );
}
