import { and, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { isOpen, type OrderStatus } from "~/lib/order-status";
import { payments } from "~/platform/db/schema";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { ProviderError } from "~/platform/payments/provider";
import { latestGuestOrder } from "../orders/guest-orders.server";
import { recheckCharge } from "./apply-payment.server";
import { expireOrder } from "./expire-order.server";
import { LIVE_PAYMENT_STATUSES } from "./payment-status";

/** The provider is asked about one payment at most this often, however often pages poll. */
export const PROVIDER_CHECK_SECONDS = 5;

/**
 * Where the guest's order stands (part 2: the payment page polls it every 10 s). An open order's live
 * charges are checked with the provider, so a lost webhook never leaves a paid order looking unpaid; an
 * order past its time is expired. Null when the device has no order for the cart.
 */
export async function refreshGuestOrder(
  ctx: PaymentsContext,
  key: { cartId: string; deviceId: string },
): Promise<{ orderId: string; status: OrderStatus } | null> {
  const order = await latestGuestOrder(ctx.db, key.cartId, key.deviceId);
  if (!order) return null;
  if (isOpen(order.status)) await reconcileOrder(ctx, order.id, order.expiresAt);
  const now = await latestGuestOrder(ctx.db, key.cartId, key.deviceId);
  return now ? { orderId: now.id, status: now.status as OrderStatus } : null;
}

/** Checks an open order's live charges with the provider (paced), and expires it when its time is up. */
export async function reconcileOrder(ctx: PaymentsContext, orderId: string, expiresAt: Date): Promise<void> {
  const now = ctx.now();
  try {
    if (expiresAt <= now) {
      await expireOrder(ctx, orderId);
      return;
    }
    const due = await ctx.db
      .select({
        provider: payments.provider,
        providerPaymentId: payments.providerPaymentId,
        paymentAccountId: payments.paymentAccountId,
      })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          isNotNull(payments.providerPaymentId),
          inArray(payments.status, [...LIVE_PAYMENT_STATUSES]),
          or(
            isNull(payments.checkedAt),
            lt(payments.checkedAt, new Date(now.getTime() - PROVIDER_CHECK_SECONDS * 1000)),
          ),
        ),
      );
    for (const { providerPaymentId, ...ref } of due) {
      if (providerPaymentId) await recheckCharge(ctx, { ...ref, providerPaymentId });
    }
  } catch (err) {
    // The provider did not answer: the order stays as it is; the next poll or sweep asks again.
    if (!(err instanceof ProviderError)) throw err;
    ctx.log.warn({ err, orderId }, "payment status check failed");
  }
}
