import { eq } from "drizzle-orm";
import { paymentEvents } from "~/platform/db/schema";
import { PayoutError, type PayoutWebhookRequest } from "~/platform/payouts/payout-provider";
import type { PaymentsContext } from "../payments/payments-context";
import { applyTransfer } from "./withdrawals.server";

/**
 * A payout provider's notification about a transfer: refused unless authentic, stored once (with the
 * payment notifications, under `payouts:{provider}`), then only a hint: the transfer is fetched and applied.
 */
export async function handlePayoutWebhook(
  ctx: PaymentsContext,
  request: PayoutWebhookRequest,
): Promise<"refused" | "duplicate" | "applied" | "deferred"> {
  const hint = ctx.payouts.verifyWebhook(request);
  if (!hint) return "refused";
  let payload: unknown = null;
  try {
    payload = JSON.parse(request.body);
  } catch {
    payload = null;
  }
  const [event] = await ctx.db
    .insert(paymentEvents)
    .values({
      provider: `payouts:${ctx.payouts.name}`,
      eventId: hint.eventId || `${hint.transferId}:${request.headers.get("x-request-id") ?? Date.now()}`,
      topic: "transfer",
      providerPaymentId: hint.transferId,
      payload,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!event) return "duplicate";
  try {
    await applyTransfer(ctx, await ctx.payouts.getTransfer(hint.transferId));
    await ctx.db.update(paymentEvents).set({ processedAt: ctx.now() }).where(eq(paymentEvents.id, event.id));
    return "applied";
  } catch (err) {
    if (!(err instanceof PayoutError)) throw err;
    // The withdrawal sweep asks the provider again about every transfer still in processing.
    ctx.log.warn({ err, transferId: hint.transferId }, "payout webhook not applied");
    return "deferred";
  }
}
