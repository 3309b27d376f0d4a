import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button, buttonClasses } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { Link } from "~/ui/link";
import { PasswordInput } from "~/ui/password-input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import { toast } from "~/ui/toaster";
import { useHydrated } from "~/ui/use-hydrated";
import { AccountCard } from "./account-card";
import type { AuthActionData, AuthView } from "./auth";

type Props = {
  view: AuthView;
  returnTo: string;
  prefill: { name: string; email: string };
  notice: string | null;
  actionData: AuthActionData | undefined;
};

function useBusy(intent: AuthActionData["intent"]): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function errorsFor(actionData: AuthActionData | undefined, intent: AuthActionData["intent"]) {
  return actionData?.intent === intent && !actionData.ok ? (actionData.fieldErrors ?? {}) : {};
}

export function AuthScreen({ view, returnTo, prefill, notice, actionData }: Props) {
  const [tab, setTab] = useState(actionData?.intent === "signup" || view === "signup" ? "signup" : "login");
  // A new key empties the registration form after an account is created (the spec clears the fields).
  const [signupKey, setSignupKey] = useState(0);

  // A refusal is shown in its form (by the fields, or above the button), so it is never repeated as a toast.
  useEffect(() => {
    if (!actionData?.ok) return;
    toast.success(actionData.message);
    if (actionData.intent === "signup") setSignupKey((k) => k + 1);
  }, [actionData]);

  return (
    <AccountCard heading="Acesse sua conta Estadia" headingClassName="text-base text-muted">
      {notice ? (
        <p role="alert" className="rounded-lg bg-warning/10 p-3 text-sm text-ink">
          {notice}
        </p>
      ) : null}
      {view === "recover" ? (
        <RecoveryView actionData={actionData} />
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Entrar ou criar conta" className="grid grid-cols-2">
            <TabsTrigger value="login" className="justify-center">
              Login
            </TabsTrigger>
            <TabsTrigger value="signup" className="justify-center">
              Criar conta
            </TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm returnTo={returnTo} prefillEmail={prefill.email} actionData={actionData} />
          </TabsContent>
          <TabsContent value="signup">
            <SignupForm
              key={signupKey}
              prefill={actionData?.intent === "signup" && !actionData.ok ? actionData.values : prefill}
              actionData={actionData}
            />
          </TabsContent>
        </Tabs>
      )}
    </AccountCard>
  );
}

function LoginForm({
  returnTo,
  prefillEmail,
  actionData,
}: {
  returnTo: string;
  prefillEmail: string;
  actionData: AuthActionData | undefined;
}) {
  const busy = useBusy("login");
  const resending = useBusy("resend");
  const errors = errorsFor(actionData, "login");
  const ownData = actionData?.intent === "login" || actionData?.intent === "resend" ? actionData : undefined;
  const email = ownData?.values?.email ?? prefillEmail;
  return (
    <div className="grid gap-4">
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <Field label="E-mail" error={errors.email}>
          {(c) => (
            <Input {...c} name="email" type="email" autoComplete="email" required defaultValue={email} />
          )}
        </Field>
        <Field label="Senha" error={errors.password}>
          {(c) => <PasswordInput {...c} name="password" autoComplete="current-password" required />}
        </Field>
        {ownData && !ownData.ok && !ownData.fieldErrors ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {ownData.message}
          </p>
        ) : null}
        <Button type="submit" busy={busy} busyLabel="Entrando...">
          Entrar
        </Button>
      </Form>
      {ownData?.needsConfirmation || ownData?.intent === "resend" ? (
        <Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={email} />
          {ownData.intent === "resend" && ownData.ok ? (
            <p role="status" className="text-sm text-muted">
              {ownData.message}
            </p>
          ) : null}
          <Button type="submit" variant="outline" busy={resending} busyLabel="Enviando...">
            Reenviar link de confirmação
          </Button>
        </Form>
      ) : null}
      <Link to="/auth?view=recuperar" className="justify-self-center text-sm text-brand underline">
        Esqueceu a senha?
      </Link>
    </div>
  );
}

function SignupForm({
  prefill,
  actionData,
}: {
  prefill: { name?: string; email?: string } | undefined;
  actionData: AuthActionData | undefined;
}) {
  const busy = useBusy("signup");
  const errors = errorsFor(actionData, "signup");
  const created = actionData?.intent === "signup" && actionData.ok;
  const refusal =
    actionData?.intent === "signup" && !actionData.ok && !actionData.fieldErrors ? actionData.message : null;
  const resending = useBusy("resend");
  const hydrated = useHydrated();
  return (
    <>
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="signup" />
        {/* Said once (issue 49): by the toast once the script runs, here before it does. */}
        {created && !hydrated ? (
          <p role="status" className="rounded-lg bg-success/10 p-3 text-sm text-ink">
            {actionData.message}
          </p>
        ) : null}
        <Field label="Nome Completo" error={errors.name}>
          {(c) => (
            <Input {...c} name="name" autoComplete="name" required defaultValue={prefill?.name ?? ""} />
          )}
        </Field>
        <Field label="E-mail" error={errors.email}>
          {(c) => (
            <Input
              {...c}
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={prefill?.email ?? ""}
            />
          )}
        </Field>
        <Field label="Senha" hint="Pelo menos 6 caracteres." error={errors.password}>
          {(c) => <PasswordInput {...c} name="password" autoComplete="new-password" required minLength={6} />}
        </Field>
        {refusal ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {refusal}
          </p>
        ) : null}
        <Button type="submit" busy={busy} busyLabel="Criando conta...">
          Criar conta
        </Button>
      </Form>
      {/* The toast said it once (spec); here only the way to get the e-mail again (issue 49). */}
      {created && actionData.values?.email ? (
        <Form method="post" className="mt-4 grid gap-2 rounded-lg border border-border p-3">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={actionData.values.email} />
          <p className="text-sm text-muted">
            Enviamos o link de confirmação para {actionData.values.email}. Não chegou? Veja o spam ou peça de
            novo.
          </p>
          <Button type="submit" variant="outline" busy={resending} busyLabel="Enviando...">
            Reenviar e-mail
          </Button>
        </Form>
      ) : null}
    </>
  );
}

function RecoveryView({ actionData }: { actionData: AuthActionData | undefined }) {
  const busy = useBusy("recover");
  const errors = errorsFor(actionData, "recover");
  const own = actionData?.intent === "recover" ? actionData : undefined;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">Recuperar Senha</h2>
        <p className="text-sm text-muted">Enviaremos um link para você redefinir sua senha.</p>
      </div>
      <Form method="post" action="/auth?view=recuperar" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="recover" />
        <Field label="E-mail" error={errors.email}>
          {(c) => (
            <Input
              {...c}
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={own?.values?.email}
            />
          )}
        </Field>
        {own && !own.ok && !own.fieldErrors ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {own.message}
          </p>
        ) : null}
        <Button type="submit" busy={busy} busyLabel="Enviando...">
          Enviar link de recuperação
        </Button>
      </Form>
      <Link to="/auth" className={buttonClasses({ variant: "ghost" })}>
        Voltar para o login
      </Link>
    </div>
  );
}
