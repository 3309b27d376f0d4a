import { useEffect } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { ACCOUNT_TEXT } from "~/domain/account/messages";
import { LINK_UNUSABLE } from "~/domain/account/refusals";
import { resetPassword } from "~/domain/account/reset-password.server";
import { refusalOf } from "~/domain/errors";
import { auth } from "~/platform/auth/auth.server";
import { resetTokenUsable } from "~/platform/auth/reset-links.server";
import { Button } from "~/ui/button";
import { toast } from "~/ui/toaster";
import { refused } from "../refusal.server";
import type { Route } from "./+types/reset-password";
import { AccountCard, NewPasswordFields } from "./account-card";
import { accountContext, redirectWith } from "./account-context.server";

const BACK_TO_LOGIN_MS = 2000;

export function meta() {
  return [{ title: "Redefinir Senha | Estadia" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Where a successful reset lands (post/redirect/get): the spent token is no longer in the URL.
  if (url.searchParams.has("concluido")) return { done: true as const, token: "" };
  const token = url.searchParams.get("token");
  if (!token || url.searchParams.has("error")) return redirectWith("/auth", { flash: "reset-link-invalid" });
  if (!(await resetTokenUsable(await auth(), token))) {
    return redirectWith("/auth?view=recuperar", { flash: "reset-link-used" });
  }
  return { done: false as const, token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    await resetPassword(await accountContext(request, context), form);
    return redirectWith("/reset-password?concluido=1");
  } catch (err) {
    if (refusalOf(err).detail.reason === LINK_UNUSABLE) {
      return redirectWith("/auth?view=recuperar", { flash: "reset-link-used" });
    }
    return refused(err);
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { done } = loaderData;
  const errors = actionData?.fieldErrors ?? {};

  useEffect(() => {
    if (!done) return;
    toast.success(ACCOUNT_TEXT.passwordUpdated);
    const timer = setTimeout(() => navigate("/auth"), BACK_TO_LOGIN_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <AccountCard
      heading="Redefinir Senha"
      // Without JavaScript the browser still goes back to the login after 2 s.
      before={
        done ? (
          <noscript>
            <meta httpEquiv="refresh" content="2;url=/auth" />
          </noscript>
        ) : null
      }
    >
      {done ? (
        <p role="status" className="rounded-lg bg-success/10 p-3 text-center text-sm">
          {ACCOUNT_TEXT.passwordUpdated} Você será levado ao login.
        </p>
      ) : (
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields labels={["Nova senha", "Confirme a nova senha"]} errors={errors} />
          {/* A refusal is shown here or by its field, never repeated as a toast. */}
          {actionData && !errors.password && !errors.confirmation ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {actionData.message}
            </p>
          ) : null}
          <Button type="submit" busy={busy} busyLabel="Salvando...">
            Redefinir senha
          </Button>
        </Form>
      )}
    </AccountCard>
  );
}
