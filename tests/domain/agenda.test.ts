import { randomBytes } from "node:crypto";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { advanceReplacement } from "~/domain/restock/advance-replacement.server";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { listMissingByCheckIn } from "~/domain/restock/missing-products.server";
import { getReplacement, listReplacements } from "~/domain/restock/read-replacements.server";
import { agendaFeedCalendar, agendaFeedToken, renewAgendaFeedToken } from "~/domain/stays/agenda-feed.server";
import { readAgenda } from "~/domain/stays/read-agenda.server";
import type { Actor } from "~/domain/team/permissions";
import { addDays } from "~/lib/dates";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { properties, propertyProducts, stays } from "~/platform/db/schema";
import { refusal } from "../support/refusal";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000 });

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
});
afterAll(async () => {
  await handle?.close();
});
const db = () => handle.db;

type StayRow = {
  kind?: "stay" | "block";
  checkIn: string;
  checkOut: string;
  status?: "confirmed" | "cancelled";
  source?: "airbnb" | "booking" | "direct";
};

/** Stays written straight into the table, as a feed sync or 'Reserva direta' would leave them. */
async function addStays(organizationId: string, propertyId: string, rows: StayRow[]): Promise<string[]> {
  const inserted = await db()
    .insert(stays)
    .values(
      rows.map((r) => ({
        organizationId,
        propertyId,
        kind: r.kind ?? "stay",
        source: r.source ?? "airbnb",
        checkIn: r.checkIn,
        checkOut: r.checkOut,
        status: r.status ?? "confirmed",
      })),
    )
    .returning({ id: stays.id });
  return inserted.map((r) => r.id);
}

/** A second property of the organization holding one product below what is expected. */
async function anotherProperty(organizationId: string, name: string, productId: string): Promise<string> {
  const [p] = await db()
    .insert(properties)
    .values({ organizationId, name, address: "Rua B, 2", hash: randomBytes(16).toString("base64url") })
    .returning({ id: properties.id });
  if (!p) throw new Error("no property");
  await db()
    .insert(propertyProducts)
    .values({ organizationId, propertyId: p.id, productId, currentQuantity: 1, expectedQuantity: 5 });
  return p.id;
}

async function host() {
  const s = await shopFixture(db(), [{ name: "Água", priceCents: 500, stock: 2 }]);
  const owner = await ownerOf(db(), s.organizationId);
  return { ...s, owner, staff: { ...owner, role: "staff" } satisfies Actor as Actor };
}

/** A day's entries as 'type property [detail]'. */
const dayView = (agenda: Awaited<ReturnType<typeof readAgenda>>) =>
  Object.fromEntries(
    agenda.days.map((d) => [
      d.day,
      d.entries.map((e) =>
        e.type === "turnover"
          ? `${e.sameDay ? "troca-mesmo-dia" : "troca"} ${e.propertyName} ${e.until}`
          : `${e.type} ${e.propertyName}`,
      ),
    ]),
  );

describe("the agenda's month", () => {
  it("lists check-ins, check-outs, blocks and turnovers by day, same-day turnovers marked, cancelled stays left out", async () => {
    const h = await host();
    const casa = (await readAgenda(db(), h.owner, { today: "2026-12-01" })).properties[0]?.name;
    const [first, second] = await addStays(h.organizationId, h.propertyId, [
      { checkIn: "2026-11-28", checkOut: "2026-12-03" },
      { checkIn: "2026-12-03", checkOut: "2026-12-06", source: "booking" },
      { kind: "block", checkIn: "2026-12-10", checkOut: "2026-12-12" },
      { checkIn: "2026-12-20", checkOut: "2026-12-24", status: "cancelled" },
      { checkIn: "2026-12-29", checkOut: "2027-01-04" },
      { checkIn: "2027-01-10", checkOut: "2027-01-12" },
    ]);
    const agenda = await readAgenda(db(), h.staff, { month: "2026-12", today: "2026-11-24" });
    expect(agenda).toMatchObject({ month: "2026-12", previous: "2026-11", next: "2027-01", badMonth: false });
    expect(dayView(agenda)).toEqual({
      "2026-12-03": [`checkout ${casa}`, `troca-mesmo-dia ${casa} 2026-12-03`, `checkin ${casa}`],
      "2026-12-06": [`checkout ${casa}`, `troca ${casa} 2026-12-10`],
      "2026-12-10": [`block ${casa}`],
      "2026-12-29": [`checkin ${casa}`],
    });
    const stayIds = agenda.days.flatMap((d) => d.entries.map((e) => e.stayId));
    expect(stayIds).toContain(first);
    expect(stayIds).toContain(second);
    // January: the December stay's check-out opens a window up to the next check-in.
    expect(dayView(await readAgenda(db(), h.owner, { month: "2027-01", today: "2026-11-24" }))).toEqual({
      "2027-01-04": [`checkout ${casa}`, `troca ${casa} 2027-01-10`],
      "2027-01-10": [`checkin ${casa}`],
      "2027-01-12": [`checkout ${casa}`, `troca ${casa} null`],
    });
  });

  it("shows the current month for a month that is not one, and an empty month has no days", async () => {
    const h = await host();
    const agenda = await readAgenda(db(), h.owner, { month: "2026-13", today: "2026-11-24" });
    expect(agenda).toMatchObject({ month: "2026-11", badMonth: true, days: [] });
  });

  it("is the organization's only: another host's stays never show, and another host's property is not found", async () => {
    const a = await host();
    const b = await host();
    await addStays(b.organizationId, b.propertyId, [{ checkIn: "2026-12-05", checkOut: "2026-12-08" }]);
    expect((await readAgenda(db(), a.owner, { month: "2026-12", today: "2026-12-01" })).days).toEqual([]);
    expect(
      await refusal(
        readAgenda(db(), a.owner, { month: "2026-12", propertyId: b.propertyId, today: "2026-12-01" }),
      ),
    ).toEqual({
      kind: "not_found",
      message: "Imóvel não encontrado",
    });
    expect(
      (await refusal(readAgenda(db(), a.owner, { propertyId: "nao-e-um-id", today: "2026-12-01" }))).kind,
    ).toBe("not_found");
    const own = await readAgenda(db(), b.owner, {
      month: "2026-12",
      propertyId: b.propertyId,
      today: "2026-12-01",
    });
    expect(own.property?.id).toBe(b.propertyId);
    expect(own.days.map((d) => d.day)).toEqual(["2026-12-05", "2026-12-08"]);
  });
});

describe("restocking planned for the next check-in", () => {
  const today = "2026-11-24";

  it("narrows 'Iniciar uma reposição' to the properties with a check-in in the next N days, soonest first", async () => {
    const h = await host();
    const soon = await anotherProperty(h.organizationId, "AAA Chalé", h.productIds.Água as string);
    const none = await anotherProperty(h.organizationId, "AAB Loft", h.productIds.Água as string);
    await addStays(h.organizationId, h.propertyId, [
      { checkIn: addDays(today, 5), checkOut: addDays(today, 8) },
      { checkIn: addDays(today, 20), checkOut: addDays(today, 22) },
    ]);
    await addStays(h.organizationId, soon, [
      { checkIn: addDays(today, -3), checkOut: addDays(today, 2) },
      { checkIn: addDays(today, 2), checkOut: addDays(today, 4) },
    ]);
    await addStays(h.organizationId, none, [
      { kind: "block", checkIn: addDays(today, 1), checkOut: addDays(today, 3) },
      { checkIn: addDays(today, 3), checkOut: addDays(today, 4), status: "cancelled" },
    ]);
    const rows = (m: Awaited<ReturnType<typeof listMissingByCheckIn>>) =>
      m.map((r) => [r.propertyId, r.nextCheckIn]);
    expect(rows(await listMissingByCheckIn(db(), h.owner, { today, withinDays: 7 }))).toEqual([
      [soon, addDays(today, 2)],
      [h.propertyId, addDays(today, 5)],
    ]);
    expect(rows(await listMissingByCheckIn(db(), h.owner, { today, withinDays: 3 }))).toEqual([
      [soon, addDays(today, 2)],
    ]);
    // Unfiltered: every property, with its next check-in when one is known.
    expect(
      new Map(rows(await listMissingByCheckIn(db(), h.owner, { today })) as [string, string | null][]),
    ).toEqual(
      new Map([
        [soon, addDays(today, 2)],
        [none, null],
        [h.propertyId, addDays(today, 5)],
      ]),
    );
    for (const bad of [0, 61, Number.NaN, 2.5])
      expect(await refusal(listMissingByCheckIn(db(), h.owner, { today, withinDays: bad }))).toEqual({
        kind: "invalid",
        message: "Informe de 1 a 60 dias.",
      });
  });

  it("records 'entregar até' as the earliest next check-in of the run's properties and flags it late after that day", async () => {
    const h = await host();
    const other = await anotherProperty(h.organizationId, "Chalé", h.productIds.Água as string);
    await addStays(h.organizationId, h.propertyId, [
      { checkIn: addDays(today, 6), checkOut: addDays(today, 9) },
    ]);
    await addStays(h.organizationId, other, [
      { checkIn: addDays(today, -2), checkOut: addDays(today, 1) },
      { checkIn: addDays(today, 3), checkOut: addDays(today, 5) },
    ]);
    const water = h.productIds.Água as string;
    const run = await createReplacement(
      db(),
      h.owner,
      [
        { propertyId: h.propertyId, productId: water },
        { propertyId: other, productId: water },
      ],
      { today },
    );
    const due = addDays(today, 3);
    expect(await getReplacement(db(), h.owner, run.id, due)).toMatchObject({ deliverBy: due, late: false });
    expect(await getReplacement(db(), h.owner, run.id, addDays(due, 1))).toMatchObject({
      deliverBy: due,
      late: true,
    });
    expect(
      (await listReplacements(db(), h.owner, addDays(due, 1))).find((r) => r.id === run.id),
    ).toMatchObject({
      deliverBy: due,
      late: true,
    });
    await advanceReplacement(db(), h.owner, { id: run.id, from: "processing", to: "cancelled" });
    expect(await getReplacement(db(), h.owner, run.id, addDays(due, 1))).toMatchObject({ late: false });
  });

  it("leaves 'entregar até' empty when no check-in is known", async () => {
    const h = await host();
    await addStays(h.organizationId, h.propertyId, [
      { checkIn: addDays(today, -5), checkOut: addDays(today, -1) },
    ]);
    const run = await createReplacement(
      db(),
      h.owner,
      [{ propertyId: h.propertyId, productId: h.productIds.Água as string }],
      {
        today,
      },
    );
    expect(await getReplacement(db(), h.owner, run.id, addDays(today, 30))).toMatchObject({
      deliverBy: null,
      late: false,
    });
  });
});

describe("the cleaning team's secret calendar", () => {
  const now = new Date("2026-11-24T15:00:00Z");
  const today = "2026-11-24";

  it("lists the next 90 days' turnovers and the open runs' delivery days, for its organization only", async () => {
    const h = await host();
    const other = await host();
    const [name] = (await readAgenda(db(), h.owner, { today })).properties.map((p) => p.name);
    const [past, sameDay, next, far] = await addStays(h.organizationId, h.propertyId, [
      { checkIn: addDays(today, -6), checkOut: addDays(today, -2) },
      { checkIn: addDays(today, 1), checkOut: addDays(today, 4) },
      { checkIn: addDays(today, 4), checkOut: addDays(today, 7) },
      { checkIn: addDays(today, 95), checkOut: addDays(today, 99) },
    ]);
    await addStays(other.organizationId, other.propertyId, [
      { checkIn: addDays(today, 1), checkOut: addDays(today, 2) },
    ]);
    const run = await createReplacement(
      db(),
      h.owner,
      [{ propertyId: h.propertyId, productId: h.productIds.Água as string }],
      {
        today,
      },
    );
    const token = await agendaFeedToken(db(), h.staff);
    expect(await agendaFeedToken(db(), h.owner)).toBe(token);
    const text = await agendaFeedCalendar(db(), token, now);
    if (text === null) throw new Error("no calendar");
    const events = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect([...byUid.keys()].sort()).toEqual(
      [`troca-${sameDay}@estadia`, `troca-${next}@estadia`, `reposicao-${run.id}@estadia`].sort(),
    );
    expect(byUid.has(`troca-${past}@estadia`)).toBe(false);
    expect(byUid.has(`troca-${far}@estadia`)).toBe(false);
    const same = byUid.get(`troca-${sameDay}@estadia`);
    expect(same?.summary).toBe(`Troca: ${name}`);
    expect(same?.description).toBe("Troca no mesmo dia: check-out e check-in em 28/11/2026.");
    expect(byUid.get(`reposicao-${run.id}@estadia`)?.summary).toBe(
      `Reposição #${run.number}: entregar até 25/11/2026`,
    );
    expect(text).not.toContain(other.propertyId);
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it("stops answering at the old address once renewed; only owners and managers renew it", async () => {
    const h = await host();
    const old = await agendaFeedToken(db(), h.owner);
    expect(await refusal(renewAgendaFeedToken(db(), h.staff))).toMatchObject({ kind: "forbidden" });
    const renewed = await renewAgendaFeedToken(db(), h.owner);
    expect(renewed).not.toBe(old);
    expect(await agendaFeedCalendar(db(), old, now)).toBeNull();
    expect(await agendaFeedCalendar(db(), renewed, now)).toContain("BEGIN:VCALENDAR");
    expect(await agendaFeedToken(db(), h.staff)).toBe(renewed);
    expect(await agendaFeedCalendar(db(), "AAAAAAAAAAAAAAAAAAAAAA", now)).toBeNull();
    expect(await agendaFeedCalendar(db(), "../../etc", now)).toBeNull();
  });
});
