import { startOfDayInSaoPaulo } from "~/lib/dates";

// Which stay a sale belongs to (issue 23), decided once here:
// - a sale belongs to the stay in progress at its property when it was PAID (orders.paid_at);
// - a stay occupies, in São Paulo time, from its check-in day at 00:00 to its check-out day at 12:00 (the usual
//   check-out hour); on a same-day turnover the departing guest has the morning and the arriving guest the
//   afternoon, so the arriving stay starts at noon;
// - only confirmed stays of kind 'stay' have sales (blocks and cancelled stays have none);
// - it is computed when read, never stored on the order: a stay whose dates a feed later changes keeps the right
//   sales.

/** The usual check-out hour, São Paulo time. */
export const CHECK_OUT_HOUR = 12;

const HOUR = 3_600_000;

/** An instant range, `from` inclusive, `until` exclusive. */
export type StayWindow = { from: Date; until: Date };

export type StayDays = { checkIn: string; checkOut: string };

export type StayKindStatus = { kind: string; status: string };

/** Noon of a São Paulo calendar day. */
export function noonInSaoPaulo(day: string): Date {
  return new Date(startOfDayInSaoPaulo(day).getTime() + CHECK_OUT_HOUR * HOUR);
}

/** Whether a stay can have sales at all: a confirmed guest's stay, not a block, not cancelled. */
export function hasSales(stay: StayKindStatus): boolean {
  return stay.kind === "stay" && stay.status === "confirmed";
}

/**
 * The instants whose sales belong to a stay. `sameDayArrival`: another stay with sales checks out on this
 * stay's check-in day, so this one starts at noon instead of midnight.
 */
export function stayWindow(stay: StayDays, sameDayArrival: boolean): StayWindow {
  return {
    from: sameDayArrival ? noonInSaoPaulo(stay.checkIn) : startOfDayInSaoPaulo(stay.checkIn),
    until: noonInSaoPaulo(stay.checkOut),
  };
}

export function isWithin(at: Date, window: StayWindow): boolean {
  return at.getTime() >= window.from.getTime() && at.getTime() < window.until.getTime();
}

/** Of a property's stays, the one a sale paid at `paidAt` belongs to, or null when no stay was in progress. */
export function stayOfSale<S extends StayDays & StayKindStatus>(paidAt: Date, stays: readonly S[]): S | null {
  const withSales = stays.filter(hasSales);
  for (const stay of withSales) {
    const sameDay = withSales.some((other) => other !== stay && other.checkOut === stay.checkIn);
    if (isWithin(paidAt, stayWindow(stay, sameDay))) return stay;
  }
  return null;
}
