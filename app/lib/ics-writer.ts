// A small iCalendar (RFC 5545) writer for all-day events: what a phone's calendar subscribes to.

export type AllDayEvent = {
  /** Stable across fetches, so a phone updates the event instead of adding a copy. */
  uid: string;
  /** First day, YYYY-MM-DD. */
  start: string;
  /** The day after the last one (DTEND is exclusive), YYYY-MM-DD. */
  end: string;
  summary: string;
  description?: string;
};

const CRLF = "\r\n";

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Splits a content line into lines of at most 75 octets, never inside a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  // The first line holds 75 octets; each continuation starts with a space, leaving 74.
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const compactDay = (day: string) => day.replaceAll("-", "");

/** 20261124T153000Z */
function utcStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

/** A whole calendar: CRLF line endings, escaped text, folded lines. */
export function writeCalendar(options: {
  name: string;
  stamp: Date;
  events: readonly AllDayEvent[];
}): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Estadia//Agenda//PT-BR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(options.name)}`,
  ];
  for (const event of options.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${utcStamp(options.stamp)}`,
      `DTSTART;VALUE=DATE:${compactDay(event.start)}`,
      `DTEND;VALUE=DATE:${compactDay(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    lines.push("TRANSP:TRANSPARENT", "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}
