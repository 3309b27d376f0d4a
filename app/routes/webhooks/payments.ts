import { paymentsContext } from "~/domain/payments/payments-context.server";
import { requestContext } from "~/platform/request-context";
import { postOnly } from "../post-only";
import type { Route } from "./+types/payments";
import { answerWebhook, providerNamed } from "./answer-webhook.server";

/**
 * POST /webhooks/payments/{mercadopago|sandbox}: the one notification URL of every connected seller. A bad
 * signature gets 401 and changes nothing; a good one is stored once and answered at once; its payment is
 * then fetched with the seller's own account (the one the event's user_id names) and applied. Mercado
 * Pago's IPN calls (`?topic=payment&id=…`, unverifiable) get 200 and only make us fetch a payment we made,
 * with the account that made it; their body is never read.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const provider = providerNamed(params.provider);
  if (!provider) return new Response(null, { status: 404 });
  const ctx = await paymentsContext(context.get(requestContext).log);
  return answerWebhook(ctx, { to: "payments", provider }, request);
}

export const loader = postOnly;
