import { applyWebhookSoon, receiveWebhook } from "~/domain/payments/webhook-inbox.server";
import type { WebhookSource } from "~/platform/payments/account-providers.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { PROVIDER_NAMES, type ProviderName } from "~/platform/payments/provider";

/** The provider a URL's `:provider` names, or null. */
export function providerNamed(param: string | undefined): ProviderName | null {
  return PROVIDER_NAMES.find((name) => name === param) ?? null;
}

/**
 * Every provider notification's answer, on any of its URLs: 404 where no provider offered here sends any;
 * 401 unless authentic or an unsigned call reduced to a payment id (nothing stored); otherwise 200 at once, once it is stored, even for a replay or an
 * event we do not act on (providers retry anything else, and Asaas pauses its queue). What it is about is
 * fetched and applied right after, out of the request, so a slow provider or email never delays the answer;
 * the checkout sweep applies whatever that leaves undone.
 */
export async function answerWebhook(
  ctx: PaymentsContext,
  source: WebhookSource,
  request: Request,
): Promise<Response> {
  if (!ctx.providers.webhookReader(source)) return new Response(null, { status: 404 });
  // Read and limited (64 KB of JSON) before any route runs: server/body-limits.ts.
  const body = await request.text();
  const received = await receiveWebhook(ctx, source, {
    headers: request.headers,
    query: new URL(request.url).searchParams,
    body,
  });
  const provider = source.to === "account" ? source.account.provider : source.provider;
  ctx.log.info({ provider, to: source.to, outcome: received.outcome }, "webhook received");
  if (received.outcome === "refused") return Response.json({ error: "not authentic" }, { status: 401 });
  if (received.outcome === "stored") applyWebhookSoon(ctx, received.eventId);
  return Response.json({ received: true });
}
