// Calendars shaped like the platforms' real exports (issue 23's research: ../shared/STAYS-NOTES.md): CRLF line
// ends, folded long lines, Airbnb's DESCRIPTION with the reservation URL, Booking.com's 'CLOSED - …'.

/** Joins iCal lines with CRLF, as the platforms send them. */
export const ics = (...lines: string[]) => `${lines.join("\r\n")}\r\n`;

/** YYYY-MM-DD → the YYYYMMDD of a VALUE=DATE. */
const compact = (day: string) => day.replaceAll("-", "");

/** A reservation code of its own for each UID, as Airbnb gives. */
const codeOf = (uid: string) =>
  `HM${uid
    .replace(/[^a-z0-9]/gi, "")
    .slice(0, 8)
    .toUpperCase()}`;

export type AirbnbEvent = { uid: string; checkIn: string; checkOut: string; code?: string; block?: boolean };

/** One Airbnb export: reservations ('Reserved', with the reservation URL) and blocks ('Airbnb (Not available)'). */
export function airbnbCalendar(events: AirbnbEvent[]): string {
  return ics(
    "BEGIN:VCALENDAR",
    "PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 1.0.0//EN",
    "CALSCALE:GREGORIAN",
    "VERSION:2.0",
    ...events.flatMap((e) => [
      "BEGIN:VEVENT",
      "DTSTAMP:20261120T101500Z",
      `DTSTART;VALUE=DATE:${compact(e.checkIn)}`,
      `DTEND;VALUE=DATE:${compact(e.checkOut)}`,
      ...(e.block
        ? ["SUMMARY:Airbnb (Not available)"]
        : [
            // Folded at 75 octets, as Airbnb does: the continuation starts with one space.
            `DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/${e.code ?? codeOf(e.uid)}\\nPh`,
            " one Number (Last 4 Digits): 4821",
            "SUMMARY:Reserved",
          ]),
      `UID:${e.uid}`,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  );
}

/** Airbnb: two reservations (one in Dec 2026 over a month's turn) and a rolling block. */
export const AIRBNB_FEED = airbnbCalendar([
  {
    uid: "1418fb94e984-a1b2c3d4e5f60718293a4b5c6d7e8f90@airbnb.com",
    checkIn: "2026-12-01",
    checkOut: "2026-12-05",
    code: "HMABC123",
  },
  {
    uid: "1418fb94e984-0f1e2d3c4b5a69788796a5b4c3d2e1f0@airbnb.com",
    checkIn: "2026-12-05",
    checkOut: "2026-12-08",
    code: "HMDEF456",
  },
  {
    uid: "7f3a9c1e2b4d-2c8e4a6b1d3f5e7a9c0b2d4f6e8a1c3e5@airbnb.com",
    checkIn: "2026-12-20",
    checkOut: "2027-01-03",
    block: true,
  },
]);

/** Booking.com: a block and a stay that carries the guest's name. */
export const BOOKING_FEED = ics(
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//admin.booking.com//h2r//EN",
  "METHOD:PUBLISH",
  "BEGIN:VEVENT",
  "UID:b5d2ac76ed1a0e1b5c0e5d8f0c6c94e3@booking.com",
  "DTSTAMP:20261120T090000Z",
  "DTSTART;VALUE=DATE:20261210",
  "DTEND;VALUE=DATE:20261212",
  "SUMMARY:CLOSED - Not available",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:0a9f4f8d1c2b3a4e5f6a7b8c9d0e1f2a@booking.com",
  "DTSTAMP:20261120T090000Z",
  "DTSTART;VALUE=DATE:20261214",
  "DTEND;VALUE=DATE:20261217",
  "SUMMARY:CLOSED - Maria Souza",
  "END:VEVENT",
  "END:VCALENDAR",
);

/** Vrbo (HomeAway): a reservation with the guest's first name and a block. */
export const VRBO_FEED = ics(
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//HomeAway.com, Inc.//EN",
  "BEGIN:VEVENT",
  "DTSTAMP:20261120T120000Z",
  "DTSTART;VALUE=DATE:20270105",
  "DTEND;VALUE=DATE:20270110",
  "SUMMARY:Reserved - Carlos",
  "UID:36b0f3a2-8d55-4f5d-9c1b-3a1f4a1b2c3d",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "DTSTAMP:20261120T120000Z",
  "DTSTART;VALUE=DATE:20270110",
  "DTEND;VALUE=DATE:20270112",
  "SUMMARY:Blocked",
  "UID:9d2e5c4a-1b3f-4e6a-8c7d-2f1e0a9b8c7d",
  "END:VEVENT",
  "END:VCALENDAR",
);

/**
 * Another platform with times: a check-in at 23:00 in São Paulo written in UTC (the next day there), a
 * stay with a TZID, one without DTEND, and one that ends before it starts.
 */
export const TIMED_FEED = ics(
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Example Channel Manager//EN",
  "BEGIN:VEVENT",
  "UID:timed-utc@example.com",
  "DTSTAMP:20261120T120000Z",
  "DTSTART:20261215T020000Z",
  "DTEND:20261218T140000Z",
  "SUMMARY:Hóspede João",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:timed-tzid@example.com",
  "DTSTAMP:20261120T120000Z",
  "DTSTART;TZID=America/Sao_Paulo:20261220T150000",
  "DTEND;TZID=America/Sao_Paulo:20261222T110000",
  "SUMMARY:Reserva",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:no-end@example.com",
  "DTSTAMP:20261120T120000Z",
  "DTSTART;VALUE=DATE:20261224",
  "SUMMARY:Reserva",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:backwards@example.com",
  "DTSTAMP:20261120T120000Z",
  "DTSTART;VALUE=DATE:20261228",
  "DTEND;VALUE=DATE:20261226",
  "SUMMARY:Reserva",
  "END:VEVENT",
  "END:VCALENDAR",
);

/** A valid calendar with no events (what a 'successful' fetch of a broken export can look like). */
export const EMPTY_FEED = ics(
  "BEGIN:VCALENDAR",
  "PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 1.0.0//EN",
  "CALSCALE:GREGORIAN",
  "VERSION:2.0",
  "END:VCALENDAR",
);

/** What a platform answers instead of a calendar (a login page, an error page). */
export const NOT_A_CALENDAR = "<!DOCTYPE html><html><body><h1>Too Many Requests</h1></body></html>";
