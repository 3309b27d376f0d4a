import { MailPlus, Users } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { roleLabel } from "~/domain/team/roles";
import { formatDateTime } from "~/lib/dates";
import { Badge } from "~/ui/badge";
import { Button, buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { NativeSelect } from "~/ui/select";
import { EMPTY_TEXT as E } from "./empty-states-text";
import { RoleOptions, RowAction } from "./team-controls";

export type TeamInvitation = {
  id: string;
  email: string;
  role: string;
  inviterName: string;
  sentAt: string;
  expiresAt: string;
  expired: boolean;
};

/** The invitation form's e-mail field, which the empty invitation list's 'Convidar' leads to. */
const INVITE_EMAIL_ID = "convite-email";

/** 'Convidar pessoa': an e-mail and a role; a sent invitation empties the form for the next one. */
export function InviteForm({
  sent,
  fieldErrors,
  busy,
}: {
  /** The answer of an invitation that just went out, a new one each time (a refused one keeps what was typed). */
  sent: object | null;
  fieldErrors: Record<string, string>;
  busy: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (sent) form.current?.reset();
  }, [sent]);
  return (
    <section
      aria-labelledby="invite-heading"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="invite-heading" className="text-lg font-semibold">
        Convidar pessoa
      </h2>
      <Form ref={form} method="post" className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end">
        <input type="hidden" name="intent" value="invite" />
        <Field label="E-mail" error={fieldErrors.email} id={INVITE_EMAIL_ID}>
          {(control) => <Input name="email" type="email" autoComplete="off" required {...control} />}
        </Field>
        <Field label="Papel" error={fieldErrors.role}>
          {(control) => (
            <NativeSelect name="role" defaultValue="staff" {...control}>
              <RoleOptions />
            </NativeSelect>
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          <MailPlus aria-hidden="true" />
          Enviar convite
        </Button>
      </Form>
      <p className="text-sm text-muted">O link do convite vale por 7 dias e pode ser usado uma única vez.</p>
    </section>
  );
}

/** 'Convites pendentes': each one resent or cancelled; with none, a way to the form. */
export function PendingInvitations({ invitations, busy }: { invitations: TeamInvitation[]; busy: boolean }) {
  return (
    <section aria-labelledby="invitations-heading" className="grid gap-3">
      <h2 id="invitations-heading" className="text-lg font-semibold">
        Convites pendentes
      </h2>
      {invitations.length === 0 ? (
        <EmptyState
          icon={Users}
          title={E.invitations}
          description={E.invitationsHint}
          action={
            // Without JavaScript the link scrolls to the form; with it, the e-mail field takes the focus.
            <a
              href={`#${INVITE_EMAIL_ID}`}
              className={buttonClasses()}
              onClick={(event) => {
                const field = document.getElementById(INVITE_EMAIL_ID);
                if (!field) return;
                event.preventDefault();
                field.focus();
              }}
            >
              <MailPlus aria-hidden="true" />
              {E.invite}
            </a>
          }
        />
      ) : (
        <ul aria-label="Convites pendentes" className="grid gap-3">
          {invitations.map((i) => (
            <li
              key={i.id}
              className="grid gap-3 rounded-xl border border-border bg-surface p-4 md:grid-cols-[1fr_auto]"
            >
              <div className="grid min-w-0 gap-0.5">
                <p className="truncate font-semibold">{i.email}</p>
                <p className="text-sm">
                  <Badge tone="gray">{roleLabel(i.role)}</Badge>{" "}
                  <span className="text-muted">
                    convidado por {i.inviterName} em {formatDateTime(i.sentAt)}
                  </span>
                </p>
                <p className={`text-sm ${i.expired ? "text-danger" : "text-muted"}`}>
                  {i.expired ? "Expirou em" : "Expira em"} {formatDateTime(i.expiresAt)}
                </p>
              </div>
              <div className="flex flex-wrap items-end gap-2">
                <RowAction
                  intent="resend"
                  id={i.id}
                  variant="outline"
                  disabled={busy}
                  label={`Reenviar convite para ${i.email}`}
                >
                  Reenviar
                </RowAction>
                <RowAction
                  intent="cancel"
                  id={i.id}
                  variant="ghost"
                  disabled={busy}
                  label={`Cancelar convite para ${i.email}`}
                >
                  Cancelar
                </RowAction>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
