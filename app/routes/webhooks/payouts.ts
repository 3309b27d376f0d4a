import { paymentsContext } from "~/domain/payments/payments-context.server";
import { requestContext } from "~/platform/request-context";
import { postOnly } from "../post-only";
import type { Route } from "./+types/payouts";
import { answerWebhook, providerNamed } from "./answer-webhook.server";

/**
 * POST /webhooks/payouts/sandbox: the sandbox's notifications about transfers to PIX keys (Asaas's come
 * with each account's other events). Checked, stored and answered at once; the transfer is then fetched
 * with the account that made it and applied.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const provider = providerNamed(params.provider);
  if (!provider) return new Response(null, { status: 404 });
  const ctx = await paymentsContext(context.get(requestContext).log);
  return answerWebhook(ctx, { to: "payouts", provider }, request);
}

export const loader = postOnly;
