import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { isPaymentMethod, PAYMENT_METHOD_LABEL } from "~/lib/payment-method";
import { shortId } from "~/lib/short-id";
import { orderItems, orders, properties } from "~/platform/db/schema";
import { type ReceiptContact, receiptEmail } from "~/platform/mail/templates.server";
import { HOST_CONTACT_TEXT as G } from "../carts/host-contact-messages";
import { guestContactOf } from "../team/guest-contact.server";
import { type HostContact, hostContactLinks } from "../team/organization-contact";
import type { PaymentsContext } from "./payments-context";

function receiptContact(contact: HostContact | null): ReceiptContact | null {
  const links = hostContactLinks(contact);
  return links.length ? { heading: G.heading, links } : null;
}

/**
 * Emails the receipt of a paid order whose guest gave an address, once: the order is claimed first (a
 * second caller finds it taken), and given back if the mail could not be sent, for the next sweep.
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
    const [property] = await ctx.db
      .select({ name: properties.name, hash: properties.hash, publicLocation: properties.publicLocation })
      .from(properties)
      .where(eq(properties.id, order.propertyId));
    const items = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const message = receiptEmail({
      name: order.buyerName,
      propertyName: property?.name ?? "",
      location: property?.publicLocation ? G.location(property.publicLocation) : null,
      contact: receiptContact(await guestContactOf(ctx.db, order.organizationId)),
      orderShortId: shortId(order.id),
      paidAt: formatDateTime(order.paidAt ?? now),
      method: isPaymentMethod(order.paymentMethod)
        ? PAYMENT_METHOD_LABEL[order.paymentMethod]
        : order.paymentMethod,
      lines: items.map((i) => ({
        name: i.name,
        quantity: i.quantity,
        unitPrice: formatCents(i.unitPriceCents),
        lineTotal: formatCents(i.unitPriceCents * i.quantity),
      })),
      total: formatCents(order.totalCents),
      shopUrl: `${ctx.appUrl}/i/${property?.hash ?? ""}`,
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
