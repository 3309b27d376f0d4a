import { sourceLabel } from "../stays/feed-source";
import { stayDates } from "../stays/stay-dates-text";
import { DAMAGE_STATUS_LABEL, isDamageStatus } from "./damage-status";
import { EVENT_LABEL } from "./messages";

/** '10/11/2026 – 15/11/2026 · Airbnb' */
export function stayText(stay: { checkIn: string; checkOut: string; source: string }): string {
  return `${stayDates(stay)} · ${sourceLabel(stay.source)}`;
}

/**
 * A timeline line's 'what': "Status alterado de 'Enviada à plataforma' para 'Reembolsada' · R$ 350,00
 * recuperados" (words, not an arrow: the PDF's font has no arrow).
 */
export function eventText(event: {
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  detail: string | null;
}) {
  const label = EVENT_LABEL[event.kind] ?? event.kind;
  const move =
    event.kind === "status_changed" && isDamageStatus(event.fromStatus) && isDamageStatus(event.toStatus)
      ? ` de '${DAMAGE_STATUS_LABEL[event.fromStatus]}' para '${DAMAGE_STATUS_LABEL[event.toStatus]}'`
      : "";
  return `${label}${move}${event.detail ? ` · ${event.detail}` : ""}`;
}
