import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { prepared } from "~/platform/db/prepared";
import { payments } from "~/platform/db/schema";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { ProviderError } from "~/platform/payments/provider";
import type { ThrottlePolicy } from "~/platform/throttle.server";
import { AppError } from "../errors";
import { CHECKOUT_TEXT as T } from "../orders/messages";
import { applyPayment } from "./apply-payment.server";
import {
  charge,
  chargeBasics,
  type GuestKey,
  livePixOf,
  lockOpenOrder,
  newAttempt,
  orderToPay,
  pixAttemptAtOnce,
} from "./checkout-order.server";
import { CHECKOUT_THROTTLES } from "./throttles";

/**
 * The PIX charge of the guest's order: the one already made while it can be paid, or a new one at the
 * provider (limited per cart and per address), expiring with the order.
 */
export async function startPixPayment(ctx: PaymentsContext, key: GuestKey): Promise<{ orderId: string }> {
  const { order, charger } = await orderToPay(ctx, key, "pix");
  const now = ctx.now();
  const since = new Date(now.getTime() - ctx.config.holdMinutes * 60_000);
  const limits: [ThrottlePolicy, string][] = [
    [CHECKOUT_THROTTLES.chargesPerCart, key.cartId],
    [CHECKOUT_THROTTLES.chargesPerIp, key.ip],
  ];
  // Most charges: one statement. Anything it does not take (a change under way, a charge already there)
  // takes the transaction below, which has the whole rule.
  const attempt =
    (await pixAttemptAtOnce(ctx.db, charger, order, now, since, limits)) ??
    (await ctx.db.transaction(async (tx) => {
      await lockOpenOrder(tx, order.id);
      const [live] = await tx
        .select({ id: payments.id, status: payments.status, createdAt: payments.createdAt })
        .from(payments)
        .where(livePixOf(order.id, since))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      // A charge being asked for right now (another tab) is left to finish; one with no answer for 30 s is
      // given up (the guest asks again; should the lost one be paid anyway, it is matched to the order and
      // counted).
      if (live?.status === "creating" && live.createdAt.getTime() < now.getTime() - 30_000) {
        await tx
          .update(payments)
          .set({ status: "error", statusDetail: "no_answer" })
          .where(eq(payments.id, live.id));
      } else if (live) {
        return null;
      }
      return newAttempt(tx, charger, order, "pix", now, limits);
    }));
  if (!attempt) return { orderId: order.id };

  try {
    const made = await charge(ctx, charger.account, () =>
      charger.provider.createPixCharge({
        ...chargeBasics(order, attempt, charger),
        expiresAt: order.expiresAt,
      }),
    );
    await pixAnswered(ctx.db).execute({
      id: attempt.id,
      providerPaymentId: made.id,
      pixCode: made.pix?.code ?? null,
      // The order's time rules, even when the provider would take the code a little longer.
      expiresAt: new Date(
        Math.min((made.pix?.expiresAt ?? order.expiresAt).getTime(), order.expiresAt.getTime()),
      ).toISOString(),
      updatedAt: ctx.now().toISOString(),
    });
    // A new PIX is pending: nothing to apply unless the provider already says otherwise.
    if (made.status !== "pending")
      await applyPayment(
        ctx,
        { provider: charger.account.provider, paymentAccountId: charger.account.id },
        made,
      );
  } catch (err) {
    if (err instanceof AppError) await markAttempt(ctx, attempt.id, "unauthorized");
    if (!(err instanceof ProviderError)) throw err;
    ctx.log.warn({ err, orderId: order.id }, "PIX charge not created");
    await ctx.db
      .update(payments)
      .set({ status: "error", statusDetail: err.code ?? null })
      .where(eq(payments.id, attempt.id));
    throw new AppError("conflict", T.pixFailed);
  }
  return { orderId: order.id };
}

async function markAttempt(ctx: PaymentsContext, id: string, detail: string) {
  await ctx.db.update(payments).set({ status: "error", statusDetail: detail }).where(eq(payments.id, id));
}

/** The provider's answer to a new PIX charge, on its attempt: written by every charge, so built once. */
function pixAnswered(db: Db) {
  return prepared(db, "pix_answered", () =>
    db
      .update(payments)
      .set({
        providerPaymentId: sql`${sql.placeholder("providerPaymentId")}`,
        status: "pending",
        pixCode: sql`${sql.placeholder("pixCode")}`,
        expiresAt: sql`${sql.placeholder("expiresAt")}::timestamptz`,
        updatedAt: sql`${sql.placeholder("updatedAt")}::timestamptz`,
      })
      .where(eq(payments.id, sql.placeholder("id"))),
  );
}
