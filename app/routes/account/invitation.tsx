import { data, Form, useNavigation } from "react-router";
import { joinAsSignedIn, joinWithNewAccount, openInvitation } from "~/domain/team/accept-invitation.server";
import { invitationPath } from "~/domain/team/invitation-path";
import { TEAM_TEXT as T } from "~/domain/team/messages";
import { formatDateTime } from "~/lib/dates";
import { formText } from "~/lib/form-text";
import { readSession } from "~/platform/auth/session.server";
import { database } from "~/platform/db/database.server";
import { Button, buttonClasses } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { Link } from "~/ui/link";
import { PasswordInput } from "~/ui/password-input";
import { refused } from "../refusal.server";
import type { Route } from "./+types/invitation";
import { AccountCard } from "./account-card";
import { accountContext, redirectWith } from "./account-context.server";
import { startPage } from "./start-page.server";

export function meta() {
  return [{ title: "Convite | Estadia" }, { name: "robots", content: "noindex" }];
}

/** The link's token (the query keeps it out of request logs, which record paths). */
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await database();
  const token = tokenOf(request);
  const [view, signedIn] = await Promise.all([openInvitation(db, token), readSession(request)]);
  if (view.state !== "open") return data({ ...view, signedInEmail: null, token }, { status: 410 });
  return {
    ...view,
    expiresAt: view.expiresAt.toISOString(),
    signedInEmail: signedIn?.user.email ?? null,
    token,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = tokenOf(request);
  try {
    if (formText(form, "intent") === "accept") {
      const signedIn = await readSession(request);
      if (!signedIn) return redirectWith(`/auth?redirectTo=${encodeURIComponent(invitationPath(token))}`);
      const { db } = await database();
      await joinAsSignedIn(
        db,
        { userId: signedIn.user.id, email: signedIn.user.email, sessionId: signedIn.sessionId },
        token,
      );
      return redirectWith(await startPage(request), { flash: "invitation-accepted" });
    }
    const { setCookies } = await joinWithNewAccount(await accountContext(request, context), token, {
      name: formText(form, "name"),
      password: formText(form, "password"),
    });
    return redirectWith(await startPage(request, setCookies), { setCookies, flash: "invitation-accepted" });
  } catch (err) {
    return refused(err);
  }
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AccountCard heading="Convite para a equipe">
      {actionData ? (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-center text-sm text-danger">
          {actionData.message}
        </p>
      ) : null}
      {loaderData.state !== "open" ? (
        <>
          <p role="alert" className="text-center">
            {loaderData.message}
          </p>
          <Link to="/auth" className={buttonClasses({ variant: "outline" })}>
            Ir para o login
          </Link>
        </>
      ) : (
        <>
          <p className="text-center">
            {loaderData.inviterName} convidou você para a equipe de{" "}
            <strong>{loaderData.organizationName}</strong> como <strong>{loaderData.roleLabel}</strong>.
          </p>
          <p className="text-center text-sm text-muted">
            Convite para {loaderData.email}, válido até {formatDateTime(loaderData.expiresAt)}.
          </p>
          {loaderData.signedInEmail ? (
            loaderData.signedInEmail === loaderData.email ? (
              <Form method="post" className="grid">
                <input type="hidden" name="intent" value="accept" />
                <Button type="submit" busy={busy} busyLabel="Entrando...">
                  Aceitar convite
                </Button>
              </Form>
            ) : (
              <>
                <p role="alert" className="text-center text-sm">
                  {T.wrongAccount(loaderData.email)}
                </p>
                <Form method="post" action="/sign-out" className="grid">
                  <Button type="submit" variant="outline">
                    Sair
                  </Button>
                </Form>
              </>
            )
          ) : loaderData.hasAccount ? (
            <Link
              to={`/auth?redirectTo=${encodeURIComponent(invitationPath(loaderData.token))}&email=${encodeURIComponent(loaderData.email)}`}
              className={buttonClasses()}
            >
              Entrar para aceitar
            </Link>
          ) : (
            <Form method="post" className="grid gap-4" noValidate>
              <input type="hidden" name="intent" value="register" />
              <Field label="E-mail">{(c) => <Input {...c} value={loaderData.email} readOnly />}</Field>
              <Field label="Nome completo" error={errors.name}>
                {(c) => <Input {...c} name="name" autoComplete="name" required />}
              </Field>
              <Field label="Senha" hint="Pelo menos 6 caracteres." error={errors.password}>
                {(c) => (
                  <PasswordInput {...c} name="password" autoComplete="new-password" required minLength={6} />
                )}
              </Field>
              <Button type="submit" busy={busy} busyLabel="Criando conta...">
                Criar conta e entrar
              </Button>
            </Form>
          )}
        </>
      )}
    </AccountCard>
  );
}
