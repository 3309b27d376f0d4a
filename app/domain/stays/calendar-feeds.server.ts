import { and, asc, eq, gt } from "drizzle-orm";
import { saoPauloDay } from "~/lib/dates";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { calendarFeeds, properties, stays } from "~/platform/db/schema";
import { env } from "~/platform/env.server";
import { isLoopbackAddress } from "~/platform/outbound/public-address";
import { seal, unseal } from "~/platform/secrets/secret-box.server";
import { AppError } from "../errors";
import { requireOwnProperty } from "../properties/read-properties.server";
import { type Actor, assertCan } from "../team/permissions";
import { addressHint, type FeedSource, sourceLabel, sourceOfAddress } from "./feed-source";
import { STAYS_TEXT as T } from "./messages";

export const MAX_FEEDS_PER_PROPERTY = 5;
const MAX_ADDRESS_LENGTH = 2000;

/** A feed as the screens show it: never its address (it holds the platform's secret), only the hint. */
export type CalendarFeedView = {
  id: string;
  source: FeedSource;
  sourceLabel: string;
  addressHint: string;
  createdAt: Date;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastEventCount: number | null;
};

/**
 * The typed address as a URL we may fetch (https only; with `allowLoopback`, tests' http://127.0.0.1 too),
 * or an `invalid` refusal for the 'address' field. Internal addresses are refused by safeFetch at each sync.
 */
export function feedAddress(raw: unknown, allowLoopback = false): URL {
  const typed = typeof raw === "string" ? raw.trim() : "";
  const refuse = (message: string) => new AppError("invalid", message, { address: message });
  if (!typed) throw refuse(T.addressRequired);
  if (typed.length > MAX_ADDRESS_LENGTH) throw refuse(T.addressTooLong);
  // Airbnb and others also hand out webcal:// links: the same address over https.
  let url: URL;
  try {
    url = new URL(typed.replace(/^webcals?:\/\//i, "https://"));
  } catch {
    throw refuse(T.addressInvalid);
  }
  const loopbackHttp =
    allowLoopback && url.protocol === "http:" && isLoopbackAddress(url.hostname.replace(/^\[|\]$/g, ""));
  if (url.protocol !== "https:" && !loopbackHttp) throw refuse(T.addressNotHttps);
  if (!url.hostname || url.username || url.password) throw refuse(T.addressInvalid);
  return url;
}

/**
 * Adds a calendar export address to a property, sealed at rest. At most 5 per property and never the same
 * address twice. Whether it answers is seen at the first sync.
 */
export async function addCalendarFeed(
  db: Db,
  actor: Actor,
  input: { propertyId: unknown; address: unknown },
  /** Tests only: by default OUTBOUND_ALLOW_LOOPBACK (refused at start in production). */
  options: { allowLoopback?: boolean } = {},
): Promise<{ id: string }> {
  assertCan(actor, "stays.manage");
  const propertyId = typeof input.propertyId === "string" ? input.propertyId : "";
  const url = feedAddress(input.address, options.allowLoopback ?? env().outboundAllowLoopback);
  return db.transaction(async (tx) => {
    await requireOwnProperty(tx, actor, propertyId);
    // One add at a time per property, so two at once cannot pass the limit of 5.
    await tx
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.id, propertyId))
      .for("update");
    const existing = await tx
      .select({ sealed: calendarFeeds.addressSealed })
      .from(calendarFeeds)
      .where(
        and(eq(calendarFeeds.organizationId, actor.organizationId), eq(calendarFeeds.propertyId, propertyId)),
      );
    if (existing.length >= MAX_FEEDS_PER_PROPERTY) throw new AppError("conflict", T.tooManyFeeds);
    const address = url.toString();
    if (existing.some((f) => openedAddress(f.sealed) === address))
      throw new AppError("conflict", T.addressDuplicate, { address: T.addressDuplicate });
    const [row] = await tx
      .insert(calendarFeeds)
      .values({
        organizationId: actor.organizationId,
        propertyId,
        source: sourceOfAddress(url),
        addressSealed: seal(address),
        addressHint: addressHint(url),
      })
      .returning({ id: calendarFeeds.id });
    if (!row) throw new Error("calendar feed insert returned nothing");
    return row;
  });
}

function openedAddress(sealed: string): string | null {
  try {
    return unseal<string>(sealed);
  } catch {
    return null;
  }
}

/** The calendars of one of the organization's properties, oldest first. */
export async function listCalendarFeeds(
  db: Db,
  actor: Actor,
  propertyId: string,
): Promise<CalendarFeedView[]> {
  assertCan(actor, "stays.read");
  await requireOwnProperty(db, actor, propertyId);
  const rows = await db
    .select({
      id: calendarFeeds.id,
      source: calendarFeeds.source,
      addressHint: calendarFeeds.addressHint,
      createdAt: calendarFeeds.createdAt,
      lastAttemptAt: calendarFeeds.lastAttemptAt,
      lastSuccessAt: calendarFeeds.lastSuccessAt,
      lastError: calendarFeeds.lastError,
      lastEventCount: calendarFeeds.lastEventCount,
    })
    .from(calendarFeeds)
    .where(
      and(eq(calendarFeeds.organizationId, actor.organizationId), eq(calendarFeeds.propertyId, propertyId)),
    )
    .orderBy(asc(calendarFeeds.createdAt), asc(calendarFeeds.id));
  return rows.map((r) => {
    const source = r.source as FeedSource;
    return { ...r, source, sourceLabel: sourceLabel(source) };
  });
}

/**
 * Removes a calendar. Its stays that have not started yet go with it (nothing can point at them yet); the
 * ones that started or are over stay, without a feed, since sales and damage records point at them.
 */
export async function removeCalendarFeed(
  db: Db,
  actor: Actor,
  feedId: unknown,
  now: Date = new Date(),
): Promise<{ removedStays: number }> {
  assertCan(actor, "stays.manage");
  if (!isUuid(feedId)) throw new AppError("not_found", T.feedNotFound);
  const today = saoPauloDay(now);
  return db.transaction(async (tx) => {
    const [feed] = await tx
      .select({ id: calendarFeeds.id })
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.organizationId, actor.organizationId)))
      .for("update");
    if (!feed) throw new AppError("not_found", T.feedNotFound);
    const removed = await tx
      .delete(stays)
      .where(and(eq(stays.feedId, feedId), gt(stays.checkIn, today)))
      .returning({ id: stays.id });
    // The rest keep their rows; the foreign key sets their feed_id to null.
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.id, feedId));
    return { removedStays: removed.length };
  });
}

/** For the sync: the feed of this organization, or not_found. */
export async function requireOwnFeed(db: Db, actor: Actor, feedId: unknown): Promise<{ id: string }> {
  if (!isUuid(feedId)) throw new AppError("not_found", T.feedNotFound);
  const [feed] = await db
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.organizationId, actor.organizationId)));
  if (!feed) throw new AppError("not_found", T.feedNotFound);
  return feed;
}
