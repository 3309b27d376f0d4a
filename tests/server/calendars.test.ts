// The calendars page on the built app (issue 23), through its forms as a browser without script posts them:
// a host adds a calendar served by the test, syncs it, sees its stays, then a 429 shows the error and keeps
// them. Another host's ids in the URL or the forms answer 404 and change nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDay } from "~/lib/dates";
import { type Account, type Browser, createConfirmedAccount } from "../support/accounts";
import { airbnbCalendar } from "../support/ical-fixtures";
import { icalServer } from "../support/ical-server";
import { type RunningServer, removeDir, startServer } from "../support/server-process";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const FEED_PATH = "/calendar/ical/server-test.ics";
// Far ahead, so whatever today is, these stays are upcoming and kept by the parser (< 2 years).
const STAY = { uid: "s1@airbnb.com", checkIn: "2027-06-01", checkOut: "2027-06-05", code: "HMSRV0001" };
const BLOCK = { uid: "b1@airbnb.com", checkIn: "2027-06-10", checkOut: "2027-06-12", block: true };

let server: RunningServer;
let feeds: Awaited<ReturnType<typeof icalServer>>;
let hostA: Account & { browser: Browser };
let hostB: Account & { browser: Browser };
let propertyA = "";
let propertyB = "";

async function createProperty(browser: Browser, name: string): Promise<string> {
  const created = await browser.post("/properties", {
    intent: "create",
    name,
    address: "Rua das Reservas, 1",
  });
  if (created.status !== 200) throw new Error(`create property answered ${created.status}`);
  const list = await browser.get("/properties");
  const id = /\/properties\/([0-9a-f-]{36})\/calendarios/.exec(list.body.slice(list.body.indexOf(name)))?.[1];
  if (!id) throw new Error(`no calendars link for ${name}`);
  return id;
}

const page = (propertyId: string) => `/properties/${propertyId}/calendarios`;

beforeAll(async () => {
  feeds = await icalServer();
  server = await startServer({ OUTBOUND_ALLOW_LOOPBACK: "1" });
  [hostA, hostB] = await Promise.all([
    createConfirmedAccount(server, { label: "calendars-a" }),
    createConfirmedAccount(server, { label: "calendars-b" }),
  ]);
  propertyA = await createProperty(hostA.browser, "Casa com Agenda de A");
  propertyB = await createProperty(hostB.browser, "Casa de B");
}, 120_000);

afterAll(async () => {
  await feeds?.close();
  if (!server) return;
  await server.stop();
  removeDir(server.dataDir);
});

describe("the calendars page", () => {
  let feedId = "";
  let stayIds: string[] = [];

  it("adds a calendar, syncs it, lists its stays, and keeps them when the platform answers 429", async () => {
    const { browser } = hostA;
    feeds.serve(FEED_PATH, airbnbCalendar([STAY, BLOCK]));
    const before = new Set((await browser.get(page(propertyA))).body.match(UUID));
    const added = await browser.post(page(propertyA), { intent: "add-feed", address: feeds.url(FEED_PATH) });
    expect(added.status).toBe(200);
    // Synced at once (issue 49): no 'ainda não sincronizado' until 'Sincronizar agora' is pressed.
    expect(added.body).toContain(
      "Calendário adicionado. Calendário sincronizado: 2 novas, 0 alteradas, 0 canceladas.",
    );
    const listed = await browser.get(page(propertyA));
    expect(listed.body).not.toContain("ainda não sincronizado");
    expect(listed.body).toContain(`127.0.0.1:${feeds.port}/….ics`);
    feedId = [...new Set(listed.body.match(UUID))].find((id) => !before.has(id)) ?? "";
    expect(feedId).not.toBe("");

    const synced = await browser.post(page(propertyA), { intent: "sync", feedId });
    expect(synced.body).toContain("Calendário sincronizado: 0 novas, 0 alteradas, 0 canceladas.");
    const withStays = await browser.get(page(propertyA));
    for (const day of [STAY.checkIn, STAY.checkOut, BLOCK.checkIn])
      expect(withStays.body).toContain(formatDay(day));
    expect(withStays.body).toContain("HMSRV0001");
    expect(withStays.body).not.toContain(feeds.url(FEED_PATH));

    feeds.serve(FEED_PATH, { status: 429, body: "slow down" });
    const throttled = await browser.post(page(propertyA), { intent: "sync", feedId });
    expect(throttled.body).toContain("O calendário respondeu 429 (muitas requisições).");
    const after = await browser.get(page(propertyA));
    expect(after.body).toContain("Erro na última sincronização");
    for (const day of [STAY.checkIn, STAY.checkOut, BLOCK.checkIn])
      expect(after.body).toContain(formatDay(day));

    const direct = await browser.post(page(propertyA), {
      intent: "add-stay",
      checkIn: "2027-07-01",
      checkOut: "2027-07-03",
    });
    expect(direct.body).toContain("Reserva direta adicionada.");
    const overlapping = await browser.post(page(propertyA), {
      intent: "add-stay",
      checkIn: "2027-06-03",
      checkOut: "2027-06-04",
    });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body).toContain(
      "Estas datas se sobrepõem a outra reserva ou bloqueio (01/06/2027 a 05/06/2027).",
    );
    const known = new Set([...before, feedId]);
    stayIds = [...new Set((await browser.get(page(propertyA))).body.match(UUID))].filter(
      (id) => !known.has(id),
    );
    expect(stayIds.length).toBeGreaterThanOrEqual(3);
  });

  it("answers 404 to another host's property, calendar and stays, and changes nothing", async () => {
    const { browser } = hostB;
    expect((await browser.get(page(propertyA))).status).toBe(404);
    expect(
      (
        await browser.post(page(propertyA), {
          intent: "add-feed",
          address: "https://www.airbnb.com/calendar/ical/1.ics",
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await browser.post(page(propertyA), {
          intent: "add-stay",
          checkIn: "2027-08-01",
          checkOut: "2027-08-02",
        })
      ).status,
    ).toBe(404);
    for (const intent of ["sync", "remove-feed"])
      expect((await browser.post(page(propertyB), { intent, feedId })).status).toBe(404);
    for (const stayId of stayIds) {
      expect((await browser.post(page(propertyB), { intent: "cancel-stay", stayId })).status).toBe(404);
      expect(
        (
          await browser.post(page(propertyB), {
            intent: "edit-stay",
            stayId,
            checkIn: "2027-09-01",
            checkOut: "2027-09-02",
          })
        ).status,
      ).toBe(404);
    }
    const own = await hostA.browser.get(page(propertyA));
    expect(own.body).toContain("Erro na última sincronização");
    expect(own.body).toContain(formatDay("2027-07-01"));
    expect(own.body).not.toContain("Cancelada");
    expect(own.body).not.toContain(formatDay("2027-08-01"));
  });
});
