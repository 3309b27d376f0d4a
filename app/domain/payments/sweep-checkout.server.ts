import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or } from "drizzle-orm";
import { orders, payments } from "~/platform/db/schema";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { ProviderError } from "~/platform/payments/provider";
import { orderIsOpen } from "../orders/guest-orders.server";
import { recheckCharge } from "./apply-payment.server";
import { expireOrder } from "./expire-order.server";
import { LIVE_PAYMENT_STATUSES } from "./payment-status";
import { queueWhatsAppReceipt, sendReceipt } from "./send-receipt.server";
import { applyStoredEvents } from "./webhook-inbox.server";

/** How long a charge may go without news before the sweep asks the provider itself. */
const QUIET_SECONDS = 60;
const BATCH = 50;

export type SweepReport = {
  expired: number;
  reconciled: number;
  events: number;
  receipts: number;
  refunds: number;
};

/**
 * The safety net for everything that happens when no guest is looking, run by a job every few seconds
 * (once across instances): orders past their time are given up (stock back), charges nobody heard about
 * are asked about, stored webhooks (payments and transfers) whose application failed or never ran are
 * applied, receipts that could not be sent are sent, and money that arrived for a closed order is
 * refunded. Every step is idempotent.
 */
export async function sweepCheckout(ctx: PaymentsContext): Promise<SweepReport> {
  const now = ctx.now();
  const quiet = new Date(now.getTime() - QUIET_SECONDS * 1000);
  const report: SweepReport = { expired: 0, reconciled: 0, events: 0, receipts: 0, refunds: 0 };
  const step = async (what: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      ctx.log.warn({ err, step: what }, "sweep step deferred: the provider did not answer");
    }
  };

  const overdue = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(orderIsOpen, lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(BATCH);
  for (const { id } of overdue) {
    await step("expire", async () => {
      await expireOrder(ctx, id);
      report.expired += 1;
    });
  }

  const unheard = await ctx.db
    .select({
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      paymentAccountId: payments.paymentAccountId,
    })
    .from(payments)
    .where(
      and(
        inArray(payments.status, [...LIVE_PAYMENT_STATUSES]),
        isNotNull(payments.providerPaymentId),
        lt(payments.createdAt, quiet),
        or(isNull(payments.checkedAt), lt(payments.checkedAt, quiet)),
      ),
    )
    .limit(BATCH);
  for (const { providerPaymentId, ...ref } of unheard) {
    if (!providerPaymentId) continue;
    await step("reconcile", async () => {
      await recheckCharge(ctx, { ...ref, providerPaymentId });
      report.reconciled += 1;
    });
  }

  report.events = await applyStoredEvents(ctx, BATCH);

  const unsent = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "paid"),
        or(
          and(isNotNull(orders.buyerEmail), isNull(orders.receiptSentAt)),
          // The receipt on WhatsApp (issue 50), queued only where it is configured.
          ctx.whatsapp ? and(isNotNull(orders.whatsappOptInAt), isNull(orders.whatsappReceiptAt)) : undefined,
        ),
        gt(orders.paidAt, new Date(now.getTime() - 86_400_000)),
      ),
    )
    .limit(BATCH);
  for (const { id } of unsent) {
    if (await sendReceipt(ctx, id)) report.receipts += 1;
    if (await queueWhatsAppReceipt(ctx, id).catch(() => null)) report.receipts += 1;
  }

  // Approved, but not the payment that paid its order, and not refunded yet (an earlier refund failed).
  const unwanted = await ctx.db
    .select({
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      paymentAccountId: payments.paymentAccountId,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.status, "approved"),
        isNotNull(payments.providerPaymentId),
        inArray(orders.status, ["paid", "cancelled", "failed"]),
        or(isNull(orders.paidPaymentId), ne(orders.paidPaymentId, payments.id)),
      ),
    )
    .limit(BATCH);
  for (const { providerPaymentId, ...ref } of unwanted) {
    if (!providerPaymentId) continue;
    await step("refund", async () => {
      await recheckCharge(ctx, { ...ref, providerPaymentId });
      report.refunds += 1;
    });
  }
  return report;
}
