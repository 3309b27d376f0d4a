import { and, eq, isNotNull, isNull, lte } from "drizzle-orm";
import { formatDay, saoPauloDay } from "~/lib/dates";
import { shortId } from "~/lib/short-id";
import type { Db } from "~/platform/db/database-handle.server";
import { orders, properties, stays } from "~/platform/db/schema";
import { lateGuestOrderEmail } from "~/platform/mail/templates.server";
import { notifyMembers } from "../notifications/notify.server";
import type { NotifyContext } from "../notifications/notify-context";

/**
 * Warns the owners, once per order, of each paid pre-arrival order (ADR 0060) whose stay's check-in day has
 * come and which its run has not delivered: the order is claimed (late_warned_at) before it is told, so two
 * jobs at once tell it once. The refund is the sales page's, once (refund-order). Run by the hourly notices.
 */
export async function warnUndeliveredGuestOrders(ctx: NotifyContext & { db: Db }): Promise<number> {
  const now = ctx.now();
  const late = await ctx.db
    .update(orders)
    .set({ lateWarnedAt: now })
    .from(stays)
    .where(
      and(
        eq(stays.id, orders.stayId),
        eq(orders.status, "paid"),
        isNotNull(orders.stayId),
        isNull(orders.deliveredAt),
        isNull(orders.lateWarnedAt),
        lte(stays.checkIn, saoPauloDay(now)),
      ),
    )
    .returning({
      id: orders.id,
      organizationId: orders.organizationId,
      propertyId: orders.propertyId,
      buyerName: orders.buyerName,
      stayId: orders.stayId,
      checkIn: stays.checkIn,
    });
  let told = 0;
  for (const order of late) {
    const [property] = await ctx.db
      .select({ name: properties.name })
      .from(properties)
      .where(eq(properties.id, order.propertyId));
    const values = {
      order: shortId(order.id),
      property: property?.name ?? "",
      checkIn: formatDay(order.checkIn),
    };
    try {
      const result = await notifyMembers(ctx, {
        organizationId: order.organizationId,
        event: "guest_order_late",
        key: `guest-order-late:${order.id}`,
        email: lateGuestOrderEmail({
          ...values,
          buyer: order.buyerName,
          url: `${ctx.appUrl}/sales?estadia=${order.stayId}`,
        }),
        whatsapp: {
          template: "estadia_pedido_nao_entregue",
          values: [values.order, values.property, values.checkIn],
        },
      });
      told += result.emailed + result.queued.length;
    } catch (err) {
      // Given back, so the next hour tries again.
      ctx.log.warn({ err, orderId: order.id }, "late guest order not told");
      await ctx.db.update(orders).set({ lateWarnedAt: null }).where(eq(orders.id, order.id));
    }
  }
  return told;
}
