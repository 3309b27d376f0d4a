import { handleWebhook } from "~/domain/payments/handle-webhook.server";
import { paymentProvider } from "~/platform/payments/payment-provider.server";
import { requestContext } from "~/platform/request-context";
import { checkoutContext } from "../checkout/guest-checkout.server";
import type { Route } from "./+types/payments";

/**
 * POST /webhooks/payments/{provider}: the provider's notifications. A bad signature gets 401 and changes
 * nothing; a good one is stored once and answered 200 at once, its payment fetched from the provider.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const provider = await paymentProvider();
  if (params.provider !== provider.name) return new Response(null, { status: 404 });
  // Read and limited (64 KB of JSON) before any route runs: server/body-limits.ts.
  const body = await request.text();
  const outcome = await handleWebhook(await checkoutContext(context), {
    headers: request.headers,
    query: new URL(request.url).searchParams,
    body,
  });
  context.get(requestContext).log.info({ provider: provider.name, outcome }, "payment webhook");
  if (outcome === "refused") return Response.json({ error: "invalid signature" }, { status: 401 });
  return Response.json({ received: true });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
