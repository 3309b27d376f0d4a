import { data } from "react-router";
import { ACCOUNT_TEXT } from "~/domain/account/messages";
import { NEEDS_CONFIRMATION } from "~/domain/account/refusals";
import { requestRecovery } from "~/domain/account/request-recovery.server";
import { resendConfirmation } from "~/domain/account/resend-confirmation.server";
import { signIn } from "~/domain/account/sign-in.server";
import { signUp } from "~/domain/account/sign-up.server";
import { refusalOf } from "~/domain/errors";
import { safeReturnTo } from "~/lib/return-to";
import { readSession } from "~/platform/auth/session.server";
import { refusalHeaders, refusalRouteHeaders, STATUS_OF_KIND, statusOf } from "../refusal.server";
import type { Route } from "./+types/auth";
import { accountContext, redirectWith } from "./account-context.server";
import { AuthScreen } from "./auth-screen";
import { startPage } from "./start-page.server";

export function meta() {
  return [{ title: "Entrar | Estadia" }, { name: "description", content: "Acesse sua conta Estadia." }];
}

export const headers = refusalRouteHeaders;

export type AuthView = "login" | "signup" | "recover";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // No page asked for (null): each role's own start page.
  const returnTo = safeReturnTo(url.searchParams.get("redirectTo"), "") || null;
  const confirmedLink = url.searchParams.has("confirmado");
  if (await readSession(request)) {
    // The confirmation link signs the new host in and lands here: straight on to the dashboard.
    const linkError = url.searchParams.get("error");
    return redirectWith(
      returnTo ?? (await startPage(request)),
      confirmedLink && !linkError ? { flash: "email-confirmed" } : {},
    );
  }
  const tab = url.searchParams.get("tab");
  const view: AuthView =
    url.searchParams.get("view") === "recuperar" ? "recover" : tab === "criar-conta" ? "signup" : "login";
  return {
    view,
    // Empty: the form sends none, and the sign-in picks the role's start page.
    returnTo: returnTo ?? "",
    prefill: { name: url.searchParams.get("name") ?? "", email: url.searchParams.get("email") ?? "" },
    notice:
      confirmedLink && url.searchParams.has("error")
        ? "O link de confirmação é inválido ou expirou. Entre com seu e-mail e senha para receber um novo."
        : null,
  };
}

export type AuthActionData = {
  intent: AuthIntent;
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
  values?: { name?: string; email?: string };
  needsConfirmation?: boolean;
};

const INTENTS = ["login", "signup", "recover", "resend"] as const;
type AuthIntent = (typeof INTENTS)[number];

function intentOf(value: FormDataEntryValue | null): AuthIntent | undefined {
  return INTENTS.find((intent) => intent === value);
}

const reply = (body: AuthActionData, init?: ResponseInit) => data(body, init);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = intentOf(form.get("intent"));
  if (!intent) {
    return reply(
      { intent: "login", ok: false, message: ACCOUNT_TEXT.loginFailed },
      { status: STATUS_OF_KIND.invalid },
    );
  }
  const ctx = await accountContext(request, context);
  const email = String(form.get("email") ?? "");
  try {
    switch (intent) {
      case "login": {
        const { setCookies } = await signIn(ctx, form);
        const asked = safeReturnTo(form.get("redirectTo"), "");
        return redirectWith(asked || (await startPage(request, setCookies)), {
          setCookies,
          flash: "login-ok",
        });
      }
      case "signup":
        await signUp(ctx, form);
        // The address, for 'Reenviar e-mail' under the emptied form (issue 49).
        return reply({ intent, ok: true, message: ACCOUNT_TEXT.signUpOk, values: { email } });
      case "recover":
        await requestRecovery(ctx, form);
        return redirectWith("/auth", { flash: "recovery-sent" });
      case "resend":
        await resendConfirmation(ctx, form);
        return reply({ intent, ok: true, message: ACCOUNT_TEXT.resendOk, values: { email } });
    }
  } catch (err) {
    const refusal = refusalOf(err);
    return reply(
      {
        intent,
        ok: false,
        message: refusal.message,
        // The resend form has no field of its own to mark: its refusal shows as a message.
        fieldErrors: intent === "resend" ? undefined : refusal.fieldErrors,
        values: intent === "signup" ? { name: String(form.get("name") ?? ""), email } : { email },
        ...(refusal.detail.reason === NEEDS_CONFIRMATION ? { needsConfirmation: true } : {}),
      },
      { status: statusOf(refusal), headers: refusalHeaders(refusal) },
    );
  }
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthScreen {...loaderData} actionData={actionData} />;
}
