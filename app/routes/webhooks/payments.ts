import { handleWebhook } from "~/domain/payments/handle-webhook.server";
import { paymentProvider } from "~/platform/payments/payment-provider.server";
import { requestContext } from "~/platform/request-context";
import { checkoutContext } from "../checkout/guest-checkout.server";
import type { Route } from "./+types/payments";
import { MAX_WEBHOOK_BYTES, readLimited } from "./read-body.server";

/**
 * POST /webhooks/payments/{provider}: the provider's notifications. A bad signature gets 401 and changes
 * nothing; a good one is stored once and answered 200 at once, its payment fetched from the provider.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const provider = await paymentProvider();
  if (params.provider !== provider.name) return new Response(null, { status: 404 });
  const body = await readLimited(request, MAX_WEBHOOK_BYTES);
  if (body === null) return new Response(null, { status: 413 });
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
