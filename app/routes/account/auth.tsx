import { data } from "react-router";
import { ACCOUNT_TEXT } from "~/domain/account/messages";
import { requestRecovery } from "~/domain/account/request-recovery.server";
import { resendConfirmation } from "~/domain/account/resend-confirmation.server";
import { signIn } from "~/domain/account/sign-in.server";
import { signUp } from "~/domain/account/sign-up.server";
import { safeReturnTo } from "~/lib/return-to";
import { readSession } from "~/platform/auth/session.server";
import type { Route } from "./+types/auth";
import { accountContext, redirectWith } from "./account-context.server";
import { AuthScreen } from "./auth-screen";

export function meta() {
  return [{ title: "Entrar | Estadia" }, { name: "description", content: "Acesse sua conta Estadia." }];
}

export type AuthView = "login" | "signup" | "recover";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get("redirectTo"));
  const confirmedLink = url.searchParams.has("confirmado");
  if (await readSession(request)) {
    // The confirmation link signs the new host in and lands here: straight on to the dashboard.
    const linkError = url.searchParams.get("error");
    return redirectWith(returnTo, confirmedLink && !linkError ? { flash: "email-confirmed" } : {});
  }
  const tab = url.searchParams.get("tab");
  const view: AuthView =
    url.searchParams.get("view") === "recuperar" ? "recover" : tab === "criar-conta" ? "signup" : "login";
  return {
    view,
    returnTo,
    prefill: { name: url.searchParams.get("name") ?? "", email: url.searchParams.get("email") ?? "" },
    notice:
      confirmedLink && url.searchParams.has("error")
        ? "O link de confirmação é inválido ou expirou. Entre com seu e-mail e senha para receber um novo."
        : null,
  };
}

export type AuthActionData = {
  intent: "login" | "signup" | "recover" | "resend";
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
  values?: { name?: string; email?: string };
  needsConfirmation?: boolean;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const ctx = await accountContext(request, context);
  const email = String(form.get("email") ?? "");
  const reply = (body: AuthActionData, status = 200) => data(body, { status });

  if (intent === "login") {
    const result = await signIn(ctx, form);
    if (result.ok) {
      const to = safeReturnTo(form.get("redirectTo"));
      return redirectWith(to, { setCookies: result.setCookies, flash: "login-ok" });
    }
    const { status, message, fieldErrors, needsConfirmation } = result;
    return reply({ intent, ok: false, message, fieldErrors, needsConfirmation, values: { email } }, status);
  }
  if (intent === "signup") {
    const result = await signUp(ctx, form);
    if (result.ok) return reply({ intent, ok: true, message: ACCOUNT_TEXT.signUpOk });
    const values = { name: String(form.get("name") ?? ""), email };
    return reply(
      { intent, ok: false, message: result.message, fieldErrors: result.fieldErrors, values },
      result.status,
    );
  }
  if (intent === "recover") {
    const result = await requestRecovery(ctx, form);
    if (result.ok) return redirectWith("/auth", { flash: "recovery-sent" });
    return reply(
      { intent, ok: false, message: result.message, fieldErrors: result.fieldErrors, values: { email } },
      result.status,
    );
  }
  if (intent === "resend") {
    const result = await resendConfirmation(ctx, form);
    if (result.ok) return reply({ intent, ok: true, message: ACCOUNT_TEXT.resendOk, values: { email } });
    return reply({ intent, ok: false, message: result.message, values: { email } }, result.status);
  }
  return reply({ intent: "login", ok: false, message: ACCOUNT_TEXT.loginFailed }, 400);
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthScreen {...loaderData} actionData={actionData} />;
}
