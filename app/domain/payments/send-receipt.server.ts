import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { formatCentsIn, formatDateTimeIn } from "~/lib/i18n/format";
import { type GuestLocale, parseLocale } from "~/lib/i18n/locale";
import { shortId } from "~/lib/short-id";
import { whatsAppNumberOfBrazilian } from "~/lib/whatsapp-number";
import { orders, properties } from "~/platform/db/schema";
import { type ReceiptContact, receiptEmail } from "~/platform/mail/templates.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import type { WhatsAppLanguage } from "~/platform/whatsapp/templates";
import { dataRequestPath } from "../guests/data-request-link.server";
import { queueWhatsApp } from "../notifications/queue-message.server";
import { guestOrderContent } from "../orders/guest-order-content.server";
import { guestContactOf } from "../team/guest-contact.server";
import { type HostContact, hostContactLinks } from "../team/organization-contact";

function receiptContact(contact: HostContact | null): ReceiptContact | null {
  const links = hostContactLinks(contact).map(({ kind, text, href }) => ({ kind, text, href }));
  return links.length ? { links } : null;
}

/**
 * Emails the receipt of a paid order whose guest gave an address, once, in the language the guest bought
 * in (orders.locale): the order is claimed first (a second caller finds it taken), and given back if the
 * mail could not be sent, for the next sweep.
 */
export async function sendReceipt(ctx: PaymentsContext, orderId: string): Promise<boolean> {
  const now = ctx.now();
  const [order] = await ctx.db
    .update(orders)
    .set({ receiptSentAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "paid"),
        isNotNull(orders.buyerEmail),
        isNull(orders.receiptSentAt),
      ),
    )
    .returning();
  if (!order?.buyerEmail) return false;
  try {
    const locale = parseLocale(order.locale) ?? "pt-BR";
    const money = (cents: number) => formatCentsIn(locale, cents);
    const { property, items } = await guestOrderContent(ctx.db, order, locale);
    const message = receiptEmail({
      locale,
      name: order.buyerName,
      propertyName: property.name,
      location: property.publicLocation,
      contact: receiptContact(await guestContactOf(ctx.db, order.organizationId)),
      orderShortId: shortId(order.id),
      paidAt: formatDateTimeIn(locale, order.paidAt ?? now),
      method: order.paymentMethod,
      lines: items.map((i) => ({
        name: i.name,
        quantity: i.quantity,
        unitPrice: money(i.unitPriceCents),
        lineTotal: money(i.unitPriceCents * i.quantity),
      })),
      total: money(order.totalCents),
      shopUrl: `${ctx.appUrl}/i/${property.hash}`,
      dataRequestUrl: `${ctx.appUrl}${dataRequestPath(order.id)}`,
    });
    await ctx.mail.send({ to: order.buyerEmail, ...message });
    ctx.log.info({ orderId: order.id }, "receipt sent");
    return true;
  } catch (err) {
    ctx.log.warn({ err, orderId: order.id }, "receipt not sent; the sweep tries again");
    await ctx.db.update(orders).set({ receiptSentAt: null }).where(eq(orders.id, order.id));
    return false;
  }
}

/** The template language of a guest's language. */
const WHATSAPP_LANGUAGE: Record<GuestLocale, WhatsAppLanguage> = { "pt-BR": "pt_BR", en: "en", es: "es" };

/**
 * Queues the receipt on WhatsApp of a paid order whose guest ticked 'Receber o comprovante no WhatsApp'
 * (issue 50), once, in the order's language: the order is claimed and the message queued in one
 * transaction. Nothing without WhatsApp configured. The message's id (the caller sends it soon), or null.
 * The email receipt, when the guest gave an address, goes as before: it carries the items and the link to
 * the guest's data, which the template cannot.
 */
export async function queueWhatsAppReceipt(ctx: PaymentsContext, orderId: string): Promise<string | null> {
  if (!ctx.whatsapp) return null;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ whatsappReceiptAt: now })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, "paid"),
          isNotNull(orders.whatsappOptInAt),
          isNotNull(orders.buyerPhone),
          isNull(orders.whatsappReceiptAt),
        ),
      )
      .returning();
    if (!order?.buyerPhone) return null;
    const locale = parseLocale(order.locale) ?? "pt-BR";
    const [property] = await tx
      .select({ name: properties.name })
      .from(properties)
      .where(eq(properties.id, order.propertyId));
    return queueWhatsApp(
      tx,
      {
        organizationId: order.organizationId,
        kind: "guest_receipt",
        dedupeKey: `guest-receipt:${order.id}`,
        orderId: order.id,
        to: whatsAppNumberOfBrazilian(order.buyerPhone),
        template: "estadia_comprovante",
        language: WHATSAPP_LANGUAGE[locale],
        values: [
          order.buyerName.trim().split(/\s+/)[0] ?? "",
          shortId(order.id),
          property?.name ?? "",
          formatCentsIn(locale, order.totalCents),
          formatDateTimeIn(locale, order.paidAt ?? now),
        ],
        // A guest asked for it now: no quiet hours; no email instead (a receipt by email goes anyway).
        quiet: null,
        fallback: null,
      },
      now,
    );
  });
}
