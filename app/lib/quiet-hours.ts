import { APP_TIME_ZONE } from "./dates";

// Quiet hours: a window of the São Paulo day (minutes after midnight) during which WhatsApp messages wait.
// A window may cross midnight (22:00–08:00); start equal to end is no window.

export type QuietHours = { start: number; end: number };

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: APP_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Minutes after midnight, São Paulo time, of an instant. */
export function saoPauloMinutes(at: Date): number {
  const parts = Object.fromEntries(clock.formatToParts(at).map((p) => [p.type, p.value]));
  return Number(parts.hour) * 60 + Number(parts.minute);
}

export function isQuiet(minutes: number, quiet: QuietHours | null): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  return quiet.start < quiet.end
    ? minutes >= quiet.start && minutes < quiet.end
    : minutes >= quiet.start || minutes < quiet.end;
}

/** `at` itself outside quiet hours; otherwise the instant they end. */
export function afterQuietHours(at: Date, quiet: QuietHours | null): Date {
  const minutes = saoPauloMinutes(at);
  if (!quiet || !isQuiet(minutes, quiet)) return at;
  const wait = (quiet.end - minutes + 1440) % 1440;
  const startOfMinute = at.getTime() - (at.getTime() % 60_000);
  return new Date(startOfMinute + wait * 60_000);
}

/** "22:00" for 1320. */
export function clockText(minutes: number): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/** 1320 for "22:00"; null when it is not a time of day. */
export function minutesOfClock(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
