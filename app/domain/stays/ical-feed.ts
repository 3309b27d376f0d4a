import ical, { type DateWithTimeZone, type ParameterValue, type VEvent } from "node-ical";
import { addDays, saoPauloDay } from "~/lib/dates";
import { AppError } from "../errors";
import { type FeedSource, STAY_SUMMARY } from "./feed-source";
import { STAYS_TEXT as T } from "./messages";

/** One stay or block read from a platform's calendar; dates are calendar days (YYYY-MM-DD). */
export type FeedEvent = {
  uid: string;
  checkIn: string;
  checkOut: string;
  kind: "stay" | "block";
  summary: string;
  reservationCode: string | null;
};

/** Events that ended longer ago than this are history the feed may drop at any time. */
const PAST_DAYS = 60;
/** Rolling "not available" blocks reach years ahead: nothing that far out is a stay to plan for. */
const FUTURE_DAYS = 730;

// Airbnb 'Airbnb (Not available)', Booking.com 'CLOSED - Not available', Vrbo 'Blocked', others alike.
const BLOCK_SUMMARY = /not available|unavailable|^\s*blocked\b|^\s*bloqueado|indispon[ií]vel/i;
const AIRBNB_CODE = /reservations\/details\/([A-Z0-9]+)/i;

function text(value: ParameterValue | undefined): string {
  if (value === undefined || value === null) return "";
  return (typeof value === "string" ? value : value.val).trim();
}

/**
 * The calendar day of a DTSTART/DTEND. An all-day value is the day written in the feed: node-ical makes it
 * local midnight of that day, so its local y/m/d fields are the day whatever the machine's time zone. A
 * value with a time is an instant: its São Paulo day.
 */
function dayOf(value: DateWithTimeZone): string {
  if (value.dateOnly) {
    const y = String(value.getFullYear()).padStart(4, "0");
    const m = String(value.getMonth() + 1).padStart(2, "0");
    const d = String(value.getDate()).padStart(2, "0");
    return `${y}-${m}-${d}`;
  }
  return saoPauloDay(value);
}

function isEvent(component: unknown): component is VEvent {
  return (component as { type?: unknown } | null)?.type === "VEVENT";
}

/**
 * A platform's iCal export as stays and blocks, or an `invalid` refusal when the text is not a calendar.
 * Events that end before they start, cancelled ones, those over for more than 60 days and those starting
 * more than 2 years after `today` are left out.
 */
export function parseIcalFeed(body: string, source: FeedSource, today: string): FeedEvent[] {
  const trimmed = body.replace(/^\uFEFF/, "").trimStart();
  if (!/^BEGIN:VCALENDAR/i.test(trimmed) || !/END:VCALENDAR/i.test(trimmed))
    throw new AppError("invalid", T.syncInvalid);
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(trimmed);
  } catch {
    throw new AppError("invalid", T.syncInvalid);
  }
  const oldest = addDays(today, -PAST_DAYS);
  const furthest = addDays(today, FUTURE_DAYS);
  const events: FeedEvent[] = [];
  for (const component of Object.values(parsed)) {
    if (!isEvent(component) || !component.start || !component.uid) continue;
    if (component.status === "CANCELLED") continue;
    const checkIn = dayOf(component.start);
    const end = component.end;
    // node-ical gives a timed event without DTEND its start as end (an all-day one, the next day).
    const checkOut =
      !end || (!component.start.dateOnly && end.getTime() === component.start.getTime())
        ? addDays(checkIn, 1)
        : dayOf(end);
    if (checkOut <= checkIn || checkOut < oldest || checkIn > furthest) continue;
    const summary = text(component.summary);
    const kind = BLOCK_SUMMARY.test(summary) ? "block" : "stay";
    const code = AIRBNB_CODE.exec(text(component.description))?.[1] ?? null;
    events.push({
      uid: component.uid,
      checkIn,
      checkOut,
      kind,
      // A block's summary names no one; a stay's may be the guest's name (Booking.com, Vrbo): not kept.
      summary: kind === "block" ? summary.slice(0, 200) : STAY_SUMMARY[source],
      reservationCode: kind === "stay" && code ? code.toUpperCase() : null,
    });
  }
  return events.sort((a, b) => (a.checkIn < b.checkIn ? -1 : a.checkIn > b.checkIn ? 1 : 0));
}
