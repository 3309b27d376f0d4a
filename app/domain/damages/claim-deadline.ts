import { addDays, daysBetween, formatDay } from "~/lib/dates";

/** Airbnb (AirCover) and Vrbo take a damage claim up to 14 days after the check-out. */
export const CLAIM_DAYS = 14;

/** The last day to claim a stay's damage: its check-out day + 14 (calendar days, no time zone). */
export function claimDeadlineOf(checkOut: string): string {
  return addDays(checkOut, CLAIM_DAYS);
}

/** Days from `today` (the São Paulo day) to the deadline: 0 on its last day, negative once it is over. */
export function daysLeft(deadline: string, today: string): number {
  return daysBetween(today, deadline);
}

/** An open record's claim is urgent in its last days: the lists and the record's page mark it. */
export const URGENT_CLAIM_DAYS = 3;

/** Whether a record's claim is urgent on `today` (the São Paulo day): still open, 3 days or fewer left. */
export function isClaimUrgent(
  record: { claimDeadline: string | null; status: string },
  today: string,
): boolean {
  return (
    record.claimDeadline !== null &&
    record.status === "open" &&
    daysLeft(record.claimDeadline, today) <= URGENT_CLAIM_DAYS
  );
}

/** 'faltam 5 dias', 'falta 1 dia', 'termina hoje' or 'encerrado'. */
export function daysLeftText(deadline: string, today: string): string {
  const left = daysLeft(deadline, today);
  if (left < 0) return "encerrado";
  return left === 0 ? "termina hoje" : left === 1 ? "falta 1 dia" : `faltam ${left} dias`;
}

/** 'Prazo: 08/12/2026 (faltam 5 dias)', '(falta 1 dia)', '(termina hoje)', or 'Prazo encerrado em …'. */
export function deadlineText(deadline: string, today: string): string {
  if (daysLeft(deadline, today) < 0) return `Prazo encerrado em ${formatDay(deadline)}`;
  return `Prazo: ${formatDay(deadline)} (${daysLeftText(deadline, today)})`;
}
