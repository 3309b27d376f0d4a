import { redirect, useNavigation } from "react-router";
import { ASAAS_FIELDS } from "~/domain/payment-accounts/asaas-sub-account-form";
import { connectAsaas } from "~/domain/payment-accounts/connect-asaas.server";
import { startMercadoPagoConnect } from "~/domain/payment-accounts/connect-mercadopago.server";
import { connectSandbox } from "~/domain/payment-accounts/connect-sandbox.server";
import { disconnectAccount } from "~/domain/payment-accounts/disconnect.server";
import { readReceiving } from "~/domain/payment-accounts/read-receiving.server";
import { type FlashKey, flashCookie } from "~/lib/flash";
import { formText } from "~/lib/form-text";
import { env } from "~/platform/env.server";
import { answerIntent } from "../intents.server";
import type { Route } from "./+types/receiving";
import { backofficeContext } from "./guard.server";
import { RECEIVING_PATH, refusalInAddress } from "./receiving-result";
import { ReceivingScreen } from "./receiving-screen";
import { RECEIVING_PAGE_TEXT } from "./receiving-text";
import { toReceivingData } from "./receiving-types";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: RECEIVING_PAGE_TEXT.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "payments.read", { title: RECEIVING_PAGE_TEXT.title, what: "ver os recebimentos" });
  const view = await readReceiving(context.get(servicesContext), actor);
  const search = new URL(request.url).searchParams;
  return toReceivingData(view, {
    error: refusalInAddress(search),
    confirmDisconnect: search.has("desconectar"),
  });
}

/** Back to the page (its address without the confirmation step), with the toast of what was done. */
function done(flash: FlashKey) {
  return redirect(RECEIVING_PATH, { headers: { "Set-Cookie": flashCookie(flash, env().secureCookies) } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  // Each domain call checks 'payments.manage' itself: a manager's post is refused there.
  const services = context.get(servicesContext);
  const form = await request.formData();
  // The Asaas form comes back as typed when something in it is refused.
  const values =
    formText(form, "intent") === "asaas"
      ? Object.fromEntries(ASAAS_FIELDS.map((name) => [name, formText(form, name)]))
      : undefined;
  return answerIntent(
    form,
    {
      mercadopago: async () => redirect(await startMercadoPagoConnect(services, actor)),
      sandbox: async () => {
        await connectSandbox(services, actor);
        return done("payment-account-connected");
      },
      asaas: async () => {
        await connectAsaas(services, actor, values ?? {});
        return done("payment-account-connected");
      },
      disconnect: async () => {
        await disconnectAccount(services, actor);
        return done("payment-account-disconnected");
      },
    },
    { values },
  );
}

export default function Receiving({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return <ReceivingScreen data={loaderData} refusal={actionData} busy={busy} />;
}
