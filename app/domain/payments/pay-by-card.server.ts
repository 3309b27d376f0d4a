import { and, eq, inArray } from "drizzle-orm";
import type { OrderStatus } from "~/lib/order-status";
import { payments } from "~/platform/db/schema";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { isCardRefusal, ProviderError } from "~/platform/payments/provider";
import { AppError } from "../errors";
import { CHECKOUT_TEXT as T } from "../orders/messages";
import { applyPayment } from "./apply-payment.server";
import { CARD_REFUSAL_TEXT } from "./card-refusal-text";
import {
  charge,
  chargeBasics,
  type GuestKey,
  lockOpenOrder,
  newAttempt,
  orderToPay,
} from "./checkout-order.server";
import { CHECKOUT_THROTTLES } from "./throttles";

export type CardPaymentInput = GuestKey & {
  /** The provider's token for the card: the card itself never reaches us. */
  token: string;
  paymentMethodId: string | null;
  issuerId: string | null;
};

export type CardPaymentResult = {
  orderId: string;
  status: OrderStatus;
  /** Why a refused card was refused, in words for the guest. */
  reason?: string;
  /** The issuer asks the guest to confirm (3-D Secure): the page to frame and what to post to it. */
  challenge?: { url: string; creq: string };
};

/**
 * Why a card was refused, in words for the guest: the adapter's refusal, or the refused payment row's
 * detail, where applyPayment keeps that refusal (our word, never the provider's code).
 */
export function cardRefusalReason(refusal: string | null): string {
  return CARD_REFUSAL_TEXT[isCardRefusal(refusal) ? refusal : "other"];
}

/**
 * Charges the guest's card for their order (one attempt; limited per cart and per address, against card
 * testing). Approved pays the order at once; in review leaves it processing; refused fails it and gives
 * the stock back, and the guest may try again, with the same data.
 */
export async function payByCard(ctx: PaymentsContext, input: CardPaymentInput): Promise<CardPaymentResult> {
  if (!/^[\w-]{8,128}$/.test(input.token)) throw new AppError("invalid", T.cardFailed);
  const { order, charger } = await orderToPay(ctx, input, "credit_card");
  const now = ctx.now();
  const attempt = await ctx.db.transaction(async (tx) => {
    await lockOpenOrder(tx, order.id);
    const [inReview] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), inArray(payments.status, ["creating", "processing"])));
    if (inReview) throw new AppError("conflict", T.cardInReview);
    return newAttempt(tx, charger, order, "credit_card", now, [
      [CHECKOUT_THROTTLES.cardAttemptsPerCart, input.cartId],
      [CHECKOUT_THROTTLES.chargesPerIp, input.ip],
    ]);
  });

  try {
    const made = await charge(ctx, charger.account, () =>
      charger.provider.chargeCard({
        ...chargeBasics(order, attempt, charger),
        token: input.token,
        paymentMethodId: input.paymentMethodId,
        issuerId: input.issuerId,
      }),
    );
    await ctx.db
      .update(payments)
      .set({ providerPaymentId: made.id, updatedAt: ctx.now() })
      .where(eq(payments.id, attempt.id));
    const applied = await applyPayment(
      ctx,
      { provider: charger.account.provider, paymentAccountId: charger.account.id },
      made,
    );
    const status = applied?.orderStatus ?? "pending";
    if (made.status === "rejected")
      return { orderId: order.id, status, reason: cardRefusalReason(made.refusal) };
    return made.challenge
      ? { orderId: order.id, status, challenge: made.challenge }
      : { orderId: order.id, status };
  } catch (err) {
    if (err instanceof AppError) {
      await ctx.db
        .update(payments)
        .set({ status: "error", statusDetail: "unauthorized", updatedAt: ctx.now() })
        .where(eq(payments.id, attempt.id));
    }
    if (!(err instanceof ProviderError)) throw err;
    ctx.log.warn({ err, orderId: order.id }, "card charge failed");
    // Not refused by the bank: the attempt ends here and the order stays open for another try.
    await ctx.db
      .update(payments)
      .set({ status: "error", statusDetail: err.code ?? null, updatedAt: ctx.now() })
      .where(eq(payments.id, attempt.id));
    throw new AppError("conflict", T.cardFailed);
  }
}
