import { eq } from "drizzle-orm";
import { paymentEvents } from "~/platform/db/schema";
import { PayoutError, type PayoutWebhookRequest } from "~/platform/payouts/payout-provider";
import { recordEvent } from "../payments/payment-events.server";
import type { PaymentsContext } from "../payments/payments-context";
import { applyTransfer } from "./withdrawals.server";

/**
 * A payout provider's notification about a transfer: refused unless authentic, stored once, then only a
 * hint: the transfer is fetched and applied.
 */
export async function handlePayoutWebhook(
  ctx: PaymentsContext,
  request: PayoutWebhookRequest,
): Promise<"refused" | "duplicate" | "applied" | "deferred"> {
  const hint = ctx.payouts.verifyWebhook(request);
  if (!hint) return "refused";
  // Stored with the payment notifications, under `payouts:{provider}`.
  const eventId = await recordEvent(ctx.db, {
    provider: `payouts:${ctx.payouts.name}`,
    eventId: hint.eventId || `${hint.transferId}:${request.headers.get("x-request-id") ?? Date.now()}`,
    topic: "transfer",
    subjectId: hint.transferId,
    body: request.body,
  });
  if (!eventId) return "duplicate";
  try {
    await applyTransfer(ctx, await ctx.payouts.getTransfer(hint.transferId));
    await ctx.db.update(paymentEvents).set({ processedAt: ctx.now() }).where(eq(paymentEvents.id, eventId));
    return "applied";
  } catch (err) {
    if (!(err instanceof PayoutError)) throw err;
    // The withdrawal sweep asks the provider again about every transfer still in processing.
    ctx.log.warn({ err, transferId: hint.transferId }, "payout webhook not applied");
    return "deferred";
  }
}
