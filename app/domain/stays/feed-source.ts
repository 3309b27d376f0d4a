/** Where a stay came from: a platform's calendar, or typed by hand. */
export type FeedSource = "airbnb" | "booking" | "vrbo" | "other";
export type StaySource = FeedSource | "direct";

export const SOURCE_LABEL: Record<StaySource, string> = {
  airbnb: "Airbnb",
  booking: "Booking.com",
  vrbo: "Vrbo",
  other: "Outra plataforma",
  direct: "Reserva direta",
};

/**
 * What a feed's stay is called on our screens. Booking.com and Vrbo put the guest's name in SUMMARY; we keep
 * only the platform.
 */
export const STAY_SUMMARY: Record<FeedSource, string> = {
  airbnb: "Reserva Airbnb",
  booking: "Reserva Booking.com",
  vrbo: "Reserva Vrbo",
  other: "Reserva de outra plataforma",
};

export function isStaySource(value: unknown): value is StaySource {
  return typeof value === "string" && value in SOURCE_LABEL;
}

/** The label of a source read from the database as text; anything unknown is 'Outra plataforma'. */
export function sourceLabel(source: string): string {
  return isStaySource(source) ? SOURCE_LABEL[source] : SOURCE_LABEL.other;
}

/** The platform an export address belongs to, by its host name. */
export function sourceOfAddress(address: URL): FeedSource {
  const host = address.hostname.toLowerCase().replace(/\.$/, "");
  const labels = host.split(".");
  if (labels.includes("airbnb")) return "airbnb";
  if (host === "booking.com" || host.endsWith(".booking.com")) return "booking";
  if (/(^|\.)(vrbo|homeaway)\.[a-z.]+$/.test(host)) return "vrbo";
  return "other";
}

/**
 * Enough of the address to recognise it ('www.airbnb.com.br/…a1b2') and nothing of its secret: the host and
 * the last 4 characters of the rest.
 */
export function addressHint(address: URL): string {
  const rest = `${address.pathname}${address.search}`.replace(/\/+$/, "");
  return `${address.host}/…${rest.slice(-4)}`;
}
