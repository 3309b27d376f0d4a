import { and, asc, eq, gt, gte, inArray, lte } from "drizzle-orm";
import { maskCpf } from "~/lib/cpf";
import { addDays, formatDateTime, formatDay, saoPauloDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { PAYMENT_METHOD_LABEL } from "~/lib/payment-method";
import { shortId } from "~/lib/short-id";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import {
  disputes,
  orderItems,
  orders,
  organization,
  payments,
  properties,
  stays,
  stockCountLines,
  stockCounts,
  user,
} from "~/platform/db/schema";
import type { DamageReportDocument } from "~/platform/pdf/damage-report-pdf.server";
import { AppError } from "../errors";
import { disputeRespondBy } from "../ledger/dispute-deadline";
import { providerLabel } from "../payment-accounts/messages";
import { sourceLabel } from "../stays/feed-source";
import { stayDates } from "../stays/stay-dates-text";
import { stayOfSale } from "../stays/stay-window";
import { type Actor, assertCan } from "../team/permissions";

const DISPUTE_STATUS_TEXT = {
  opened: "Em disputa",
  won: "Encerrada a favor do anfitrião",
  lost: "Estornada por contestação",
} as const;

/**
 * The evidence pack of a disputed sale as an A4 PDF, to upload to the provider: who sold what, where and when,
 * what the guest gave at checkout (the CPF masked but its last digits), the payment's ids, the stay in progress
 * when it was paid and the first count at the property after it (the delivery evidence an honesty shop has),
 * with the day to send it by. A sale with no dispute, or another organization's, is not_found.
 */
export async function disputeEvidencePdf(
  db: Db,
  actor: Actor,
  orderId: unknown,
  now: Date = new Date(),
): Promise<{ bytes: Uint8Array; filename: string }> {
  assertCan(actor, "sales.read");
  if (!isUuid(orderId)) throw new AppError("not_found", "Venda não encontrada.");
  const [sale] = await db
    .select({
      order: orders,
      propertyName: properties.name,
      propertyAddress: properties.address,
      organizationName: organization.name,
      payment: payments,
      dispute: disputes,
    })
    .from(orders)
    .innerJoin(properties, eq(properties.id, orders.propertyId))
    .innerJoin(organization, eq(organization.id, orders.organizationId))
    .innerJoin(payments, eq(payments.id, orders.paidPaymentId))
    .innerJoin(disputes, eq(disputes.paymentId, payments.id))
    .where(and(eq(orders.id, orderId), eq(orders.organizationId, actor.organizationId)));
  if (!sale) throw new AppError("not_found", "Venda em disputa não encontrada.");
  const { order, payment, dispute } = sale;
  const paidAt = order.paidAt ?? order.createdAt;
  const [items, stay, count] = await Promise.all([
    db
      .select({
        productId: orderItems.productId,
        name: orderItems.name,
        quantity: orderItems.quantity,
        unitPriceCents: orderItems.unitPriceCents,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.name)),
    stayAtSale(db, actor.organizationId, order.propertyId, paidAt),
    countAfter(db, actor.organizationId, order.propertyId, paidAt),
  ]);
  const countLines = count
    ? await db
        .select({
          productId: stockCountLines.productId,
          expected: stockCountLines.expected,
          counted: stockCountLines.counted,
        })
        .from(stockCountLines)
        .where(
          and(
            eq(stockCountLines.countId, count.id),
            inArray(
              stockCountLines.productId,
              items.map((i) => i.productId),
            ),
          ),
        )
    : [];

  const facts: DamageReportDocument["facts"] = [
    { label: "Organização", value: sale.organizationName },
    { label: "Imóvel", value: sale.propertyName },
    { label: "Endereço", value: sale.propertyAddress || "-" },
    { label: "Pedido", value: `#${shortId(order.id)} (${order.id})` },
    { label: "Pago em", value: formatDateTime(paidAt) },
    { label: "Forma de pagamento", value: paymentText(payment) },
    { label: "Provedor", value: providerLabel(payment.provider) },
    { label: "ID do pagamento no provedor", value: payment.providerPaymentId ?? "-" },
    { label: "Comprador", value: order.anonymizedAt ? "Dados anonimizados" : order.buyerName },
  ];
  if (!order.anonymizedAt) {
    if (order.buyerEmail) facts.push({ label: "E-mail", value: order.buyerEmail });
    if (order.buyerPhone) facts.push({ label: "Telefone", value: order.buyerPhone });
    if (order.buyerCpf) facts.push({ label: "CPF", value: hiddenCpf(order.buyerCpf) });
  }
  if (order.adultConfirmedAt)
    facts.push({ label: "Maior de 18 anos confirmado em", value: formatDateTime(order.adultConfirmedAt) });
  facts.push(
    stay
      ? { label: "Estadia", value: `${stayDates(stay)} · ${sourceLabel(stay.source)}` }
      : { label: "Estadia", value: "Nenhuma estadia do calendário no momento do pagamento" },
  );
  if (stay?.reservationCode) facts.push({ label: "Código da reserva", value: stay.reservationCode });
  facts.push(
    {
      label: "Contestação",
      value: `${DISPUTE_STATUS_TEXT[statusOf(dispute.status)]} desde ${formatDateTime(dispute.openedAt)}`,
    },
    {
      label: "Enviar as provas até",
      value: `${formatDay(disputeRespondBy(dispute.openedAt))} (ou antes, se o painel do provedor pedir)`,
    },
  );

  const events: { at: Date; what: string; who?: string }[] = [
    { at: order.createdAt, what: "Pedido feito na loja do imóvel (QR code da unidade)" },
    { at: paidAt, what: `Pagamento aprovado (${PAYMENT_METHOD_LABEL[methodOf(order.paymentMethod)]})` },
    { at: dispute.openedAt, what: "Contestação aberta no provedor" },
  ];
  if (order.receiptSentAt)
    events.push({ at: order.receiptSentAt, what: "Recibo enviado ao e-mail do comprador" });
  if (count)
    events.push({ at: count.takenAt, what: countText(items, countLines), who: count.countedBy ?? "" });
  if (dispute.closedAt)
    events.push({
      at: dispute.closedAt,
      what: `Contestação encerrada: ${DISPUTE_STATUS_TEXT[statusOf(dispute.status)]}`,
    });
  const timeline = events
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((e) => ({ when: formatDateTime(e.at), what: e.what, who: e.who ?? "" }));

  const { renderDamageReportPdf } = await import("~/platform/pdf/damage-report-pdf.server");
  const bytes = await renderDamageReportPdf({
    title: "Dossiê de contestação",
    facts,
    heading: `Venda #${shortId(order.id)}`,
    description: [
      `O hóspede comprou na loja da unidade ${sale.propertyName}, aberta pelo QR code afixado no imóvel, e pagou ${formatCents(order.totalCents)} no próprio celular.`,
      "Os produtos ficam no imóvel: a entrega é a retirada pelo próprio hóspede durante a estadia.",
    ],
    itemsHeading: "Itens vendidos",
    items: items.map((i) => ({
      description: `${i.quantity} × ${i.name} (${formatCents(i.unitPriceCents)} cada)`,
      amount: formatCents(i.quantity * i.unitPriceCents),
    })),
    itemsEmpty: "Nenhum item.",
    total: formatCents(order.totalCents),
    notes: [],
    timeline,
    photos: [],
    footer: `Estadia · Dossiê de contestação · gerado em ${formatDateTime(now)}`,
  });
  return { bytes, filename: `contestacao-${shortId(order.id)}.pdf` };
}

type SaleItem = { productId: string; name: string; quantity: number };

/** The stay in progress at the property when the sale was paid (stay-window.ts), or null. */
async function stayAtSale(db: Db, organizationId: string, propertyId: string, paidAt: Date) {
  const day = saoPauloDay(paidAt);
  const near = await db
    .select({
      kind: stays.kind,
      status: stays.status,
      source: stays.source,
      checkIn: stays.checkIn,
      checkOut: stays.checkOut,
      reservationCode: stays.reservationCode,
    })
    .from(stays)
    .where(
      and(
        eq(stays.organizationId, organizationId),
        eq(stays.propertyId, propertyId),
        lte(stays.checkIn, day),
        gte(stays.checkOut, addDays(day, -1)),
      ),
    );
  return stayOfSale(paidAt, near);
}

/** The first count at the property after the sale, with who took it. */
async function countAfter(db: Db, organizationId: string, propertyId: string, paidAt: Date) {
  const [count] = await db
    .select({ id: stockCounts.id, takenAt: stockCounts.takenAt, countedBy: user.name })
    .from(stockCounts)
    .leftJoin(user, eq(user.id, stockCounts.countedBy))
    .where(
      and(
        eq(stockCounts.organizationId, organizationId),
        eq(stockCounts.propertyId, propertyId),
        gt(stockCounts.takenAt, paidAt),
      ),
    )
    .orderBy(asc(stockCounts.takenAt))
    .limit(1);
  return count ?? null;
}

/** What the count after the sale says of the sold products: consumed, not in the unit any more. */
function countText(
  items: SaleItem[],
  lines: { productId: string; expected: number; counted: number }[],
): string {
  const found = items.flatMap((i) => {
    const line = lines.find((l) => l.productId === i.productId);
    return line ? [`${i.name}: ${line.counted} no imóvel (esperado ${line.expected})`] : [];
  });
  return found.length > 0
    ? `Conferência do estoque após a venda, já sem os itens vendidos: ${found.join("; ")}`
    : "Conferência do estoque após a venda";
}

function paymentText(payment: {
  method: string;
  cardBrand: string | null;
  cardLastFour: string | null;
}): string {
  const method = PAYMENT_METHOD_LABEL[methodOf(payment.method)];
  if (!payment.cardLastFour) return method;
  return `${method} ${payment.cardBrand ?? ""} final ${payment.cardLastFour}`.replace(/\s+/g, " ");
}

/** Only the CPF's last digits: the provider matches them with the card holder or the Pix payer. */
function hiddenCpf(cpf: string): string {
  return maskCpf(cpf).replace(/^\d{3}\.\d{3}/, "***.***");
}

function statusOf(status: string): keyof typeof DISPUTE_STATUS_TEXT {
  return status === "won" || status === "lost" ? status : "opened";
}

function methodOf(method: string): "pix" | "credit_card" {
  return method === "pix" ? "pix" : "credit_card";
}
