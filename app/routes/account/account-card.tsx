import type { ReactNode } from "react";
import { Field } from "~/ui/field";
import { PasswordInput } from "~/ui/password-input";

/** The centred card every account screen (sign-in, reset, invitation) sits in, under the brand. */
export function AccountCard({
  heading,
  headingClassName = "text-xl font-semibold",
  before,
  children,
}: {
  heading: string;
  headingClassName?: string;
  /** Rendered in <main> before the card (e.g. a noscript refresh). */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface-alt px-4 py-10">
      {before}
      <div className="grid w-full max-w-md gap-6 rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <div className="grid gap-1 text-center">
          <p className="text-2xl font-bold text-brand">Estadia</p>
          <h1 className={headingClassName}>{heading}</h1>
        </div>
        {children}
      </div>
    </main>
  );
}

/** A new password and its confirmation (`password`, `confirmation`), at least 6 characters. */
export function NewPasswordFields({
  labels,
  errors,
}: {
  labels: [password: string, confirmation: string];
  errors: { password?: string; confirmation?: string };
}) {
  return (
    <>
      <Field label={labels[0]} hint="Pelo menos 6 caracteres." error={errors.password}>
        {(c) => <PasswordInput {...c} name="password" autoComplete="new-password" required minLength={6} />}
      </Field>
      <Field label={labels[1]} error={errors.confirmation}>
        {(c) => (
          <PasswordInput {...c} name="confirmation" autoComplete="new-password" required minLength={6} />
        )}
      </Field>
    </>
  );
}
