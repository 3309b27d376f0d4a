// Turnovers (issue 23): the window between a guest's check-out and the next check-in of the same property,
// when the cleaning and the restocking happen. Pure: dates are YYYY-MM-DD strings, compared as text.

export type OccupyingEvent = {
  id: string;
  /** 'stay' (a guest) or 'block' (the calendar is closed: occupies it, needs no cleaning after). */
  kind: "stay" | "block";
  checkIn: string;
  checkOut: string;
};

export type Turnover = {
  /** The stay whose check-out opens the window. */
  stayId: string;
  /** The check-out day. */
  from: string;
  /** The next check-in (a stay's or a block's); null when nothing is booked after. */
  until: string | null;
  /** The event that closes the window; null when open-ended. */
  nextId: string | null;
  nextKind: "stay" | "block" | null;
  /** The next check-in is on the check-out day: the cleaning has only the hours between. */
  sameDay: boolean;
};

/**
 * The turnovers of ONE property's confirmed stays and blocks (any order): one per stay, from its check-out to
 * the first event that starts on or after it. Blocks close windows but open none.
 */
export function turnoversOf(events: readonly OccupyingEvent[]): Turnover[] {
  const byCheckIn = [...events].sort((a, b) =>
    a.checkIn === b.checkIn ? a.id.localeCompare(b.id) : a.checkIn < b.checkIn ? -1 : 1,
  );
  const turnovers: Turnover[] = [];
  for (const stay of byCheckIn) {
    if (stay.kind !== "stay") continue;
    const next = byCheckIn.find((e) => e.id !== stay.id && e.checkIn >= stay.checkOut);
    turnovers.push({
      stayId: stay.id,
      from: stay.checkOut,
      until: next?.checkIn ?? null,
      nextId: next?.id ?? null,
      nextKind: next?.kind ?? null,
      sameDay: next?.checkIn === stay.checkOut,
    });
  }
  return turnovers.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}
