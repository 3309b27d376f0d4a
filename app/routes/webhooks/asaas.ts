import { accountById, asConnected } from "~/domain/payment-accounts/accounts.server";
import { handleAsaasEvent } from "~/domain/payment-accounts/asaas-events.server";
import { paymentsContext } from "~/domain/payments/payments-context.server";
import { isUuid } from "~/lib/uuid";
import { requestContext } from "~/platform/request-context";
import type { Route } from "./+types/asaas";

/**
 * POST /webhooks/asaas/{account id}: an Asaas sub-account's notifications, registered with a token of its
 * own. A wrong token gets 401; every authentic event gets 200, even one we do not know or could not apply
 * yet (Asaas pauses a queue after 15 failures; the sweeps catch up).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { log } = context.get(requestContext);
  const ctx = await paymentsContext(log);
  const account = isUuid(params.accountId) ? await accountById(ctx.db, params.accountId) : null;
  if (account?.provider !== "asaas") return new Response(null, { status: 404 });
  // Read and limited (64 KB of JSON) before any route runs: server/body-limits.ts.
  const body = await request.text();
  const event = ctx.providers.asaasEvent(asConnected(account), { headers: request.headers, body });
  if (!event) return Response.json({ error: "invalid token" }, { status: 401 });
  const outcome = await handleAsaasEvent(ctx, account, event, body);
  log.info({ provider: "asaas", event: event.event, outcome }, "Asaas webhook");
  return Response.json({ received: true });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
