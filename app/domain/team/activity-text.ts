import { formatCents } from "~/lib/money";
import type { ActivityKind } from "./activity.server";
import { roleLabel } from "./roles";

const text = (value: unknown) => (typeof value === "string" ? value : "");
const cents = (value: unknown) => formatCents(typeof value === "number" ? value : 0);

/** One activity line as the owner reads it (pt-BR). */
export function describeActivity(entry: {
  kind: ActivityKind | string;
  subject: string;
  details: Record<string, unknown>;
}): string {
  const { subject, details } = entry;
  switch (entry.kind) {
    case "product.price_changed":
      return `Preço de ${subject} alterado de ${cents(details.fromCents)} para ${cents(details.toCents)}`;
    case "member.invited":
      return `${subject} convidado(a) como ${roleLabel(text(details.role))}`;
    case "member.joined":
      return `${subject} entrou na equipe como ${roleLabel(text(details.role))}`;
    case "member.role_changed":
      return `Papel de ${subject} alterado de ${roleLabel(text(details.from))} para ${roleLabel(text(details.to))}`;
    case "member.removed":
      return `${subject} removido(a) da equipe`;
    case "payment_account.connected":
      return `Conta de recebimento conectada: ${subject}${text(details.account) ? ` (${text(details.account)})` : ""}`;
    case "payment_account.disconnected":
      return `Conta de recebimento desconectada: ${subject}`;
    case "payment_account.needs_reconnect":
      return `Conta de recebimento precisa ser reconectada: ${subject}${text(details.reason) ? `. ${text(details.reason)}` : ""}`;
    case "payment_account.token_refreshed":
      return `Autorização renovada: ${subject}`;
    case "property.poster_downloaded":
      return `QR Code ou cartaz baixado: ${subject}`;
    default:
      return subject;
  }
}
