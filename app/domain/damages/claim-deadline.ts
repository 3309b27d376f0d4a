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
