import { addDays, startOfDayInSaoPaulo } from "~/lib/dates";

// When a stay's shop link takes orders before arrival (ADR 0060). A run needs a day: orders close at noon
// (São Paulo) the day before check-in; from the check-in day on, the link opens the unit's own shop.

/** Hours after the start of the day before check-in at which pre-arrival orders close. */
export const PRE_ARRIVAL_CLOSES_AT_HOUR = 12;

export type PreArrivalPhase =
  /** Orders are taken: a run brings them by check-in. */
  | "open"
  /** Before check-in but too late for a run: refused, with the sentence saying so. */
  | "too_late"
  /** Check-in day or later: the unit's shop. */
  | "arrived"
  /** A cancelled stay or a block: no pre-arrival shop. */
  | "closed";

/** The instant pre-arrival orders for a check-in close. */
export function preArrivalCutoff(checkIn: string): Date {
  return new Date(
    startOfDayInSaoPaulo(addDays(checkIn, -1)).getTime() + PRE_ARRIVAL_CLOSES_AT_HOUR * 3_600_000,
  );
}

export function preArrivalPhase(
  stay: { checkIn: string; kind: string; status: string },
  now: Date,
): PreArrivalPhase {
  if (stay.kind !== "stay" || stay.status !== "confirmed") return "closed";
  if (now >= startOfDayInSaoPaulo(stay.checkIn)) return "arrived";
  return now < preArrivalCutoff(stay.checkIn) ? "open" : "too_late";
}
