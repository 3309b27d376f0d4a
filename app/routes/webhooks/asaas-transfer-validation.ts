import { validateAsaasTransfer } from "~/domain/payment-accounts/asaas-events.server";
import { paymentsContext } from "~/domain/payments/payments-context.server";
import { countWebhookVerificationFailed } from "~/platform/metrics/checkout-metrics.server";
import {
  asaasTokenHolds,
  asaasTransferValidationAnswer,
  asaasTransferValidationRequest,
} from "~/platform/payments/asaas-accounts.server";
import { requestContext } from "~/platform/request-context";
import { postOnly } from "../post-only";
import type { Route } from "./+types/asaas-transfer-validation";

/**
 * POST /webhooks/asaas/validacao-saque: Asaas's transfer validation webhook (set on the root account, for
 * every sub-account). Asaas asks before each transfer; Estadia approves only the withdrawals it asked for,
 * so no SMS token is needed and a transfer nobody here asked for never leaves a host's account.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { log } = context.get(requestContext);
  const ctx = await paymentsContext(log);
  const root = ctx.config.asaas;
  if (!root) return new Response(null, { status: 404 });
  const body = await request.text();
  if (!asaasTokenHolds(root.transferValidationToken, request.headers)) {
    countWebhookVerificationFailed("asaas");
    return Response.json({ error: "invalid token" }, { status: 401 });
  }
  const transfer = asaasTransferValidationRequest(root.transferValidationToken, {
    headers: request.headers,
    body,
  });
  // Authentic, but not a transfer of ours (a bill, a QR code, a split payout): a clear refusal, not a retry.
  const decision = transfer
    ? await validateAsaasTransfer(ctx, transfer)
    : { approve: false as const, reason: "O Estadia só autoriza saques que ele mesmo solicitou." };
  log.info(
    { transferId: transfer?.transferId ?? null, approved: decision.approve },
    "Asaas transfer validation",
  );
  return Response.json(asaasTransferValidationAnswer(decision));
}

export const loader = postOnly;
