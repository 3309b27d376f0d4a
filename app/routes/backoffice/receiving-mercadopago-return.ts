import { redirect } from "react-router";
import { refusalOf } from "~/domain/errors";
import { finishMercadoPagoConnect } from "~/domain/payment-accounts/connect-mercadopago.server";
import { redirectWith } from "../account/account-context.server";
import type { Route } from "./+types/receiving-mercadopago-return";
import { backofficeContext } from "./guard.server";
import { RECEIVING_PATH } from "./receiving-result";
import { servicesContext } from "./services.server";

/**
 * GET /recebimentos/mercadopago/retorno?code&state: Mercado Pago sends the owner back here after they
 * authorized (or refused) Estadia. The state must be the one this user started, in this organization.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const query = new URL(request.url).searchParams;
  try {
    await finishMercadoPagoConnect(context.get(servicesContext), actor, {
      code: query.get("code"),
      state: query.get("state"),
      error: query.get("error"),
    });
  } catch (err) {
    return redirect(
      `${RECEIVING_PATH}?erro=${encodeURIComponent(refusalOf(err).detail.reason ?? "oauthRefused")}`,
    );
  }
  return redirectWith(RECEIVING_PATH, { flash: "payment-account-connected" });
}
