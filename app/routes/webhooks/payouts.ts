import { handlePayoutWebhook } from "~/domain/ledger/handle-payout-webhook.server";
import { paymentsContext } from "~/domain/payments/payments-context.server";
import { requestContext } from "~/platform/request-context";
import type { Route } from "./+types/payouts";

/** POST /webhooks/payouts/{provider}: the payout provider's notifications about transfers to PIX keys. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { log } = context.get(requestContext);
  const ctx = await paymentsContext(log);
  if (params.provider !== ctx.payouts.name) return new Response(null, { status: 404 });
  // Read and limited (64 KB of JSON) before any route runs: server/body-limits.ts.
  const body = await request.text();
  const outcome = await handlePayoutWebhook(ctx, {
    headers: request.headers,
    query: new URL(request.url).searchParams,
    body,
  });
  log.info({ provider: ctx.payouts.name, outcome }, "payout webhook");
  if (outcome === "refused") return Response.json({ error: "invalid signature" }, { status: 401 });
  return Response.json({ received: true });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
