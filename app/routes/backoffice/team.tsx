import { History, MailPlus, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useActionData, useNavigation, useSubmit } from "react-router";
import { getOrganizationContact, saveOrganizationContact } from "~/domain/carts/organization-contact.server";
import { AppError, refusalOf } from "~/domain/errors";
import {
  cancelInvitation,
  inviteMember,
  listInvitations,
  resendInvitation,
} from "~/domain/team/invitations.server";
import { changeRole, listMembers, removeMember } from "~/domain/team/members.server";
import { TEAM_TEXT as T } from "~/domain/team/messages";
import { formatContactPhone } from "~/domain/team/organization-contact";
import { can, ROLES } from "~/domain/team/permissions";
import { renameOrganization } from "~/domain/team/rename-organization.server";
import { ROLE_LABELS, roleLabel } from "~/domain/team/roles";
import { formatDateTime } from "~/lib/dates";
import { formText } from "~/lib/form-text";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { Button, buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { NativeSelect } from "~/ui/select";
import { type Refused, refusalRouteHeaders, refused } from "../refusal.server";
import type { Route } from "./+types/team";
import { EMPTY_TEXT as E } from "./empty-states-text";
import { backofficeContext } from "./guard.server";
import { requireCan } from "./require-can.server";
import { teamContext } from "./team-context.server";

/** A throttled caller is told when to come back (Retry-After). */
export const headers = refusalRouteHeaders;

export function meta() {
  return [{ title: "Equipe" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor, organizationName } = context.get(backofficeContext);
  requireCan(actor, "team.manage", { title: "Equipe", what: "ver a equipe" });
  const { db } = await teamContext();
  const canRename = can(actor, "organization.manage");
  const [members, invitations, contact] = await Promise.all([
    listMembers(db, actor),
    listInvitations(db, actor),
    canRename ? getOrganizationContact(db, actor) : null,
  ]);
  const now = Date.now();
  return {
    organizationName,
    canRename,
    // Shown masked as people type them: (48) 99999-8888.
    contact: contact && {
      whatsapp: contact.whatsapp ? formatContactPhone(contact.whatsapp) : "",
      phone: contact.phone ? formatContactPhone(contact.phone) : "",
      email: contact.email ?? "",
    },
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      role: m.role,
      since: m.since.toISOString(),
      isSelf: m.userId === actor.userId,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      inviterName: i.inviterName,
      sentAt: i.sentAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
      expired: i.expiresAt.getTime() <= now,
    })),
  };
}

type Answer = { ok: true; message: string } | Refused;

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, sessionId } = context.get(backofficeContext);
  const form = await request.formData();
  const intent = formText(form, "intent");
  try {
    const ctx = await teamContext();
    const done = (message: string): Answer => ({ ok: true, message });
    switch (intent) {
      case "invite":
        await inviteMember(ctx, actor, { email: formText(form, "email"), role: formText(form, "role") });
        return done(T.invited);
      case "resend":
        await resendInvitation(ctx, actor, { id: formText(form, "id") });
        return done(T.resent);
      case "cancel":
        await cancelInvitation(ctx.db, actor, { id: formText(form, "id") });
        return done(T.canceled);
      case "role":
        await changeRole(
          ctx.db,
          { ...actor, sessionId },
          { memberId: formText(form, "id"), role: formText(form, "role") },
        );
        return done(T.roleChanged);
      case "remove":
        await removeMember(ctx.db, { ...actor, sessionId }, { memberId: formText(form, "id") });
        return done(T.removed);
      case "rename":
        await renameOrganization(ctx.db, actor, { name: formText(form, "name") });
        return done(T.organizationRenamed);
      case "contact":
        await saveOrganizationContact(ctx.db, actor, {
          whatsapp: formText(form, "whatsapp"),
          phone: formText(form, "phone"),
          email: formText(form, "email"),
        }).catch(contactRefusal);
        return done(T.contactSaved);
      default:
        throw new AppError("invalid", "Ação desconhecida.");
    }
  } catch (err) {
    return refused(err);
  }
}

/** The contact form's field messages, named apart from the invitation form's own 'email'. */
function contactRefusal(err: unknown): never {
  const refusal = refusalOf(err);
  const fields = Object.entries(refusal.fieldErrors ?? {}).map(([name, message]) => [
    `contact-${name}`,
    message,
  ]);
  throw new AppError(refusal.kind, refusal.message, Object.fromEntries(fields), refusal.detail);
}

type Loaded = Route.ComponentProps["loaderData"];

/** The invitation form's e-mail field, which the empty invitation list's 'Convidar' leads to. */
const INVITE_EMAIL_ID = "convite-email";

export default function Team({ loaderData }: Route.ComponentProps) {
  return <TeamScreen {...loaderData} />;
}

function RoleOptions() {
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}

function TeamScreen({ organizationName, canRename, contact, members, invitations }: Loaded) {
  const answer = useActionData<typeof action>() as Answer | undefined;
  const inviteForm = useRef<HTMLFormElement>(null);
  // A sent invitation empties the form for the next one (a refused one keeps what was typed).
  useEffect(() => {
    if (answer?.ok && answer.message === T.invited) inviteForm.current?.reset();
  }, [answer]);
  const busy = useNavigation().state === "submitting";
  const submit = useSubmit();
  // Removing someone is asked again once JavaScript runs; before that the plain form posts straight away.
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const fieldErrors = answer && !answer.ok ? answer.fieldErrors : undefined;
  return (
    <PageFrame
      title="Equipe"
      actions={
        <Link to="/team/atividade" className={buttonClasses({ variant: "outline" })}>
          <History aria-hidden="true" />
          Atividade
        </Link>
      }
    >
      <div role="status" aria-live="polite">
        {answer ? (
          <p
            className={`rounded-lg border p-3 text-sm ${answer.ok ? "border-brand/40 bg-brand-soft text-brand" : "border-danger/40 bg-danger-soft text-danger"}`}
          >
            {answer.message}
          </p>
        ) : null}
      </div>

      {canRename ? (
        <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="rename" />
          <Field label="Nome da organização" error={fieldErrors?.name}>
            {(control) => (
              <Input name="name" defaultValue={organizationName} required maxLength={80} {...control} />
            )}
          </Field>
          <Button type="submit" variant="outline" disabled={busy}>
            Salvar nome
          </Button>
        </Form>
      ) : null}

      {contact ? <GuestContactForm contact={contact} fieldErrors={fieldErrors} busy={busy} /> : null}

      <section
        aria-labelledby="invite-heading"
        className="grid gap-3 rounded-xl border border-border bg-surface p-4"
      >
        <h2 id="invite-heading" className="text-lg font-semibold">
          Convidar pessoa
        </h2>
        <Form
          ref={inviteForm}
          method="post"
          className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="invite" />
          <Field label="E-mail" error={fieldErrors?.email} id={INVITE_EMAIL_ID}>
            {(control) => <Input name="email" type="email" autoComplete="off" required {...control} />}
          </Field>
          <Field label="Papel" error={fieldErrors?.role}>
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
        <p className="text-sm text-muted">
          O link do convite vale por 7 dias e pode ser usado uma única vez.
        </p>
      </section>

      <section aria-labelledby="members-heading" className="grid gap-3">
        <h2 id="members-heading" className="text-lg font-semibold">
          Membros
        </h2>
        <ul aria-label="Membros" className="grid gap-3">
          {members.map((m) => (
            <li
              key={m.id}
              className="grid gap-3 rounded-xl border border-border bg-surface p-4 md:grid-cols-[1fr_auto]"
            >
              <div className="grid min-w-0 gap-0.5">
                <p className="truncate font-semibold">
                  {m.name} {m.isSelf ? <span className="font-normal text-muted">(você)</span> : null}
                </p>
                <p className="truncate text-sm text-muted">{m.email}</p>
                <p className="text-sm">
                  <Badge tone={m.role === "owner" ? "blue" : "gray"}>{roleLabel(m.role)}</Badge>{" "}
                  <span className="text-muted">desde {formatDateTime(m.since)}</span>
                </p>
              </div>
              <div className="flex flex-wrap items-end gap-2">
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="role" />
                  <input type="hidden" name="id" value={m.id} />
                  <label className="sr-only" htmlFor={`role-${m.id}`}>
                    Papel de {m.name}
                  </label>
                  <NativeSelect id={`role-${m.id}`} name="role" defaultValue={m.role} className="w-48">
                    <RoleOptions />
                  </NativeSelect>
                  <Button
                    type="submit"
                    variant="outline"
                    disabled={busy}
                    aria-label={`Alterar papel de ${m.name}`}
                  >
                    Alterar
                  </Button>
                </Form>
                <RowAction
                  intent="remove"
                  id={m.id}
                  variant="danger"
                  disabled={busy}
                  label={`Remover ${m.name}`}
                  onClick={(event) => {
                    event.preventDefault();
                    setRemoving({ id: m.id, name: m.name });
                  }}
                >
                  Remover
                </RowAction>
              </div>
            </li>
          ))}
        </ul>
      </section>

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
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remover da equipe"
        description={`${removing?.name ?? ""} deixa de acessar esta organização na hora, e as sessões abertas nela terminam.`}
        confirmLabel="Remover"
        onConfirm={() => {
          if (removing) submit({ intent: "remove", id: removing.id }, { method: "post" });
          setRemoving(null);
        }}
      />
    </PageFrame>
  );
}

/** 'Contato para os hóspedes': what the shop, the success page and the receipt offer guests. */
function GuestContactForm({
  contact,
  fieldErrors,
  busy,
}: {
  contact: NonNullable<Loaded["contact"]>;
  fieldErrors: Record<string, string> | undefined;
  busy: boolean;
}) {
  return (
    <section
      aria-labelledby="guest-contact-heading"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="guest-contact-heading" className="text-lg font-semibold">
        Contato para os hóspedes
      </h2>
      <p className="text-sm text-muted">
        Aparece na loja, na confirmação do pagamento e no recibo como “Fale com o anfitrião”. Todos os campos
        são opcionais; sem nenhum, os hóspedes não veem contato.
      </p>
      <Form method="post" className="grid gap-3 sm:grid-cols-3 sm:items-start">
        <input type="hidden" name="intent" value="contact" />
        <Field
          label="WhatsApp"
          hint="Com DDD, ex.: (48) 99999-8888"
          error={fieldErrors?.["contact-whatsapp"]}
        >
          {(control) => (
            <Input
              name="whatsapp"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={20}
              defaultValue={contact.whatsapp}
              {...control}
            />
          )}
        </Field>
        <Field label="Telefone" hint="Com DDD" error={fieldErrors?.["contact-phone"]}>
          {(control) => (
            <Input
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={20}
              defaultValue={contact.phone}
              {...control}
            />
          )}
        </Field>
        <Field label="E-mail de contato" error={fieldErrors?.["contact-email"]}>
          {(control) => (
            <Input
              name="email"
              type="email"
              autoComplete="off"
              maxLength={254}
              defaultValue={contact.email}
              {...control}
            />
          )}
        </Field>
        <div className="sm:col-span-3">
          <Button type="submit" variant="outline" disabled={busy}>
            Salvar contato
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** A post of one intent about one row (a member or an invitation), as a single button. */
function RowAction({
  intent,
  id,
  label,
  ...button
}: { intent: string; id: string; label: string } & Pick<
  React.ComponentProps<typeof Button>,
  "variant" | "disabled" | "onClick" | "children"
>) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" aria-label={label} {...button} />
    </Form>
  );
}
