import { receiveWhatsAppWebhook } from "~/domain/notifications/whatsapp-statuses.server";
import { paymentsContext } from "~/domain/payments/payments-context.server";
import { env } from "~/platform/env.server";
import { requestContext } from "~/platform/request-context";
import { sameSecret } from "~/platform/whatsapp/hub-signature";
import type { Route } from "./+types/whatsapp";

/**
 * GET /webhooks/whatsapp: Meta's verification when the callback URL is set in the app's dashboard. It
 * answers the challenge only to `hub.mode=subscribe` with our WHATSAPP_VERIFY_TOKEN. No WhatsApp
 * configured, no address.
 */
export function loader({ request }: Route.LoaderArgs) {
  const config = env().whatsapp;
  if (!config) return new Response(null, { status: 404 });
  const query = new URL(request.url).searchParams;
  const challenge = query.get("hub.challenge");
  if (
    query.get("hub.mode") !== "subscribe" ||
    !challenge ||
    !sameSecret(config.verifyToken, query.get("hub.verify_token"))
  )
    return new Response("Forbidden", { status: 403, headers: { "Content-Type": "text/plain" } });
  return new Response(challenge, { status: 200, headers: { "Content-Type": "text/plain" } });
}

/**
 * POST /webhooks/whatsapp: message statuses (sent, delivered, read, failed), signed with
 * X-Hub-Signature-256 over the raw body (read and limited before any route: server/body-limits.ts). A bad
 * signature gets 401 and changes nothing; an authentic one is applied (a replay changes nothing) and 200.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const config = env().whatsapp;
  if (!config) return new Response(null, { status: 404 });
  const rawBody = new Uint8Array(await request.arrayBuffer());
  const ctx = await paymentsContext(context.get(requestContext).log);
  const received = await receiveWhatsAppWebhook(ctx, config, {
    signature: request.headers.get("x-hub-signature-256"),
    rawBody,
  });
  if (received.outcome === "refused") return Response.json({ error: "not authentic" }, { status: 401 });
  return Response.json({ received: true });
}
