import { eq } from "drizzle-orm";
import { paymentEvents } from "~/platform/db/schema";
import type { WebhookRequest } from "~/platform/payments/provider";
import { PayoutError } from "~/platform/payouts/payout-provider";
import { recordEvent } from "../payments/payment-events.server";
import type { PaymentsContext } from "../payments/payments-context";
import { recheckTransfer } from "./withdrawals.server";

/**
 * The sandbox payouts' notification about a transfer: refused unless authentic, stored once, then only a
 * hint: the transfer is fetched with the account that made it and applied. (Asaas's transfer events arrive
 * with each account's other events: routes/webhooks/asaas.ts.)
 */
export async function handleSandboxPayoutWebhook(
  ctx: PaymentsContext,
  request: WebhookRequest,
): Promise<"refused" | "duplicate" | "applied" | "deferred"> {
  const hint = ctx.providers.sandboxPayoutHint(request);
  if (!hint) return "refused";
  // Stored with the payment notifications, under `payouts:sandbox`.
  const eventId = await recordEvent(ctx.db, {
    provider: "payouts:sandbox",
    eventId: hint.eventId || `${hint.transferId}:${request.headers.get("x-request-id") ?? Date.now()}`,
    topic: "transfer",
    subjectId: hint.transferId,
    body: request.body,
  });
  if (!eventId) return "duplicate";
  try {
    await recheckTransfer(ctx, "sandbox", hint.transferId);
    await ctx.db.update(paymentEvents).set({ processedAt: ctx.now() }).where(eq(paymentEvents.id, eventId));
    return "applied";
  } catch (err) {
    if (!(err instanceof PayoutError)) throw err;
    // The withdrawal sweep asks the provider again about every transfer still in processing.
    ctx.log.warn({ err, transferId: hint.transferId }, "payout webhook not applied");
    return "deferred";
  }
}
