import { formatCentsIn, formatDateTimeIn } from "~/lib/i18n/format";
import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
import type { GuestExport } from "./guest-export.server";

/**
 * Everything stored about a guest as a person reads it (issue 49: not raw JSON in an e-mail), order by order,
 * in their language: every field of the export is there, with its label.
 */
export function guestCopyText(locale: GuestLocale, exported: GuestExport): string {
  const t = guestMessages(locale);
  const L = t.guestData.copyLabels;
  const money = (cents: number) => formatCentsIn(locale, cents);
  const when = (iso: string | null) => (iso ? formatDateTimeIn(locale, new Date(iso)) : L.none);
  const method = (m: string) => (m === "pix" || m === "credit_card" ? t.shop.methods[m] : m);
  const blocks = exported.orders.map((o) => {
    const lines = [
      `${L.order} ${o.shortId} (${o.id})`,
      `${L.createdAt}: ${when(o.createdAt)}`,
      `${L.property}: ${o.property}`,
      `${L.status}: ${o.status}`,
      `${L.method}: ${method(o.paymentMethod)}`,
      `${L.total}: ${money(o.totalCents)}`,
      `${L.paidAt}: ${when(o.paidAt)}`,
      `${L.name}: ${o.buyer.name}`,
      `${L.email}: ${o.buyer.email ?? L.none}`,
      `${L.phone}: ${o.buyer.phone ?? L.none}`,
      `${L.cpf}: ${o.buyer.cpf ?? L.none}`,
      `${L.items}:`,
      ...o.items.map(
        (i) => `  ${i.quantity} x ${i.name} (${money(i.unitPriceCents)}) = ${money(i.totalCents)}`,
      ),
      `${L.payments}:`,
      ...o.payments.map((p) =>
        [
          `  ${method(p.method)} · ${p.status} · ${money(p.amountCents)}`,
          p.refundedCents > 0 ? ` (-${money(p.refundedCents)})` : "",
          p.cardLastFour ? ` · ${L.card} ${p.cardBrand ?? ""} •••• ${p.cardLastFour}` : "",
          ` · ${when(p.createdAt)}`,
        ].join(""),
      ),
      ...(o.whatsappOptInAt ? [`${L.whatsappOptIn}: ${when(o.whatsappOptInAt)}`] : []),
      ...(o.messages.length > 0
        ? [
            `${L.messages}:`,
            ...o.messages.map(
              (m) =>
                `  ${m.kind} · ${when(m.sentAt)}${m.to ? ` · ${m.to}` : ""}${m.status ? ` · ${m.status}` : ""}`,
            ),
          ]
        : []),
    ];
    return lines.join("\n");
  });
  return blocks.join("\n\n");
}
