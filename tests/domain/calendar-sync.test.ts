import { and, asc, eq, ne } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addCalendarFeed, listCalendarFeeds, removeCalendarFeed } from "~/domain/stays/calendar-feeds.server";
import { addDirectStay, cancelDirectStay, updateDirectStay } from "~/domain/stays/direct-stays.server";
import { syncDueFeeds } from "~/domain/stays/sync-all.server";
import { syncFeed, syncFeedNow } from "~/domain/stays/sync-feed.server";
import { listUpcomingStays } from "~/domain/stays/upcoming-stays.server";
import type { Actor } from "~/domain/team/permissions";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { calendarFeeds, stays } from "~/platform/db/schema";
import { seal } from "~/platform/secrets/secret-box.server";
import { airbnbCalendar, BOOKING_FEED, EMPTY_FEED, NOT_A_CALENDAR } from "../support/ical-fixtures";
import { icalServer } from "../support/ical-server";
import { refusal } from "../support/refusal";
import { memberOf, ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000 });

/** "Today" in these tests is 24/11/2026 in São Paulo. */
const NOW = new Date("2026-11-24T15:00:00Z");
const LOOPBACK = { fetch: { allowLoopback: true }, now: NOW };
const INTERNAL = "Endereço interno não é permitido.";

let handle: DatabaseHandle;
let feeds: Awaited<ReturnType<typeof icalServer>>;
beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  feeds = await icalServer();
});
afterAll(async () => {
  await feeds?.close();
  await handle?.close();
});
const db = () => handle.db;

let n = 0;
/** A host (owner actor) with one property, and a path of the fake platform only this test uses. */
async function host() {
  const shop = await shopFixture(db(), [], { receiving: false });
  const owner = await ownerOf(db(), shop.organizationId);
  return { shop, owner, path: `/calendar/ical/${++n}.ics` };
}

/** A feed row pointing at `address` (as addCalendarFeed stores it, without its address checks). */
async function feedAt(owner: Actor, propertyId: string, address: string, source = "airbnb") {
  const [row] = await db()
    .insert(calendarFeeds)
    .values({
      organizationId: owner.organizationId,
      propertyId,
      source,
      addressSealed: seal(address),
      addressHint: "test/…",
    })
    .returning({ id: calendarFeeds.id });
  if (!row) throw new Error("no feed");
  return row.id;
}

async function staysOf(propertyId: string) {
  return db()
    .select()
    .from(stays)
    .where(eq(stays.propertyId, propertyId))
    .orderBy(asc(stays.checkIn), asc(stays.uid));
}

async function feedRow(id: string) {
  const [row] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.id, id));
  if (!row) throw new Error("no feed");
  return row;
}

describe("syncing a platform's calendar", () => {
  it("stores Airbnb's stays and blocks with their codes, and a second sync changes nothing", async () => {
    const { shop, owner, path } = await host();
    feeds.serve(
      path,
      airbnbCalendar([
        { uid: "a@airbnb.com", checkIn: "2026-12-01", checkOut: "2026-12-05", code: "HMABC123" },
        { uid: "b@airbnb.com", checkIn: "2026-12-05", checkOut: "2026-12-08", code: "HMDEF456" },
        { uid: "c@airbnb.com", checkIn: "2026-12-20", checkOut: "2027-01-03", block: true },
      ]),
    );
    const feedId = await feedAt(owner, shop.propertyId, feeds.url(path));
    expect(await syncFeedNow(db(), owner, feedId, LOOPBACK)).toEqual({ added: 3, updated: 0, cancelled: 0 });
    expect(
      (await staysOf(shop.propertyId)).map((s) => [
        s.checkIn,
        s.checkOut,
        s.kind,
        s.source,
        s.summary,
        s.reservationCode,
        s.status,
      ]),
    ).toEqual([
      ["2026-12-01", "2026-12-05", "stay", "airbnb", "Reserva Airbnb", "HMABC123", "confirmed"],
      ["2026-12-05", "2026-12-08", "stay", "airbnb", "Reserva Airbnb", "HMDEF456", "confirmed"],
      ["2026-12-20", "2027-01-03", "block", "airbnb", "Airbnb (Not available)", null, "confirmed"],
    ]);
    expect(await feedRow(feedId)).toMatchObject({ lastError: null, lastEventCount: 3, lastSuccessAt: NOW });
    expect(await syncFeed(db(), feedId, LOOPBACK)).toEqual({ added: 0, updated: 0, cancelled: 0 });
    expect(await staysOf(shop.propertyId)).toHaveLength(3);
  });

  it("keeps Booking.com's blocks apart from its stays and never stores the guest's name", async () => {
    const { shop, owner, path } = await host();
    feeds.serve(path, BOOKING_FEED);
    const feedId = await feedAt(owner, shop.propertyId, feeds.url(path), "booking");
    await syncFeed(db(), feedId, LOOPBACK);
    const rows = await staysOf(shop.propertyId);
    expect(rows.map((s) => [s.checkIn, s.checkOut, s.kind, s.summary])).toEqual([
      ["2026-12-10", "2026-12-12", "block", "CLOSED - Not available"],
      ["2026-12-14", "2026-12-17", "stay", "Reserva Booking.com"],
    ]);
    expect(JSON.stringify(rows)).not.toContain("Maria");
  });

  it("keeps the row of a stay that changed length and came back with a new UID", async () => {
    const { shop, owner, path } = await host();
    feeds.serve(
      path,
      airbnbCalendar([{ uid: "old-uid@airbnb.com", checkIn: "2026-12-01", checkOut: "2026-12-05" }]),
    );
    const feedId = await feedAt(owner, shop.propertyId, feeds.url(path));
    await syncFeed(db(), feedId, LOOPBACK);
    const [before] = await staysOf(shop.propertyId);
    feeds.serve(
      path,
      airbnbCalendar([{ uid: "new-uid@airbnb.com", checkIn: "2026-12-01", checkOut: "2026-12-07" }]),
    );
    expect(await syncFeed(db(), feedId, LOOPBACK)).toEqual({ added: 0, updated: 1, cancelled: 0 });
    const after = await staysOf(shop.propertyId);
    expect(after.map((s) => [s.id, s.uid, s.checkIn, s.checkOut, s.status])).toEqual([
      [before?.id, "new-uid@airbnb.com", "2026-12-01", "2026-12-07", "confirmed"],
    ]);
  });

  it("cancels a future stay missing from a good feed, keeps one that is over, and restores one that comes back", async () => {
    const { shop, owner, path } = await host();
    const past = { uid: "past@airbnb.com", checkIn: "2026-11-10", checkOut: "2026-11-15" };
    const ongoing = { uid: "ongoing@airbnb.com", checkIn: "2026-11-22", checkOut: "2026-11-26" };
    const future = { uid: "future@airbnb.com", checkIn: "2026-12-10", checkOut: "2026-12-12" };
    const other = { uid: "other@airbnb.com", checkIn: "2027-01-10", checkOut: "2027-01-12" };
    feeds.serve(path, airbnbCalendar([past, ongoing, future]));
    const feedId = await feedAt(owner, shop.propertyId, feeds.url(path));
    await syncFeed(db(), feedId, LOOPBACK);
    feeds.serve(path, airbnbCalendar([other]));
    expect(await syncFeed(db(), feedId, LOOPBACK)).toEqual({ added: 1, updated: 0, cancelled: 2 });
    const status = async () =>
      Object.fromEntries((await staysOf(shop.propertyId)).map((s) => [s.uid, s.status]));
    expect(await status()).toEqual({
      "past@airbnb.com": "confirmed",
      "ongoing@airbnb.com": "cancelled",
      "future@airbnb.com": "cancelled",
      "other@airbnb.com": "confirmed",
    });
    feeds.serve(path, airbnbCalendar([future, other]));
    expect(await syncFeed(db(), feedId, LOOPBACK)).toEqual({ added: 0, updated: 1, cancelled: 0 });
    expect((await status())["future@airbnb.com"]).toBe("confirmed");
    // The page lists what is not over yet, cancelled ones marked.
    expect(
      (await listUpcomingStays(db(), owner, shop.propertyId, NOW)).map((s) => [
        s.checkIn,
        s.status,
        s.nights,
      ]),
    ).toEqual([
      ["2026-11-22", "cancelled", 4],
      ["2026-12-10", "confirmed", 2],
      ["2027-01-10", "confirmed", 2],
    ]);
  });

  it.each([
    ["a 429", { status: 429, body: "Too Many Requests" }, "O calendário respondeu 429 (muitas requisições)."],
    ["a 500", { status: 500, body: "oops" }, "O calendário respondeu 500."],
    [
      "an empty calendar after a full one",
      { status: 200, body: EMPTY_FEED },
      "O calendário veio vazio, mas antes tinha reservas: mantivemos as anteriores.",
    ],
    [
      "a page that is not a calendar",
      { status: 200, body: NOT_A_CALENDAR },
      "O arquivo não é um calendário iCal válido.",
    ],
    [
      "a body over 2 MB",
      { status: 200, body: "x".repeat(2 * 1024 * 1024 + 1) },
      "O calendário tem mais de 2 MB.",
    ],
  ])("changes nothing on %s and records why", async (_, answer, message) => {
    const { shop, owner, path } = await host();
    feeds.serve(
      path,
      airbnbCalendar([
        { uid: "a@airbnb.com", checkIn: "2026-12-01", checkOut: "2026-12-05" },
        { uid: "b@airbnb.com", checkIn: "2026-12-10", checkOut: "2026-12-11", block: true },
      ]),
    );
    const feedId = await feedAt(owner, shop.propertyId, feeds.url(path));
    await syncFeed(db(), feedId, LOOPBACK);
    const before = await staysOf(shop.propertyId);
    const goodAt = (await feedRow(feedId)).lastSuccessAt;
    feeds.serve(path, answer);
    const later = new Date(NOW.getTime() + 60_000);
    expect(await syncFeedNow(db(), owner, feedId, { ...LOOPBACK, now: later })).toEqual({ error: message });
    expect(await staysOf(shop.propertyId)).toEqual(before);
    expect(await feedRow(feedId)).toMatchObject({
      lastError: message,
      lastAttemptAt: later,
      lastSuccessAt: goodAt,
      lastEventCount: 2,
    });
    const [shown] = await listCalendarFeeds(db(), owner, shop.propertyId);
    expect(shown?.lastError).toBe(message);
  });

  it("takes an empty calendar as no stays when the last one had none either", async () => {
    const { shop, owner, path } = await host();
    feeds.serve(path, EMPTY_FEED);
    const feedId = await feedAt(owner, shop.propertyId, feeds.url(path));
    expect(await syncFeed(db(), feedId, LOOPBACK)).toEqual({ added: 0, updated: 0, cancelled: 0 });
    expect(await feedRow(feedId)).toMatchObject({ lastError: null, lastEventCount: 0 });
  });
});

describe("internal addresses", () => {
  it.each([
    ["a private address over http", "http://10.0.0.1/x.ics"],
    ["a private address", "https://192.168.0.10/x.ics"],
    ["link-local (cloud metadata)", "https://169.254.169.254/latest/meta-data"],
    ["IPv6 loopback", "https://[::1]/x.ics"],
    ["IPv4-mapped IPv6 loopback", "https://[::ffff:127.0.0.1]/x.ics"],
    ["a decimal IPv4 loopback", "https://2130706433/x.ics"],
  ])("refuses %s in pt-BR and stores nothing", async (_, address) => {
    const { shop, owner } = await host();
    const feedId = await feedAt(owner, shop.propertyId, address);
    expect(await syncFeedNow(db(), owner, feedId, { now: NOW, fetch: { allowLoopback: false } })).toEqual({
      error: INTERNAL,
    });
    expect(await staysOf(shop.propertyId)).toEqual([]);
    expect((await feedRow(feedId)).lastError).toBe(INTERNAL);
  });

  it("refuses this machine (by address or by a name resolving to it) without connecting to it", async () => {
    const { shop, owner, path } = await host();
    feeds.serve(path, airbnbCalendar([{ uid: "a", checkIn: "2026-12-01", checkOut: "2026-12-05" }]));
    for (const address of [
      `https://127.0.0.1:${feeds.port}${path}`,
      `https://localhost:${feeds.port}${path}`,
    ]) {
      const feedId = await feedAt(owner, shop.propertyId, address);
      expect(await syncFeed(db(), feedId, { now: NOW, fetch: { allowLoopback: false } })).toEqual({
        error: INTERNAL,
      });
    }
    expect(feeds.hitsOn(path)).toBe(0);
    expect(await staysOf(shop.propertyId)).toEqual([]);
  });

  it("refuses a redirect to an internal address", async () => {
    const { shop, owner, path } = await host();
    feeds.serve(path, { status: 302, headers: { location: "https://169.254.169.254/latest/meta-data" } });
    const feedId = await feedAt(owner, shop.propertyId, feeds.url(path));
    expect(await syncFeed(db(), feedId, LOOPBACK)).toEqual({ error: INTERNAL });
    expect(await staysOf(shop.propertyId)).toEqual([]);
  });
});

describe("calendar addresses", () => {
  const AIRBNB = "https://www.airbnb.com.br/calendar/ical/12345678.ics?s=0123456789abcdefSECRET9f3e";

  it("are checked, sealed, listed by a hint only, and at most 5 per property", async () => {
    const { shop, owner } = await host();
    const propertyId = shop.propertyId;
    const add = (address: unknown) => addCalendarFeed(db(), owner, { propertyId, address });
    expect(await refusal(add(""))).toMatchObject({
      kind: "invalid",
      message: "Informe o endereço do calendário (iCal).",
    });
    expect(await refusal(add("calendário do airbnb"))).toMatchObject({
      message: "Informe um endereço completo, começando com https://.",
    });
    expect(await refusal(add("http://www.airbnb.com/calendar/ical/1.ics"))).toMatchObject({
      message: "Use um endereço https:// (o calendário precisa de conexão segura).",
      fieldErrors: { address: "Use um endereço https:// (o calendário precisa de conexão segura)." },
    });
    expect(await refusal(add(`https://example.com/${"a".repeat(2000)}`))).toMatchObject({
      message: "O endereço deve ter no máximo 2000 caracteres.",
    });
    const { id } = await add(AIRBNB);
    const [stored] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.id, id));
    expect(stored?.addressSealed).not.toContain("SECRET");
    expect(await refusal(add(AIRBNB))).toMatchObject({
      kind: "conflict",
      message: "Este calendário já foi adicionado a este imóvel.",
    });
    await add("webcal://admin.booking.com/hotel/hoteladmin/ical.html?t=a1b2c3d4");
    const listed = await listCalendarFeeds(db(), owner, propertyId);
    expect(listed.map((f) => [f.source, f.sourceLabel, f.addressHint])).toEqual([
      ["airbnb", "Airbnb", "www.airbnb.com.br/…9f3e"],
      ["booking", "Booking.com", "admin.booking.com/…c3d4"],
    ]);
    expect(JSON.stringify(listed)).not.toContain("SECRET");
    for (const i of [3, 4, 5]) await add(`https://www.vrbo.com/icalendar/${i}.ics`);
    expect(await refusal(add("https://www.vrbo.com/icalendar/6.ics"))).toMatchObject({
      kind: "conflict",
      message: "Cada imóvel pode ter no máximo 5 calendários.",
    });
  });

  it("take this machine's http address only when loopback is allowed (tests)", async () => {
    const { shop, owner, path } = await host();
    const input = { propertyId: shop.propertyId, address: feeds.url(path) };
    expect(await refusal(addCalendarFeed(db(), owner, input, { allowLoopback: false }))).toMatchObject({
      kind: "invalid",
    });
    await addCalendarFeed(db(), owner, input, { allowLoopback: true });
    expect(await listCalendarFeeds(db(), owner, shop.propertyId)).toHaveLength(1);
  });

  it("removed, take their stays not started yet and leave the others without a feed", async () => {
    const { shop, owner, path } = await host();
    feeds.serve(
      path,
      airbnbCalendar([
        { uid: "past", checkIn: "2026-11-10", checkOut: "2026-11-15" },
        { uid: "ongoing", checkIn: "2026-11-22", checkOut: "2026-11-26" },
        { uid: "future", checkIn: "2026-12-10", checkOut: "2026-12-12" },
      ]),
    );
    const feedId = await feedAt(owner, shop.propertyId, feeds.url(path));
    await syncFeed(db(), feedId, LOOPBACK);
    expect(await removeCalendarFeed(db(), owner, feedId, NOW)).toEqual({ removedStays: 1 });
    expect((await staysOf(shop.propertyId)).map((s) => [s.uid, s.feedId, s.status])).toEqual([
      ["past", null, "confirmed"],
      ["ongoing", null, "confirmed"],
    ]);
    expect(await listCalendarFeeds(db(), owner, shop.propertyId)).toEqual([]);
  });
});

describe("the job", () => {
  it("syncs every feed due, records a failing one, and leaves one tried in the last 15 minutes", async () => {
    const { shop, owner, path } = await host();
    const bad = `${path}-bad`;
    const recent = `${path}-recent`;
    feeds.serve(path, airbnbCalendar([{ uid: "a", checkIn: "2026-12-01", checkOut: "2026-12-05" }]));
    feeds.serve(bad, { status: 429 });
    feeds.serve(recent, airbnbCalendar([{ uid: "r", checkIn: "2026-12-20", checkOut: "2026-12-22" }]));
    const good = await feedAt(owner, shop.propertyId, feeds.url(path));
    const failing = await feedAt(owner, shop.propertyId, feeds.url(bad));
    const fresh = await feedAt(owner, shop.propertyId, feeds.url(recent));
    await db()
      .update(calendarFeeds)
      .set({ lastAttemptAt: new Date(NOW.getTime() - 5 * 60_000) })
      .where(eq(calendarFeeds.id, fresh));
    // The job covers every organization: other tests' feeds count as just tried, so only these are due.
    await db()
      .update(calendarFeeds)
      .set({ lastAttemptAt: NOW })
      .where(ne(calendarFeeds.organizationId, owner.organizationId));
    expect(await syncDueFeeds(db(), pino({ level: "silent" }), LOOPBACK)).toEqual({ synced: 1, failed: 1 });
    expect((await feedRow(good)).lastError).toBeNull();
    expect((await feedRow(failing)).lastError).toBe("O calendário respondeu 429 (muitas requisições).");
    expect(feeds.hitsOn(recent)).toBe(0);
    expect((await staysOf(shop.propertyId)).map((s) => s.uid)).toEqual(["a"]);
  });
});

describe("stays typed by hand", () => {
  it("are added, refused when they overlap, moved and cancelled", async () => {
    const { shop, owner } = await host();
    const propertyId = shop.propertyId;
    const add = (checkIn: string, checkOut: string, block = false) =>
      addDirectStay(db(), owner, { propertyId, checkIn, checkOut, block });
    const { id } = await add("2027-02-01", "2027-02-05");
    // Check-out and the next check-in on the same day share no night.
    await add("2027-02-05", "2027-02-07", true);
    expect(await refusal(add("2027-02-04", "2027-02-06"))).toEqual({
      kind: "conflict",
      message: "Estas datas se sobrepõem a outra reserva ou bloqueio (01/02/2027 a 05/02/2027).",
    });
    expect(
      await refusal(
        updateDirectStay(db(), owner, { stayId: id, checkIn: "2027-02-01", checkOut: "2027-02-06" }),
      ),
    ).toMatchObject({
      kind: "conflict",
      message: "Estas datas se sobrepõem a outra reserva ou bloqueio (05/02/2027 a 07/02/2027).",
    });
    await updateDirectStay(db(), owner, { stayId: id, checkIn: "2027-01-30", checkOut: "2027-02-04" });
    await cancelDirectStay(db(), owner, id);
    await add("2027-02-01", "2027-02-05");
    const rows = await staysOf(propertyId);
    expect(rows.map((s) => [s.checkIn, s.checkOut, s.kind, s.source, s.status, s.feedId])).toEqual([
      ["2027-01-30", "2027-02-04", "stay", "direct", "cancelled", null],
      ["2027-02-01", "2027-02-05", "stay", "direct", "confirmed", null],
      ["2027-02-05", "2027-02-07", "block", "direct", "confirmed", null],
    ]);
  });

  it.each([
    ["", "2027-02-05", "checkIn", "Informe uma data de check-in válida."],
    ["2027-02-31", "2027-03-05", "checkIn", "Informe uma data de check-in válida."],
    ["2027-02-05", "amanhã", "checkOut", "Informe uma data de check-out válida."],
    ["2027-02-05", "2027-02-05", "checkOut", "O check-out deve ser depois do check-in."],
    ["2027-02-05", "2027-02-01", "checkOut", "O check-out deve ser depois do check-in."],
    ["2027-01-01", "2028-01-02", "checkOut", "Uma reserva pode ter no máximo 365 noites."],
  ])("refuses check-in %j and check-out %j", async (checkIn, checkOut, field, message) => {
    const { shop, owner } = await host();
    expect(
      await refusal(addDirectStay(db(), owner, { propertyId: shop.propertyId, checkIn, checkOut })),
    ).toEqual({
      kind: "invalid",
      message,
      fieldErrors: { [field]: message },
    });
    expect(await staysOf(shop.propertyId)).toEqual([]);
  });

  it("cannot change a stay that came from a platform's calendar", async () => {
    const { shop, owner, path } = await host();
    feeds.serve(path, airbnbCalendar([{ uid: "a", checkIn: "2026-12-01", checkOut: "2026-12-05" }]));
    const feedId = await feedAt(owner, shop.propertyId, feeds.url(path));
    await syncFeed(db(), feedId, LOOPBACK);
    const [stay] = await staysOf(shop.propertyId);
    const message =
      "Esta reserva veio do calendário de uma plataforma: altere-a na plataforma, e ela chega aqui na próxima sincronização.";
    expect(await refusal(cancelDirectStay(db(), owner, stay?.id))).toMatchObject({
      kind: "invalid",
      message,
    });
    expect(
      await refusal(
        updateDirectStay(db(), owner, { stayId: stay?.id, checkIn: "2026-12-01", checkOut: "2026-12-03" }),
      ),
    ).toMatchObject({ kind: "invalid", message });
  });
});

describe("tenancy and roles", () => {
  it("another host's property, feed and stays are not found by every operation; staff only read", async () => {
    const { shop, owner, path } = await host();
    const stranger = await ownerOf(db(), (await host()).shop.organizationId);
    feeds.serve(path, airbnbCalendar([{ uid: "a", checkIn: "2026-12-01", checkOut: "2026-12-05" }]));
    const feedId = await feedAt(owner, shop.propertyId, feeds.url(path));
    await syncFeed(db(), feedId, LOOPBACK);
    const { id: directId } = await addDirectStay(db(), owner, {
      propertyId: shop.propertyId,
      checkIn: "2027-03-01",
      checkOut: "2027-03-03",
    });
    const propertyId = shop.propertyId;
    const attempts = [
      listCalendarFeeds(db(), stranger, propertyId),
      listUpcomingStays(db(), stranger, propertyId),
      addCalendarFeed(db(), stranger, { propertyId, address: "https://www.airbnb.com/calendar/ical/9.ics" }),
      removeCalendarFeed(db(), stranger, feedId),
      syncFeedNow(db(), stranger, feedId, LOOPBACK),
      addDirectStay(db(), stranger, { propertyId, checkIn: "2027-04-01", checkOut: "2027-04-03" }),
      updateDirectStay(db(), stranger, { stayId: directId, checkIn: "2027-04-01", checkOut: "2027-04-03" }),
      cancelDirectStay(db(), stranger, directId),
    ];
    for (const attempt of attempts) expect((await refusal(attempt)).kind).toBe("not_found");
    expect(await listCalendarFeeds(db(), owner, propertyId)).toHaveLength(1);
    expect((await staysOf(propertyId)).map((s) => [s.checkIn, s.status])).toEqual([
      ["2026-12-01", "confirmed"],
      ["2027-03-01", "confirmed"],
    ]);

    const { actor: staff } = await memberOf(db(), shop.organizationId, "staff");
    expect(await listCalendarFeeds(db(), staff, propertyId)).toHaveLength(1);
    expect(await listUpcomingStays(db(), staff, propertyId, NOW)).toHaveLength(2);
    for (const attempt of [
      syncFeedNow(db(), staff, feedId, LOOPBACK),
      removeCalendarFeed(db(), staff, feedId),
      addCalendarFeed(db(), staff, { propertyId, address: "https://www.airbnb.com/calendar/ical/9.ics" }),
      cancelDirectStay(db(), staff, directId),
    ])
      expect((await refusal(attempt)).kind).toBe("forbidden");
    const [direct] = await db()
      .select({ status: stays.status })
      .from(stays)
      .where(and(eq(stays.id, directId), eq(stays.propertyId, propertyId)));
    expect(direct?.status).toBe("confirmed");
  });
});
