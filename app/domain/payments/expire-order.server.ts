import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { isOpen } from "~/lib/order-status";
import { orders, payments } from "~/platform/db/schema";
import { countOrder } from "~/platform/metrics/checkout-metrics.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { closeOrder } from "../orders/order-transitions.server";
import { cancelCharge, recheckCharge } from "./apply-payment.server";
import { LIVE_PAYMENT_STATUSES } from "./payment-status";

/**
 * Gives up an order whose time to pay has passed, and the stock it held, once. Its charges are asked
 * about first: one paid at the last moment (its webhook lost) pays the order instead; the others are
 * cancelled at the provider. When the provider cannot be asked, nothing changes until it can: an order
 * is never cancelled while its money may have arrived.
 */
export async function expireOrder(ctx: PaymentsContext, orderId: string): Promise<void> {
  const now = ctx.now();
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || !isOpen(order.status) || order.expiresAt > now) return;
  const live = await ctx.db
    .select({
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      paymentAccountId: payments.paymentAccountId,
    })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        isNotNull(payments.providerPaymentId),
        inArray(payments.status, [...LIVE_PAYMENT_STATUSES]),
      ),
    );
  for (const { providerPaymentId, ...account } of live) {
    if (!providerPaymentId) continue;
    const ref = { ...account, providerPaymentId };
    const applied = await recheckCharge(ctx, ref);
    if (applied && !isOpen(applied.orderStatus)) return;
    const [still] = await ctx.db
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.provider, ref.provider), eq(payments.providerPaymentId, providerPaymentId)));
    if (still?.status === "pending" || still?.status === "processing") await cancelCharge(ctx, ref);
  }
  const expired = await ctx.db.transaction(async (tx) => {
    // Charges that never got an answer from the provider cannot be paid any more either.
    await tx
      .update(payments)
      .set({ status: "error", updatedAt: now })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "creating")));
    return closeOrder(tx, order, "cancelled", "expired", now);
  });
  if (expired) countOrder("expired");
}
