import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { parseLocale } from "~/lib/i18n/locale";
import { shortId } from "~/lib/short-id";
import { orders } from "~/platform/db/schema";
import { deliveredEmail } from "~/platform/mail/templates.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { guestOrderContent } from "./guest-order-content.server";

type MailContext = Pick<PaymentsContext, "db" | "mail" | "appUrl" | "log" | "now">;

/**
 * Tells the guest of a delivered pre-arrival order (ADR 0060) that it is at the unit, once, in the language
 * they ordered in: the order is claimed first and given back if the mail could not be sent.
 */
export async function sendDeliveryEmail(ctx: MailContext, orderId: string): Promise<boolean> {
  const [order] = await ctx.db
    .update(orders)
    .set({ deliveryMailAt: ctx.now() })
    .where(
      and(
        eq(orders.id, orderId),
        isNotNull(orders.deliveredAt),
        isNotNull(orders.buyerEmail),
        isNull(orders.deliveryMailAt),
      ),
    )
    .returning();
  if (!order?.buyerEmail) return false;
  try {
    const locale = parseLocale(order.locale) ?? "pt-BR";
    const { property, items } = await guestOrderContent(ctx.db, order, locale);
    const message = deliveredEmail({
      locale,
      name: order.buyerName,
      propertyName: property.name,
      orderShortId: shortId(order.id),
      lines: items.map((i) => ({ name: i.name, quantity: i.quantity })),
      shopUrl: `${ctx.appUrl}/i/${property.hash}`,
    });
    await ctx.mail.send({ to: order.buyerEmail, ...message });
    return true;
  } catch (err) {
    ctx.log.warn({ err, orderId: order.id }, "delivery email not sent");
    await ctx.db.update(orders).set({ deliveryMailAt: null }).where(eq(orders.id, order.id));
    return false;
  }
}

/**
 * The emails of a delivered run's guest orders not yet sent (after the delivery committed; a second call, or
 * one after a failed mail, sends only what is left). How many were sent.
 */
export async function sendRunDeliveryEmails(ctx: MailContext, replacementId: string): Promise<number> {
  const due = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.replacementId, replacementId),
        isNotNull(orders.deliveredAt),
        isNotNull(orders.buyerEmail),
        isNull(orders.deliveryMailAt),
      ),
    );
  let sent = 0;
  for (const { id } of due) if (await sendDeliveryEmail(ctx, id)) sent++;
  return sent;
}
