import { handleSandboxPayoutWebhook } from "~/domain/ledger/handle-payout-webhook.server";
import { paymentsContext } from "~/domain/payments/payments-context.server";
import { requestContext } from "~/platform/request-context";
import type { Route } from "./+types/payouts";

/** POST /webhooks/payouts/sandbox: the sandbox's notifications about transfers to PIX keys. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { log } = context.get(requestContext);
  const ctx = await paymentsContext(log);
  if (params.provider !== "sandbox" || !ctx.providers.sandbox()) return new Response(null, { status: 404 });
  // Read and limited (64 KB of JSON) before any route runs: server/body-limits.ts.
  const body = await request.text();
  const outcome = await handleSandboxPayoutWebhook(ctx, {
    headers: request.headers,
    query: new URL(request.url).searchParams,
    body,
  });
  log.info({ provider: "sandbox", outcome }, "payout webhook");
  if (outcome === "refused") return Response.json({ error: "invalid signature" }, { status: 401 });
  return Response.json({ received: true });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
