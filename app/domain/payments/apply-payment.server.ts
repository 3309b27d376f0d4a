import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { isOpen, type OrderStatus } from "~/lib/order-status";
import { isUuid } from "~/lib/uuid";
import type { Tx } from "~/platform/db/database-handle.server";
import { carts, orderItems, orders, payments, products, refunds } from "~/platform/db/schema";
import { countOrder, countPayment } from "~/platform/metrics/checkout-metrics.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import type { ProviderPayment } from "~/platform/payments/provider";
import { applyDispute, type DisputeNews } from "../ledger/disputes.server";
import { recordSale } from "../ledger/record-sale.server";
import { sendWhatsAppSoon } from "../notifications/send-whatsapp.server";
import { closeOrder, heldLinesOf, moveOrder, recordSaleCosts } from "../orders/order-transitions.server";
import { withAccountProvider } from "../payment-accounts/accounts.server";
import { recordRefundProfit, recordSaleProfit } from "../profit/record-profit.server";
import { bookOnRun } from "../restock/guest-order-runs.server";
import { sellHeldStock } from "../stock/order-stock.server";
import { tellDispute } from "./dispute-notices.server";
import { forwardStatus, LIVE_PAYMENT_STATUSES, type PaymentRowStatus } from "./payment-status";
import { queueWhatsAppReceipt, sendReceipt } from "./send-receipt.server";

/** A sale lost to a dispute, as its refund's reason shows it. */
export const CHARGEBACK_REASON = "Estornada por contestação";

/** A charge as we know it: which provider holds it, under which of the organization's accounts. */
export type ChargeRef = { provider: string; providerPaymentId: string; paymentAccountId: string | null };

// Asking the provider how a charge stands, or to stop it, ends in applyPayment; applying a payment may in
// turn stop or refund another charge and apply that answer: the three live here, calling one another.

/** Asks the account that made a charge how it stands, and applies the answer. */
export async function recheckCharge(ctx: PaymentsContext, ref: ChargeRef): Promise<AppliedPayment | null> {
  const live = await withAccountProvider(ctx, ref.paymentAccountId, (p) =>
    p.getPayment(ref.providerPaymentId),
  );
  return applyPayment(ctx, ref, live);
}

/** Stops a pending charge at its account and applies the answer (a charge paid meanwhile is refunded). */
export async function cancelCharge(ctx: PaymentsContext, ref: ChargeRef): Promise<AppliedPayment | null> {
  const live = await withAccountProvider(ctx, ref.paymentAccountId, (p) =>
    p.cancelPayment(ref.providerPaymentId),
  );
  return applyPayment(ctx, ref, live);
}

export type AppliedPayment = {
  orderId: string;
  organizationId: string;
  orderStatus: OrderStatus;
  becamePaid: boolean;
};

/** Who answered with a payment: the provider, and the organization's account whose credentials fetched it. */
export type FetchedBy = { provider: string; paymentAccountId: string | null };

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * The one completion function: brings an order in line with one of its payments as the provider reports
 * it. The webhook, the guest's status poll, the card's answer and the reconciliation job all end here, in
 * any order and as often as they like: the order row is locked, statuses only move forward, and the
 * stock and money ledgers are written only by the move to paid, which happens once.
 *
 * An approved payment for an order that is no longer open (it expired, or another payment paid it) is
 * refunded: the guest never pays for something they did not get.
 */
export async function applyPayment(
  ctx: PaymentsContext,
  /** The provider and account that reported it: only that account's own payments are matched. */
  by: FetchedBy,
  live: ProviderPayment,
): Promise<AppliedPayment | null> {
  const providerName = by.provider;
  const now = ctx.now();
  const afterwards: (() => Promise<void>)[] = [];
  const applied = await ctx.db.transaction(async (tx) => {
    const ref = await findPayment(tx, by, live);
    if (!ref) return null;
    // Locks in the order every path takes (cart, order, payment, stock, wallet), so none can deadlock:
    // placing an order locks the cart first too.
    await tx
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.id, sql`(select ${orders.cartId} from ${orders} where ${orders.id} = ${ref.orderId})`))
      .for("update");
    const [order] = await tx.select().from(orders).where(eq(orders.id, ref.orderId)).for("update");
    const [payment] = await tx.select().from(payments).where(eq(payments.id, ref.id)).for("update");
    if (!order || !payment) return null;

    const status = forwardStatus(payment.status as PaymentRowStatus, live.status);
    // A refused card keeps why in our words (the payment page shows it); any other, the provider's code.
    const detail = live.refusal ?? live.statusDetail;
    await tx
      .update(payments)
      .set({
        status,
        statusDetail: status === payment.status ? payment.statusDetail : detail,
        cardLastFour: live.card?.lastFour ?? payment.cardLastFour,
        cardBrand: live.card?.brand ?? payment.cardBrand,
        checkedAt: now,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    // Counted once the transaction committed (afterwards), once per change of the payment's status.
    if (status !== payment.status && (status === "approved" || status === "rejected"))
      afterwards.push(async () => countPayment(providerName, status === "approved" ? "approved" : "refused"));

    let becamePaid = false;
    const news = disputeNews(live);
    if (news && order.status === "paid" && order.paidPaymentId === payment.id) {
      // Its sale's money held, released or reversed (ADR 0061); the stock stays as sold.
      const step = await applyDispute(
        tx,
        { orderId: order.id, organizationId: order.organizationId, paymentId: payment.id },
        news,
        now,
      );
      if (step === "opened" || step === "lost") afterwards.push(() => tellDispute(ctx, order.id, step));
      if (step === "lost" && (await moveOrder(tx, order, "refunded", "chargeback", now))) {
        await tx
          .insert(refunds)
          .values({
            organizationId: order.organizationId,
            orderId: order.id,
            amountCents: order.totalCents,
            reason: CHARGEBACK_REASON,
          })
          .onConflictDoNothing();
        await recordRefundProfit(tx, order.id);
      }
    } else if (status === "approved") {
      if (isOpen(order.status) && live.amountCents === order.totalCents) {
        becamePaid = await markPaid(ctx, tx, order, payment, live, now);
        afterwards.push(...(await cancelOthers(ctx, tx, order.id, payment.id)));
      } else if (isOpen(order.status)) {
        // Never seen with a real provider; left open for a person to look at rather than guessed.
        ctx.log.error({ orderId: order.id, paymentId: payment.id }, "approved amount differs from the order");
      } else if (order.paidPaymentId !== payment.id) {
        afterwards.push(() => refundUnwanted(ctx, payment, live));
      }
    } else if (status === "processing" && order.status === "pending") {
      await moveOrder(tx, order, "processing", "payment_in_review", now);
    } else if ((status === "rejected" || status === "cancelled") && isOpen(order.status)) {
      const others = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.orderId, order.id),
            ne(payments.id, payment.id),
            inArray(payments.status, [...LIVE_PAYMENT_STATUSES]),
          ),
        );
      // Another charge of the order may still be paid (a PIX code while a card was refused).
      if (others.length === 0) {
        const reason =
          status === "rejected"
            ? "payment_rejected"
            : live.expired || order.expiresAt <= now
              ? "expired"
              : "payment_cancelled";
        const to = status === "rejected" ? "failed" : "cancelled";
        if (await closeOrder(tx, order, to, reason, now))
          afterwards.push(async () => countOrder(reason === "expired" ? "expired" : to));
      }
    }
    const [after] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    return {
      orderId: order.id,
      organizationId: order.organizationId,
      orderStatus: (after?.status ?? order.status) as OrderStatus,
      becamePaid,
    };
  });
  for (const step of afterwards)
    await step().catch((err) => ctx.log.warn({ err }, "after payment step failed"));
  if (applied?.becamePaid) countOrder("paid");
  if (applied?.becamePaid) {
    await sendReceipt(ctx, applied.orderId);
    const message = await queueWhatsAppReceipt(ctx, applied.orderId).catch((err) => {
      ctx.log.warn({ err, orderId: applied.orderId }, "WhatsApp receipt not queued; the sweep tries again");
      return null;
    });
    if (message) sendWhatsAppSoon(ctx, [message]);
  }
  return applied;
}

/** What a paid charge's report says of a dispute: a state, 'clear' when plainly paid, or null (nothing). */
function disputeNews(live: ProviderPayment): DisputeNews | null {
  if (live.dispute) return live.dispute;
  return live.status === "approved" ? { state: "clear" } : null;
}

/**
 * Our row of a provider's payment, made through the account that fetched it. One whose creation answer never
 * reached us has no provider id yet: it is found by the order it was for (the external reference) and given
 * the id now. The external reference is whatever the payment's maker wrote, so a payment of another
 * organization's account naming our order is never matched (it would mark our order paid with their money).
 */
async function findPayment(tx: Tx, by: FetchedBy, live: ProviderPayment) {
  if (!by.paymentAccountId) return null;
  const ours = and(eq(payments.provider, by.provider), eq(payments.paymentAccountId, by.paymentAccountId));
  const [known] = await tx
    .select({ id: payments.id, orderId: payments.orderId })
    .from(payments)
    .where(and(ours, eq(payments.providerPaymentId, live.id)));
  if (known) return known;
  if (!isUuid(live.externalReference)) return null;
  const [unanswered] = await tx
    .select({ id: payments.id, orderId: payments.orderId })
    .from(payments)
    .where(
      and(
        ours,
        eq(payments.orderId, live.externalReference),
        eq(payments.method, live.method),
        isNull(payments.providerPaymentId),
        inArray(payments.status, ["creating", "error"]),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!unanswered) return null;
  await tx.update(payments).set({ providerPaymentId: live.id }).where(eq(payments.id, unanswered.id));
  return unanswered;
}

async function markPaid(
  ctx: PaymentsContext,
  tx: Tx,
  order: OrderRow,
  payment: PaymentRow,
  live: ProviderPayment,
  now: Date,
) {
  const moved = await moveOrder(tx, order, "paid", "payment_approved", now, {
    paidAt: now,
    paidPaymentId: payment.id,
    paymentMethod: payment.method,
  });
  if (!moved) return false;
  if (order.stayId === null) {
    await recordSaleCosts(tx, order.id, await sellHeldStock(tx, order, await heldLinesOf(tx, order.id)));
  } else {
    // A pre-arrival order takes nothing from the unit's stock: a run brings it (ADR 0060). Its cost is the
    // product's now, as a run's line is.
    await recordSaleCosts(tx, order.id, await productCostsOf(tx, order.id));
    await bookOnRun(tx, { ...order, stayId: order.stayId }, now);
  }
  await tx.update(carts).set({ status: "ordered", updatedAt: now }).where(eq(carts.id, order.cartId));
  await recordSale(
    tx,
    {
      orderId: order.id,
      organizationId: order.organizationId,
      propertyId: order.propertyId,
      method: payment.method === "pix" ? "pix" : "credit_card",
      totalCents: order.totalCents,
      paidAt: now,
      fees: feesOf(ctx, payment, live),
      releaseAt: live.moneyReleaseDate,
    },
    ctx.config,
  );
  await recordSaleProfit(tx, order.id);
  return true;
}

/**
 * What the sale cost the host, as the provider says it took: its own fee and Estadia's. A provider that
 * does not say (never seen for an approved payment) is taken at Estadia's fee as asked and none of its own,
 * and logged: the daily reconciliation compares the amounts.
 */
function feesOf(ctx: PaymentsContext, payment: PaymentRow, live: ProviderPayment) {
  if (live.fees) return live.fees;
  ctx.log.warn({ paymentId: payment.id }, "approved payment without fee details");
  return { providerCents: 0, platformCents: payment.platformFeeCents };
}

/** The order's other charges that may still be paid: stopped at the provider once this one paid it. */
async function cancelOthers(ctx: PaymentsContext, tx: Tx, orderId: string, paidId: string) {
  const others = await tx
    .select({
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      paymentAccountId: payments.paymentAccountId,
    })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        ne(payments.id, paidId),
        inArray(payments.status, [...LIVE_PAYMENT_STATUSES]),
      ),
    );
  // A charge paid in the meantime comes back approved, and is refunded by applyPayment.
  return others.flatMap(({ providerPaymentId, ...ref }) =>
    providerPaymentId ? [async () => void (await cancelCharge(ctx, { ...ref, providerPaymentId }))] : [],
  );
}

async function refundUnwanted(ctx: PaymentsContext, payment: PaymentRow, live: ProviderPayment) {
  ctx.log.warn({ orderId: payment.orderId, paymentId: payment.id }, "payment for a closed order: refunding");
  await withAccountProvider(ctx, payment.paymentAccountId, (p) =>
    p.refund(live.id, { idempotencyKey: `refund:${payment.id}:unwanted` }),
  );
  await recheckCharge(ctx, { ...payment, providerPaymentId: live.id });
}

/** The catalogue's unit cost of each product of an order (null: not told). */
async function productCostsOf(tx: Tx, orderId: string): Promise<Map<string, number | null>> {
  const rows = await tx
    .select({ productId: orderItems.productId, costCents: products.costCents })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
  return new Map(rows.map((r) => [r.productId, r.costCents]));
}
