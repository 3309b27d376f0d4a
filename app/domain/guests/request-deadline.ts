import { daysBetween, formatDay, saoPauloDay } from "~/lib/dates";

/** LGPD art. 19: a full answer to a guest's request is due within 15 days. */
export const REQUEST_DUE_DAYS = 15;

export function dueAtOf(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + REQUEST_DUE_DAYS * 86_400_000);
}

/** 'Prazo: 09/12/2026 (faltam 15 dias)', '(falta 1 dia)', '(termina hoje)', or 'Atrasado' once over. */
export function requestDeadlineText(dueAt: Date, now: Date): { text: string; late: boolean } {
  const due = saoPauloDay(dueAt);
  const left = daysBetween(saoPauloDay(now), due);
  if (left < 0) return { text: `Atrasado (prazo: ${formatDay(due)})`, late: true };
  const when = left === 0 ? "termina hoje" : left === 1 ? "falta 1 dia" : `faltam ${left} dias`;
  return { text: `Prazo: ${formatDay(due)} (${when})`, late: false };
}
