import { redirect } from "react-router";
import { refusalOf } from "~/domain/errors";
import { finishMercadoPagoConnect } from "~/domain/payment-accounts/connect-mercadopago.server";
import { RECEIVING_TEXT } from "~/domain/payment-accounts/messages";
import { paymentsContext } from "~/domain/payments/payments-context.server";
import { requestContext } from "~/platform/request-context";
import { redirectWith } from "../account/account-context.server";
import type { Route } from "./+types/receiving-mercadopago-return";
import { backofficeContext } from "./guard.server";

/**
 * GET /recebimentos/mercadopago/retorno?code&state: Mercado Pago sends the owner back here after they
 * authorized (or refused) Estadia. The state must be the one this user started, in this organization.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const query = new URL(request.url).searchParams;
  const ctx = await paymentsContext(context.get(requestContext).log);
  try {
    await finishMercadoPagoConnect(ctx, actor, {
      code: query.get("code"),
      state: query.get("state"),
      error: query.get("error"),
    });
  } catch (err) {
    return redirect(`/recebimentos?erro=${encodeURIComponent(errorKey(refusalOf(err).message))}`);
  }
  return redirectWith("/recebimentos", { flash: "payment-account-connected" });
}

/** The key of RECEIVING_TEXT that says this (the page shows the sentence; the URL never carries free text). */
function errorKey(message: string): string {
  const found = Object.entries(RECEIVING_TEXT).find(([, text]) => text === message);
  return found?.[0] ?? "oauthRefused";
}
