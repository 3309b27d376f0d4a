import { accountById, asConnected } from "~/domain/payment-accounts/accounts.server";
import { paymentsContext } from "~/domain/payments/payments-context.server";
import { isUuid } from "~/lib/uuid";
import { requestContext } from "~/platform/request-context";
import { postOnly } from "../post-only";
import type { Route } from "./+types/asaas";
import { answerWebhook } from "./answer-webhook.server";

/**
 * POST /webhooks/asaas/{account id}: an Asaas sub-account's notifications, registered with a token of its
 * own. A wrong token gets 401; every authentic event gets 200 once stored, even one we do not know (Asaas
 * pauses a queue after 15 failures). A payment or transfer it names is then fetched with this account alone
 * and applied.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = await paymentsContext(context.get(requestContext).log);
  const account = isUuid(params.accountId) ? await accountById(ctx.db, params.accountId) : null;
  if (!account) return new Response(null, { status: 404 });
  return answerWebhook(ctx, { to: "account", account: asConnected(account) }, request);
}

export const loader = postOnly;
