import { asc, inArray } from "drizzle-orm";
import { type CsvField, csvMoney } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import { shortId } from "~/lib/short-id";
import type { Db } from "~/platform/db/database-handle.server";
import { notificationMessages, orderItems, payments } from "~/platform/db/schema";
import { findGuestOrders, type GuestOrder } from "./find-guest.server";
import type { GuestSubject } from "./guest-subject";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Everything stored about a guest in one organization (LGPD art. 18, II and V): their orders with what
 * they held, how each payment stands, and the messages sent to them. Provider ids, tokens, PIX codes and
 * idempotency keys are ours, not theirs, and stay out.
 */
export type GuestExport = {
  exportedAt: string;
  search: GuestSubject;
  orders: {
    id: string;
    shortId: string;
    createdAt: string;
    property: string;
    status: string;
    paymentMethod: string;
    locale: string;
    totalCents: number;
    paidAt: string | null;
    buyer: { name: string; email: string | null; phone: string | null; cpf: string | null };
    items: { name: string; quantity: number; unitPriceCents: number; totalCents: number }[];
    payments: {
      method: string;
      status: string;
      amountCents: number;
      refundedCents: number;
      cardBrand: string | null;
      cardLastFour: string | null;
      createdAt: string;
      updatedAt: string;
    }[];
    /** When the guest asked for the receipt on WhatsApp (their consent, issue 50), or null. */
    whatsappOptInAt: string | null;
    /** The receipt by email, and on WhatsApp with how it stands ('delivered', 'read', 'failed'…). */
    messages: { kind: "receipt" | "whatsapp_receipt"; sentAt: string; to: string | null; status?: string }[];
  }[];
};

export async function guestExport(
  db: Db,
  organizationId: string,
  subject: GuestSubject,
  now: Date,
): Promise<GuestExport> {
  const found = await findGuestOrders(db, organizationId, subject);
  return { exportedAt: now.toISOString(), search: subject, orders: await withDetails(db, found) };
}

async function withDetails(db: Db, found: GuestOrder[]): Promise<GuestExport["orders"]> {
  const ids = found.map((o) => o.id);
  if (ids.length === 0) return [];
  const [items, paid, whatsapp] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.name)),
    db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.createdAt)),
    db
      .select()
      .from(notificationMessages)
      .where(inArray(notificationMessages.orderId, ids))
      .orderBy(asc(notificationMessages.createdAt)),
  ]);
  return found.map((o) => ({
    id: o.id,
    shortId: shortId(o.id),
    createdAt: o.createdAt.toISOString(),
    property: o.propertyName,
    status: o.status,
    paymentMethod: o.paymentMethod,
    locale: o.locale,
    totalCents: o.totalCents,
    paidAt: iso(o.paidAt),
    buyer: { name: o.buyerName, email: o.buyerEmail, phone: o.buyerPhone, cpf: o.buyerCpf },
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({
        name: i.name,
        quantity: i.quantity,
        unitPriceCents: i.unitPriceCents,
        totalCents: i.unitPriceCents * i.quantity,
      })),
    payments: paid
      .filter((p) => p.orderId === o.id)
      .map((p) => ({
        method: p.method,
        status: p.status,
        amountCents: p.amountCents,
        refundedCents: p.refundedCents,
        cardBrand: p.cardBrand,
        cardLastFour: p.cardLastFour,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
      })),
    whatsappOptInAt: iso(o.whatsappOptInAt),
    // The receipt is the one message a guest gets: by email, and on WhatsApp when they asked for it.
    messages: [
      ...(o.receiptSentAt
        ? [{ kind: "receipt" as const, sentAt: o.receiptSentAt.toISOString(), to: o.buyerEmail }]
        : []),
      ...whatsapp
        .filter((m) => m.orderId === o.id)
        .map((m) => ({
          kind: "whatsapp_receipt" as const,
          sentAt: (m.acceptedAt ?? m.createdAt).toISOString(),
          to: m.recipient,
          status: m.status,
        })),
    ],
  }));
}

export const GUEST_EXPORT_CSV_HEADER = [
  "Pedido",
  "Data",
  "Imóvel",
  "Status",
  "Pagamento",
  "Total (R$)",
  "Nome",
  "E-mail",
  "Telefone",
  "CPF",
  "Itens",
  "Pagamentos",
  "Recibo enviado em",
  "Recibo enviado para",
  "Comprovante no WhatsApp pedido em",
  "Comprovante no WhatsApp",
];

/** One line per order, as a spreadsheet opens it (the JSON holds the same, structured). */
export function guestExportCsvLine(order: GuestExport["orders"][number]): CsvField[] {
  const receipt = order.messages.find((m) => m.kind === "receipt");
  const whatsapp = order.messages.find((m) => m.kind === "whatsapp_receipt");
  return [
    order.id,
    formatDateTime(order.createdAt),
    order.property,
    order.status,
    order.paymentMethod,
    csvMoney(order.totalCents),
    order.buyer.name,
    order.buyer.email,
    order.buyer.phone,
    order.buyer.cpf,
    order.items.map((i) => `${i.quantity} × ${i.name} (${csvMoney(i.unitPriceCents)})`).join(", "),
    order.payments
      .map((p) => `${p.method} ${p.status} ${csvMoney(p.amountCents)} em ${formatDateTime(p.createdAt)}`)
      .join(", "),
    receipt ? formatDateTime(receipt.sentAt) : "",
    receipt?.to ?? "",
    order.whatsappOptInAt ? formatDateTime(order.whatsappOptInAt) : "",
    whatsapp
      ? `${whatsapp.to ?? ""} ${whatsapp.status ?? ""} em ${formatDateTime(whatsapp.sentAt)}`.trim()
      : "",
  ];
}
