import { handleWebhook } from "~/domain/payments/handle-webhook.server";
import { requestContext } from "~/platform/request-context";
import { checkoutContext } from "../checkout/guest-checkout.server";
import type { Route } from "./+types/payments";

/**
 * POST /webhooks/payments/{mercadopago|sandbox}: the one notification URL of every connected seller. A bad
 * signature gets 401 and changes nothing; a good one is stored once and its payment fetched with the
 * seller's own account (the event's user_id).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const provider = params.provider;
  if (provider !== "mercadopago" && provider !== "sandbox") return new Response(null, { status: 404 });
  const ctx = await checkoutContext(context);
  if (!ctx.providers.webhookVerifier(provider)) return new Response(null, { status: 404 });
  // Read and limited (64 KB of JSON) before any route runs: server/body-limits.ts.
  const body = await request.text();
  const outcome = await handleWebhook(ctx, provider, {
    headers: request.headers,
    query: new URL(request.url).searchParams,
    body,
  });
  context.get(requestContext).log.info({ provider, outcome }, "payment webhook");
  if (outcome === "refused") return Response.json({ error: "invalid signature" }, { status: 401 });
  return Response.json({ received: true });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
