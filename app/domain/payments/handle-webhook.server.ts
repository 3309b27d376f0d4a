import { and, eq } from "drizzle-orm";
import { paymentEvents, payments } from "~/platform/db/schema";
import type { AccountProviderName } from "~/platform/env.server";
import { ProviderError, type WebhookRequest } from "~/platform/payments/provider";
import { accountForSeller } from "../payment-accounts/accounts.server";
import { recheckCharge } from "./at-provider.server";
import { recordEvent } from "./payment-events.server";
import type { PaymentsContext } from "./payments-context";

export type WebhookOutcome = "refused" | "duplicate" | "ignored" | "applied" | "deferred";

/**
 * A provider's notification at its one URL for every seller (Mercado Pago, the sandbox): refused (401) unless
 * its signature holds; stored once per event id; then only a hint: the payment's real state is fetched with
 * the credentials of the seller's own account (the event's `user_id`) and applied. When the provider cannot
 * be reached the event stays unprocessed for the sweep, and the provider still gets its 2xx.
 */
export async function handleWebhook(
  ctx: PaymentsContext,
  providerName: AccountProviderName,
  request: WebhookRequest,
): Promise<WebhookOutcome> {
  const verify = ctx.providers.webhookVerifier(providerName);
  const hint = verify?.(request);
  if (!hint) return "refused";
  const eventId = await recordEvent(ctx.db, {
    provider: providerName,
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
  return processEvent(ctx, {
    id: eventId,
    provider: providerName,
    paymentId: hint.paymentId,
    sellerId: hint.sellerId,
  });
}

export type StoredEvent = { id: string; provider: string; paymentId: string; sellerId: string | null };

/**
 * Fetches the payment an event is about, with the account it belongs to, and applies it. A payment we made
 * is asked of the account that made it, and only when the event names that same seller: an event for seller
 * A never touches another organization. A payment we have no answer for yet is asked of the seller's account.
 */
export async function processEvent(ctx: PaymentsContext, event: StoredEvent): Promise<WebhookOutcome> {
  try {
    const ref = await chargeOf(ctx, event);
    if (!ref) {
      await markProcessed(ctx, event.id, null);
      return "ignored";
    }
    const applied = await recheckCharge(ctx, ref);
    await markProcessed(ctx, event.id, applied?.organizationId ?? null);
    return applied ? "applied" : "ignored";
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    ctx.log.warn({ err, eventId: event.id }, "webhook payment not fetched");
    // A payment the provider does not know will never be: done. Anything else: the sweep tries again.
    if (err.retryable) return "deferred";
    await markProcessed(ctx, event.id, null);
    return "ignored";
  }
}

async function chargeOf(ctx: PaymentsContext, event: StoredEvent) {
  const [known] = await ctx.db
    .select({ paymentAccountId: payments.paymentAccountId })
    .from(payments)
    .where(and(eq(payments.provider, event.provider), eq(payments.providerPaymentId, event.paymentId)));
  const seller = event.sellerId
    ? await accountForSeller(ctx.db, event.provider as AccountProviderName, event.sellerId)
    : null;
  if (known) {
    if (event.sellerId && known.paymentAccountId !== seller?.id) {
      ctx.log.warn({ eventId: event.id }, "webhook names another seller than the payment's: ignored");
      return null;
    }
    return {
      provider: event.provider,
      providerPaymentId: event.paymentId,
      paymentAccountId: known.paymentAccountId,
    };
  }
  return seller
    ? { provider: event.provider, providerPaymentId: event.paymentId, paymentAccountId: seller.id }
    : null;
}

/** The seller an event's stored body names (Mercado Pago's and the sandbox's `user_id`). */
export function sellerInPayload(payload: unknown): string | null {
  const seller = (payload as { user_id?: unknown } | null)?.user_id;
  return typeof seller === "string" || typeof seller === "number" ? String(seller) : null;
}

async function markProcessed(ctx: PaymentsContext, eventId: string, organizationId: string | null) {
  await ctx.db
    .update(paymentEvents)
    .set({ processedAt: ctx.now(), organizationId })
    .where(eq(paymentEvents.id, eventId));
}
