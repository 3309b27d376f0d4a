import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { LEAD_FIELDS } from "~/domain/leads/lead-fields";
import type { LeadLanguage } from "~/domain/leads/messages";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import type { SignupText } from "~/ui/marketing/landing-types";
import type { LeadActionData } from "./lead";

/** Where the form posts; the language in the URL lets the /leads page answer in it (title included). */
export function leadsPath(language: LeadLanguage): string {
  return language === "pt-BR" ? "/leads" : `/leads?lang=${language}`;
}

/**
 * The landing sign-up form. A plain POST to /leads without JavaScript; with it, a fetcher keeps the
 * visitor on the page when a field needs fixing, and follows the redirect to registration otherwise.
 */
export function LeadForm({
  text,
  language,
  initial,
}: {
  text: SignupText;
  language: LeadLanguage;
  /** The answer to a post made without JavaScript (the /leads page shows it). */
  initial?: LeadActionData;
}) {
  const fetcher = useFetcher<LeadActionData>({ key: `lead-${language}` });
  const reply = fetcher.data ?? initial;
  const refused = reply && !reply.ok ? reply : undefined;
  const errors = refused?.fieldErrors ?? {};
  const values = refused?.values;
  const form = useRef<HTMLFormElement>(null);

  // Moves focus to the first field to fix, so keyboard and screen-reader users land on the message.
  useEffect(() => {
    if (!fetcher.data || fetcher.data.ok) return;
    form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [fetcher.data]);

  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <fetcher.Form ref={form} method="post" action={leadsPath(language)} noValidate className="grid gap-4">
      <input type="hidden" name={LEAD_FIELDS.language} value={language} />
      {/* Honeypot: off screen and out of the tab order; a person never fills it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          {text.honeypot}
          <input type="text" name={LEAD_FIELDS.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <Field label={text.name} error={errors.name}>
        {(c) => (
          <Input {...c} name={LEAD_FIELDS.name} autoComplete="name" defaultValue={values?.name ?? ""} />
        )}
      </Field>
      <Field label={text.email} error={errors.email}>
        {(c) => (
          <Input
            {...c}
            type="email"
            name={LEAD_FIELDS.email}
            autoComplete="email"
            required
            defaultValue={values?.email ?? ""}
          />
        )}
      </Field>
      <Field label={text.phone} error={errors.phone}>
        {(c) => (
          <Input
            {...c}
            type="tel"
            name={LEAD_FIELDS.phone}
            autoComplete="tel"
            defaultValue={values?.phone ?? ""}
          />
        )}
      </Field>
      <Field label={text.propertiesCount} hint={text.propertiesHint} error={errors.propertiesCount}>
        {(c) => (
          <Input
            {...c}
            name={LEAD_FIELDS.propertiesCount}
            inputMode="numeric"
            defaultValue={values?.propertiesCount ?? ""}
          />
        )}
      </Field>
      {refused && !hasFieldErrors ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
          {refused.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" busy={fetcher.state !== "idle"} busyLabel={text.busy}>
        {text.submit}
      </Button>
      <p className="text-sm text-muted">
        {text.privacy.before}
        <a href="/legal/privacidade.html" className="text-brand underline">
          {text.privacy.link}
        </a>
        {text.privacy.after}
      </p>
    </fetcher.Form>
  );
}
