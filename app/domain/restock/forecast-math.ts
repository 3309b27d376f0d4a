// The arithmetic of restock planning (ADR 0058), apart from the database so a test can check it by hand.
// Calendar days are YYYY-MM-DD strings; a night is the day it starts on.

import { daysBetween } from "~/lib/dates";

/**
 * Guests per stay: no calendar feed carries a guest count (iCal has none), so every stay counts as this many
 * and the screen says the number of guests is estimated.
 */
export const GUESTS_PER_STAY = 2;

/** The nights of a stay [checkIn, checkOut) that fall in [from, to). */
export function nightsWithin(checkIn: string, checkOut: string, from: string, to: string): number {
  const start = checkIn > from ? checkIn : from;
  const end = checkOut < to ? checkOut : to;
  return Math.max(0, daysBetween(start, end));
}

/** Where a rate comes from: the property's own history, the organization's average, or nothing at all. */
export type RateSource = "property" | "organization" | "none";

export type Rate = { perGuestNight: number; source: RateSource };

export type HeldPair = {
  propertyId: string;
  productId: string;
  /** Put in the property after the history window began: too new to have a history of its own. */
  newInProperty: boolean;
};

const key = (propertyId: string, productId: string) => `${propertyId}:${productId}`;

/**
 * Units used per guest-night of every held property×product: its units used over its property's guest-nights
 * in the window. A property with no guest-night in the window, or a product new there and not used yet, takes
 * the organization's average for the product (its units over the guest-nights of the properties that hold it
 * and have a history); with no history anywhere the rate is 0, 'sem histórico'.
 */
export function ratesOf(
  held: readonly HeldPair[],
  used: ReadonlyMap<string, number>,
  guestNights: ReadonlyMap<string, number>,
): Map<string, Rate> {
  const orgUnits = new Map<string, number>();
  const orgNights = new Map<string, number>();
  const own = (p: HeldPair) => (guestNights.get(p.propertyId) ?? 0) > 0 && !isNewUnused(p);
  const isNewUnused = (p: HeldPair) =>
    p.newInProperty && (used.get(key(p.propertyId, p.productId)) ?? 0) === 0;
  for (const p of held) {
    if (!own(p)) continue;
    orgUnits.set(
      p.productId,
      (orgUnits.get(p.productId) ?? 0) + (used.get(key(p.propertyId, p.productId)) ?? 0),
    );
    orgNights.set(p.productId, (orgNights.get(p.productId) ?? 0) + (guestNights.get(p.propertyId) ?? 0));
  }
  const rates = new Map<string, Rate>();
  for (const p of held) {
    const k = key(p.propertyId, p.productId);
    if (own(p)) {
      rates.set(k, {
        perGuestNight: (used.get(k) ?? 0) / (guestNights.get(p.propertyId) ?? 1),
        source: "property",
      });
      continue;
    }
    const nights = orgNights.get(p.productId) ?? 0;
    rates.set(
      k,
      nights > 0
        ? { perGuestNight: (orgUnits.get(p.productId) ?? 0) / nights, source: "organization" }
        : { perGuestNight: 0, source: "none" },
    );
  }
  return rates;
}

/** Expected use of a stay's nights: rate × guests × nights (a fraction; callers round). */
export function useOf(rate: number, nights: number, guests = GUESTS_PER_STAY): number {
  return rate * guests * nights;
}

/** Units, rounded up, with a hair of tolerance so 3 × (1/3) stays 1 and not 2. */
export function unitsUp(units: number): number {
  return Math.max(0, Math.ceil(units - 1e-9));
}

/**
 * One line of a plan: the stock expected at the check-in (the current stock less what the guest still in the
 * property will use, rounded up, never below 0, plus what open runs already take) and what to bring, up to the
 * par level, plus, when asked, the coming stay's forecast rounded up.
 */
export function planLine(input: {
  par: number;
  current: number;
  onTheWay: number;
  ongoingUse: number;
  comingStayUse: number;
  coverComingStay: boolean;
}): { expectedAtCheckIn: number; toBring: number } {
  const expectedAtCheckIn = Math.max(0, input.current - unitsUp(input.ongoingUse)) + input.onTheWay;
  const toBring =
    Math.max(0, input.par - expectedAtCheckIn) + (input.coverComingStay ? unitsUp(input.comingStayUse) : 0);
  return { expectedAtCheckIn, toBring };
}
