export const APP_TIME_ZONE = "America/Sao_Paulo";

const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: APP_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  // h23 so midnight is "00", never "24".
  hourCycle: "h23",
});

/** From this instant on São Paulo keeps UTC−3 all year (daylight saving time ended in February 2019). */
const FIXED_OFFSET_SINCE = Date.parse("2019-03-01T00:00:00Z");
const SAO_PAULO_OFFSET_MS = -3 * 3_600_000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** "dd/MM/yyyy HH:mm" of an instant after FIXED_OFFSET_SINCE, by arithmetic: a list of sales writes 50 of them. */
function fixedOffsetText(time: number): string {
  const d = new Date(time + SAO_PAULO_OFFSET_MS);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

function icuText(date: Date): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of dateTimeFormat.formatToParts(date)) parts[part.type] = part.value;
  const { day, month, year, hour, minute } = parts;
  if (!day || !month || !year || !hour || !minute) return "-";
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

// The arithmetic is used only where it agrees with the time zone database of this machine.
const fixedOffsetAgrees = [
  "2019-03-01T00:00:00Z",
  "2024-02-29T02:59:59Z",
  "2026-11-24T03:00:00Z",
  "2026-12-31T23:59:00Z",
  "2031-10-20T15:07:00Z",
].every((iso) => fixedOffsetText(Date.parse(iso)) === icuText(new Date(iso)));

/** Formats an instant as "dd/MM/yyyy HH:mm" in São Paulo time, whatever the machine's time zone. */
export function formatDateTime(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return "-";
  return fixedOffsetAgrees && time >= FIXED_OFFSET_SINCE ? fixedOffsetText(time) : icuText(date);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The days a filter may name: far-off years (9999-12-31) are no one's sales and break date arithmetic. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

export const DATE_RANGE_TEXT = "Datas inválidas ou fora do período aceito (2000 a 2100) foram ignoradas.";

/**
 * A calendar day typed in a date field or found in a URL (YYYY-MM-DD) between 2000 and 2100, or null when it
 * is not one.
 */
export function calendarDay(text: string | null | undefined): string | null {
  if (!text || !DAY.test(text)) return null;
  const year = Number(text.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  const date = new Date(`${text}T00:00:00Z`);
  // 2026-02-31 parses to another day: not a real date.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : null;
}

/** The message for a filter's date (`de`, `ate`) that was given but is no day we take; null when all are fine. */
export function dateFilterError(query: URLSearchParams): string | null {
  const given = ["de", "ate"].map((name) => query.get(name)).filter((v) => v);
  return given.some((v) => calendarDay(v) === null) ? DATE_RANGE_TEXT : null;
}

/** The instant a São Paulo calendar day starts (São Paulo has kept UTC−3 all year since 2019). */
export function startOfDayInSaoPaulo(day: string): Date {
  return new Date(`${day}T00:00:00-03:00`);
}

/** The instant the São Paulo calendar day after `day` starts: the end (exclusive) of an inclusive range. */
export function endOfDayInSaoPaulo(day: string): Date {
  return new Date(startOfDayInSaoPaulo(day).getTime() + 86_400_000);
}

/** A calendar day (YYYY-MM-DD) as pt-BR writes it: "24/11/2026". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: APP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The São Paulo calendar day (YYYY-MM-DD) of an instant: the day a sale, refund or movement counts on. */
export function saoPauloDay(instant: Date): string {
  return dayFormat.format(instant);
}

/** The calendar day `days` after `day` (negative: before), on the calendar alone, never through a time zone. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
