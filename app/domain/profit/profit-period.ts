import { calendarDay, DATE_RANGE_TEXT } from "~/lib/dates";
import { PROFIT_TEXT as T } from "./messages";

/** The periods the dashboard offers, as they stand in its URL (`periodo`). */
export const PERIOD_CHOICES = ["mes", "30d", "mes-anterior", "personalizado"] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];

export const PERIOD_LABEL: Record<PeriodChoice, string> = {
  mes: "Este mês",
  "30d": "Últimos 30 dias",
  "mes-anterior": "Mês anterior",
  personalizado: "Personalizado",
};

export type ChosenPeriod = {
  choice: PeriodChoice;
  /** São Paulo calendar days, inclusive. */
  from: string;
  to: string;
  /** Why the custom days in the URL were not used (this month is shown instead). */
  error: string | null;
};

export const MAX_PERIOD_DAYS = 366;
const DAY_MS = 86_400_000;

/** The day `n` days after (or before) a calendar day. */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
}

/**
 * The period a dashboard URL asks for, `today` being São Paulo's: this month by default; a custom period
 * with days that are not a valid range falls back to this month and says why.
 */
export function chosenPeriod(query: URLSearchParams, today: string): ChosenPeriod {
  const asked = query.get("periodo");
  const choice = (PERIOD_CHOICES as readonly string[]).includes(asked ?? "")
    ? (asked as PeriodChoice)
    : "mes";
  const monthStart = `${today.slice(0, 8)}01`;
  if (choice === "30d") return { choice, from: shiftDay(today, -29), to: today, error: null };
  if (choice === "mes-anterior") {
    const to = shiftDay(monthStart, -1);
    return { choice, from: `${to.slice(0, 8)}01`, to, error: null };
  }
  if (choice === "personalizado") {
    const from = calendarDay(query.get("de"));
    const to = calendarDay(query.get("ate"));
    const error = !from || !to ? DATE_RANGE_TEXT : from > to ? T.badPeriod : null;
    if (!error && from && to && daysBetween(from, to) <= MAX_PERIOD_DAYS) return { choice, from, to, error };
    return { choice: "mes", from: monthStart, to: today, error: error ?? T.tooLong };
  }
  return { choice: "mes", from: monthStart, to: today, error: null };
}

/** The query that asks for a period again (links from the dashboard keep it). */
export function periodQuery(period: Pick<ChosenPeriod, "choice" | "from" | "to">): URLSearchParams {
  return new URLSearchParams(
    period.choice === "personalizado"
      ? { periodo: period.choice, de: period.from, ate: period.to }
      : { periodo: period.choice },
  );
}
