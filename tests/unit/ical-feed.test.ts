import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { addressHint, sourceOfAddress } from "~/domain/stays/feed-source";
import { parseIcalFeed } from "~/domain/stays/ical-feed";
import {
  AIRBNB_FEED,
  airbnbCalendar,
  BOOKING_FEED,
  EMPTY_FEED,
  NOT_A_CALENDAR,
  TIMED_FEED,
  VRBO_FEED,
} from "../support/ical-fixtures";

const TODAY = "2026-11-24";
const machineZone = process.env.TZ;
afterEach(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

// São Paulo (UTC−3) shifts a day read through UTC back by one; UTC and Tokyo (UTC+9) catch the other ways of
// getting an all-day date wrong.
describe.each(["America/Sao_Paulo", "UTC", "Asia/Tokyo"])("parsing with the machine in %s", (zone) => {
  const parse = (body: string, source: Parameters<typeof parseIcalFeed>[1]) => {
    process.env.TZ = zone;
    return parseIcalFeed(body, source, TODAY);
  };

  it("reads Airbnb's reservations with their codes and its block, days as written", () => {
    expect(parse(AIRBNB_FEED, "airbnb")).toEqual([
      {
        uid: "1418fb94e984-a1b2c3d4e5f60718293a4b5c6d7e8f90@airbnb.com",
        checkIn: "2026-12-01",
        checkOut: "2026-12-05",
        kind: "stay",
        summary: "Reserva Airbnb",
        reservationCode: "HMABC123",
      },
      {
        uid: "1418fb94e984-0f1e2d3c4b5a69788796a5b4c3d2e1f0@airbnb.com",
        checkIn: "2026-12-05",
        checkOut: "2026-12-08",
        kind: "stay",
        summary: "Reserva Airbnb",
        reservationCode: "HMDEF456",
      },
      {
        uid: "7f3a9c1e2b4d-2c8e4a6b1d3f5e7a9c0b2d4f6e8a1c3e5@airbnb.com",
        checkIn: "2026-12-20",
        checkOut: "2027-01-03",
        kind: "block",
        summary: "Airbnb (Not available)",
        reservationCode: null,
      },
    ]);
  });

  it("reads Booking.com's 'CLOSED - Not available' as a block and drops the guest's name of a stay", () => {
    const events = parse(BOOKING_FEED, "booking");
    expect(events.map((e) => [e.checkIn, e.checkOut, e.kind, e.summary])).toEqual([
      ["2026-12-10", "2026-12-12", "block", "CLOSED - Not available"],
      ["2026-12-14", "2026-12-17", "stay", "Reserva Booking.com"],
    ]);
    expect(JSON.stringify(events)).not.toContain("Maria");
  });

  it("reads Vrbo's reservation and 'Blocked'", () => {
    expect(parse(VRBO_FEED, "vrbo").map((e) => [e.checkIn, e.checkOut, e.kind, e.summary])).toEqual([
      ["2027-01-05", "2027-01-10", "stay", "Reserva Vrbo"],
      ["2027-01-10", "2027-01-12", "block", "Blocked"],
    ]);
  });

  it("takes the São Paulo day of a timed event, one night without DTEND, and skips one ending before it starts", () => {
    expect(parse(TIMED_FEED, "other").map((e) => [e.uid, e.checkIn, e.checkOut, e.summary])).toEqual([
      // 02:00 UTC on the 15th is 23:00 on the 14th in São Paulo.
      ["timed-utc@example.com", "2026-12-14", "2026-12-18", "Reserva de outra plataforma"],
      ["timed-tzid@example.com", "2026-12-20", "2026-12-22", "Reserva de outra plataforma"],
      ["no-end@example.com", "2026-12-24", "2026-12-25", "Reserva de outra plataforma"],
    ]);
  });
});

describe("parseIcalFeed", () => {
  it("refuses a text that is not a calendar, in pt-BR", () => {
    for (const body of [NOT_A_CALENDAR, "", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"]) {
      let thrown: unknown;
      try {
        parseIcalFeed(body, "airbnb", TODAY);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).message).toBe("O arquivo não é um calendário iCal válido.");
    }
  });

  it("reads an empty calendar as no events", () => {
    expect(parseIcalFeed(EMPTY_FEED, "airbnb", TODAY)).toEqual([]);
  });

  it("leaves out stays over for more than 60 days and those starting more than 2 years ahead", () => {
    const feed = airbnbCalendar([
      { uid: "old", checkIn: "2026-09-01", checkOut: "2026-09-24" },
      { uid: "recent", checkIn: "2026-09-20", checkOut: "2026-09-26" },
      { uid: "soon", checkIn: "2028-11-20", checkOut: "2028-11-24" },
      { uid: "far", checkIn: "2028-11-25", checkOut: "2028-11-28", block: true },
    ]);
    expect(parseIcalFeed(feed, "airbnb", TODAY).map((e) => e.uid)).toEqual(["recent", "soon"]);
  });
});

describe("feed sources", () => {
  it.each([
    [
      "https://www.airbnb.com.br/calendar/ical/12345678.ics?s=abcdef0123456789",
      "airbnb",
      "www.airbnb.com.br/…6789",
    ],
    ["https://www.airbnb.com/calendar/ical/1.ics?s=x1y2", "airbnb", "www.airbnb.com/…x1y2"],
    ["https://admin.booking.com/hotel/hoteladmin/ical.html?t=a1b2c3d4", "booking", "admin.booking.com/…c3d4"],
    ["https://www.vrbo.com/icalendar/0f1e2d3c.ics", "vrbo", "www.vrbo.com/….ics"],
    ["https://www.homeaway.com/icalendar/abcd.ics?nonTentative", "vrbo", "www.homeaway.com/…tive"],
    [
      "https://notairbnb-booking.com.evil.example/cal.ics",
      "other",
      "notairbnb-booking.com.evil.example/….ics",
    ],
  ])("%s is %s, shown as %s", (address, source, hint) => {
    const url = new URL(address);
    expect(sourceOfAddress(url)).toBe(source);
    expect(addressHint(url)).toBe(hint);
  });
});
