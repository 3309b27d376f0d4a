import { and, eq } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { orders, payments, refunds } from "~/platform/db/schema";
import { countOrder } from "~/platform/metrics/checkout-metrics.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { ProviderError } from "~/platform/payments/provider";
import { AppError } from "../errors";
import { MONEY_TEXT as T } from "../ledger/messages";
import { reverseSale } from "../ledger/reverse-sale.server";
import { heldLinesOf, moveOrder } from "../orders/order-transitions.server";
import { withAccountProvider } from "../payment-accounts/accounts.server";
import { recordRefundProfit } from "../profit/record-profit.server";
import { returnToStock } from "../stock/return-to-stock.server";
import { type Actor, assertCan } from "../team/permissions";
import { recheckCharge } from "./apply-payment.server";

/**
 * The owner gives a paid order back to the guest (in full, with a reason): the provider refunds the charge
 * (one idempotency key per order, so asking twice refunds once), then, in one transaction, the order
 * becomes 'refunded', the sale is reversed in the wallet (the balance may go below zero: withdrawals then
 * wait), an unreleased card receivable is cancelled, and the items go back to the property's stock
 * (reason `sale_reversal`). A second refund of the same order is refused.
 */
export async function refundOrder(
  ctx: PaymentsContext,
  actor: Actor,
  input: { orderId: unknown; reason: unknown },
): Promise<void> {
  assertCan(actor, "sales.refund");
  const reason = typeof input.reason === "string" ? input.reason.trim().replace(/\s+/g, " ") : "";
  if (!reason || reason.length > 500)
    throw new AppError("invalid", T.refundReasonRequired, { reason: T.refundReasonRequired });
  if (!isUuid(input.orderId)) throw new AppError("not_found", T.orderNotFound);
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.organizationId, actor.organizationId)));
  if (!order) throw new AppError("not_found", T.orderNotFound);
  if (order.status === "refunded") throw new AppError("conflict", T.alreadyRefunded);
  if (order.status !== "paid" || !order.paidPaymentId) throw new AppError("conflict", T.refundOnlyPaid);
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, order.paidPaymentId));
  if (!payment?.providerPaymentId) throw new AppError("conflict", T.refundOnlyPaid);

  let providerRefundId: string;
  try {
    const providerPaymentId = payment.providerPaymentId;
    const refund = await withAccountProvider(ctx, payment.paymentAccountId, (p) =>
      p.refund(providerPaymentId, { idempotencyKey: `refund:order:${order.id}` }),
    );
    providerRefundId = refund.id;
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    // Refused because another request refunded it meanwhile: say so, not 'try again'.
    const [now] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    if (now?.status === "refunded") throw new AppError("conflict", T.alreadyRefunded);
    ctx.log.warn({ err, orderId: order.id }, "refund refused by the provider");
    throw new AppError("conflict", T.refundFailed);
  }

  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await moveOrder(tx, order, "refunded", "refund", now)))
      throw new AppError("conflict", T.alreadyRefunded);
    await tx.insert(refunds).values({
      organizationId: order.organizationId,
      orderId: order.id,
      amountCents: order.totalCents,
      reason,
      requestedBy: actor.userId,
      providerRefundId,
    });
    // Stock before wallet: the order every path locks them in (a paid order does the same). A pre-arrival
    // order never took from the unit's stock, so nothing goes back to it (ADR 0060).
    const lines = order.stayId === null ? await heldLinesOf(tx, order.id) : [];
    await returnToStock(
      tx,
      actor,
      { reason: "sale_reversal", reference: `order:${order.id}` },
      lines.map((l) => ({
        propertyId: order.propertyId,
        productId: l.productId,
        quantity: l.quantity,
        unitCostCents: l.unitCostCents,
      })),
    );
    await reverseSale(tx, order.id, now);
    await recordRefundProfit(tx, order.id);
  });
  countOrder("refunded");
  // The payment row follows the provider (refunded); nothing else changes for a refunded order.
  await recheckCharge(ctx, { ...payment, providerPaymentId: payment.providerPaymentId }).catch((err) =>
    ctx.log.warn({ err, orderId: order.id }, "refunded payment not re-read"),
  );
}
