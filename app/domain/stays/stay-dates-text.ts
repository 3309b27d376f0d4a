import { formatDay } from "~/lib/dates";

// How a stay's days are written (issue 23): one function per format, so the screens and the PDF agree.

/** '10/11/2026 – 15/11/2026': a stay named by its days (damage records, the claim report). */
export function stayDates(stay: { checkIn: string; checkOut: string }): string {
  return `${formatDay(stay.checkIn)} – ${formatDay(stay.checkOut)}`;
}

/** '10/11/2026 a 15/11/2026': the days inside a sentence. */
export function daysRange(from: string, to: string): string {
  return `${formatDay(from)} a ${formatDay(to)}`;
}

/** '4 noites'. */
export function nightsText(nights: number): string {
  return `${nights} ${nights === 1 ? "noite" : "noites"}`;
}
