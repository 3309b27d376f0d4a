import { eq } from "drizzle-orm";
import { paymentEvents } from "~/platform/db/schema";
import { ProviderError, type WebhookRequest } from "~/platform/payments/provider";
import { applyPayment } from "./apply-payment.server";
import { recordEvent } from "./payment-events.server";
import type { PaymentsContext } from "./payments-context";

export type WebhookOutcome = "refused" | "duplicate" | "ignored" | "applied" | "deferred";

/**
 * A provider's notification: refused (401) unless its signature holds; stored once per event id; then
 * only a hint: the payment's real state is fetched from the provider and applied. When the provider cannot
 * be reached the event stays unprocessed for the sweep, and the provider still gets its 2xx.
 */
export async function handleWebhook(ctx: PaymentsContext, request: WebhookRequest): Promise<WebhookOutcome> {
  const hint = ctx.provider.verifyWebhook(request);
  if (!hint) return "refused";
  const eventId = await recordEvent(ctx.db, {
    provider: ctx.provider.name,
    eventId: hint.eventId || `${hint.topic}:${hint.paymentId}:${request.headers.get("x-request-id") ?? ""}`,
    topic: hint.topic,
    subjectId: hint.paymentId,
    body: request.body,
  });
  if (!eventId) return "duplicate";
  if (hint.topic !== "payment") {
    await markProcessed(ctx, eventId, null);
    return "ignored";
  }
  return processEvent(ctx, eventId, hint.paymentId);
}

/** Fetches the payment an event is about and applies it; the event is done once applied. */
export async function processEvent(
  ctx: PaymentsContext,
  eventId: string,
  paymentId: string,
): Promise<WebhookOutcome> {
  try {
    const applied = await applyPayment(ctx, await ctx.provider.getPayment(paymentId));
    await markProcessed(ctx, eventId, applied?.organizationId ?? null);
    return applied ? "applied" : "ignored";
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    ctx.log.warn({ err, eventId }, "webhook payment not fetched");
    // A payment the provider does not know will never be: done. Anything else: the sweep tries again.
    if (err.retryable) return "deferred";
    await markProcessed(ctx, eventId, null);
    return "ignored";
  }
}

async function markProcessed(ctx: PaymentsContext, eventId: string, organizationId: string | null) {
  await ctx.db
    .update(paymentEvents)
    .set({ processedAt: ctx.now(), organizationId })
    .where(eq(paymentEvents.id, eventId));
}
