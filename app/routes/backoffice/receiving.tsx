import { data, redirect, useNavigation } from "react-router";
import { AppError } from "~/domain/errors";
import { ASAAS_FIELDS } from "~/domain/payment-accounts/asaas-sub-account-form";
import { connectAsaas } from "~/domain/payment-accounts/connect-asaas.server";
import { startMercadoPagoConnect } from "~/domain/payment-accounts/connect-mercadopago.server";
import { connectSandbox } from "~/domain/payment-accounts/connect-sandbox.server";
import { disconnectAccount } from "~/domain/payment-accounts/disconnect.server";
import { readReceiving } from "~/domain/payment-accounts/read-receiving.server";
import { paymentsContext } from "~/domain/payments/payments-context.server";
import { type FlashKey, flashCookie } from "~/lib/flash";
import { formText } from "~/lib/form-text";
import { env } from "~/platform/env.server";
import { requestContext } from "~/platform/request-context";
import { refused } from "../refusal.server";
import type { Route } from "./+types/receiving";
import { backofficeContext } from "./guard.server";
import { RECEIVING_PATH, refusalInAddress } from "./receiving-result";
import { ReceivingScreen } from "./receiving-screen";
import { RECEIVING_PAGE_TEXT } from "./receiving-text";
import { type ReceivingRefusal, toReceivingData } from "./receiving-types";
import { requireCan } from "./require-can.server";

export function meta() {
  return [{ title: RECEIVING_PAGE_TEXT.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "payments.read", { title: RECEIVING_PAGE_TEXT.title, what: "ver os recebimentos" });
  const ctx = await paymentsContext(context.get(requestContext).log);
  const view = await readReceiving(ctx, actor);
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
  const form = await request.formData();
  const intent = formText(form, "intent");
  // The Asaas form comes back as typed when something in it is refused.
  const values =
    intent === "asaas"
      ? Object.fromEntries(ASAAS_FIELDS.map((name) => [name, formText(form, name)]))
      : undefined;
  try {
    // Each domain call checks 'payments.manage' itself: a manager's post is refused there.
    const ctx = await paymentsContext(context.get(requestContext).log);
    switch (intent) {
      case "mercadopago":
        return redirect(await startMercadoPagoConnect(ctx, actor));
      case "sandbox":
        await connectSandbox(ctx, actor);
        return done("payment-account-connected");
      case "asaas":
        await connectAsaas(ctx, actor, values ?? {});
        return done("payment-account-connected");
      case "disconnect":
        await disconnectAccount(ctx, actor);
        return done("payment-account-disconnected");
      default:
        throw new AppError("invalid", "Ação desconhecida.");
    }
  } catch (err) {
    const answer = refused(err);
    const body: ReceivingRefusal = { ...answer.data, intent, ...(values ? { values } : {}) };
    return data(body, answer.init ?? undefined);
  }
}

export default function Receiving({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return <ReceivingScreen data={loaderData} refusal={actionData} busy={busy} />;
}
