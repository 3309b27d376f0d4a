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

/** Formats an instant as "dd/MM/yyyy HH:mm" in São Paulo time, whatever the machine's time zone. */
export function formatDateTime(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "-";
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of dateTimeFormat.formatToParts(date)) parts[part.type] = part.value;
  const { day, month, year, hour, minute } = parts;
  if (!day || !month || !year || !hour || !minute) return "-";
  return `${day}/${month}/${year} ${hour}:${minute}`;
}
