// Calendar syncs on real PostgreSQL with several app instances (connection pools) at once: the same feed
// synced 8 times concurrently must end with one row per UID, each sync answered without an error.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncFeed } from "~/domain/stays/sync-feed.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { calendarFeeds, stays } from "~/platform/db/schema";
import { seal } from "~/platform/secrets/secret-box.server";
import { airbnbCalendar } from "../support/ical-fixtures";
import { icalServer } from "../support/ical-server";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();
const NOW = new Date("2026-11-24T15:00:00Z");
const OPTIONS = { fetch: { allowLoopback: true }, now: NOW };

describe.runIf(available)("calendar syncs on PostgreSQL, across instances", () => {
  let database: ThrowawayDatabase;
  let handles: DatabaseHandle[] = [];
  let feeds: Awaited<ReturnType<typeof icalServer>>;
  const dbAt = (i: number) => (handles[i % handles.length] as DatabaseHandle).db;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    handles = await Promise.all(
      [1, 2, 3].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 6 })),
    );
    await migrateDatabase(handles[0] as DatabaseHandle);
    feeds = await icalServer();
  });
  afterAll(async () => {
    await feeds?.close();
    await Promise.all(handles.map((h) => h.close()));
    await database?.drop();
  });

  it("8 syncs of one feed at once store each stay once, and a changed feed at once too", async () => {
    const shop = await shopFixture(dbAt(0), [], { receiving: false });
    const path = "/calendar/ical/concurrent.ics";
    feeds.serve(
      path,
      airbnbCalendar([
        { uid: "a@airbnb.com", checkIn: "2026-12-01", checkOut: "2026-12-05" },
        { uid: "b@airbnb.com", checkIn: "2026-12-05", checkOut: "2026-12-08" },
        { uid: "c@airbnb.com", checkIn: "2026-12-20", checkOut: "2027-01-03", block: true },
      ]),
    );
    const [feed] = await dbAt(0)
      .insert(calendarFeeds)
      .values({
        organizationId: shop.organizationId,
        propertyId: shop.propertyId,
        source: "airbnb",
        addressSealed: seal(feeds.url(path)),
        addressHint: "127.0.0.1/….ics",
      })
      .returning({ id: calendarFeeds.id });
    const feedId = feed?.id ?? "";
    const rows = () =>
      dbAt(0)
        .select({ id: stays.id, uid: stays.uid, checkOut: stays.checkOut, status: stays.status })
        .from(stays)
        .where(eq(stays.feedId, feedId))
        .orderBy(asc(stays.uid));

    const first = await Promise.all(Array.from({ length: 8 }, (_, i) => syncFeed(dbAt(i), feedId, OPTIONS)));
    // Exactly one of them found the stays new; the others found them already there.
    expect(first.reduce((sum, r) => sum + ("added" in r ? r.added : 0), 0)).toBe(3);
    expect(first.every((r) => "added" in r)).toBe(true);
    const stored = await rows();
    expect(stored.map((r) => r.uid)).toEqual(["a@airbnb.com", "b@airbnb.com", "c@airbnb.com"]);

    // 'a' comes back longer with a new UID, 'b' vanished: one update and one cancellation in all.
    feeds.serve(
      path,
      airbnbCalendar([
        { uid: "a2@airbnb.com", checkIn: "2026-12-01", checkOut: "2026-12-04" },
        { uid: "c@airbnb.com", checkIn: "2026-12-20", checkOut: "2027-01-03", block: true },
      ]),
    );
    const second = await Promise.all(Array.from({ length: 8 }, (_, i) => syncFeed(dbAt(i), feedId, OPTIONS)));
    const sum = (key: "added" | "updated" | "cancelled") =>
      second.reduce((total, r) => total + (key in r ? (r as Record<typeof key, number>)[key] : 0), 0);
    expect([sum("added"), sum("updated"), sum("cancelled")]).toEqual([0, 1, 1]);
    const after = await rows();
    expect(after.map((r) => [r.uid, r.checkOut, r.status])).toEqual([
      ["a2@airbnb.com", "2026-12-04", "confirmed"],
      ["b@airbnb.com", "2026-12-08", "cancelled"],
      ["c@airbnb.com", "2027-01-03", "confirmed"],
    ]);
    expect(after.find((r) => r.uid === "a2@airbnb.com")?.id).toBe(
      stored.find((r) => r.uid === "a@airbnb.com")?.id,
    );
  });
});
