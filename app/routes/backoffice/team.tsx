import { History } from "lucide-react";
import { useActionData, useNavigation } from "react-router";
import { getOrganizationContact, saveOrganizationContact } from "~/domain/carts/organization-contact.server";
import { AppError } from "~/domain/errors";
import {
  cancelInvitation,
  inviteMember,
  listInvitations,
  resendInvitation,
} from "~/domain/team/invitations.server";
import { changeRole, listMembers, removeMember } from "~/domain/team/members.server";
import { TEAM_TEXT as T } from "~/domain/team/messages";
import { formatContactPhone } from "~/domain/team/organization-contact";
import { can } from "~/domain/team/permissions";
import { renameOrganization } from "~/domain/team/rename-organization.server";
import { formText } from "~/lib/form-text";
import { buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { fieldErrorsOf } from "../answer";
import { answerIntent } from "../intents.server";
import { refusalRouteHeaders } from "../refusal.server";
import type { Route } from "./+types/team";
import { backofficeContext } from "./guard.server";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";
import { InviteForm, PendingInvitations } from "./team-invitations";
import { TeamMembers } from "./team-members";
import { GuestContactForm, OrganizationNameForm } from "./team-organization";

// 'Equipe': the organization's name and guest contact (team-organization), the invitations
// (team-invitations) and the members (team-members), each a form posting one intent to this action.

/** A throttled caller is told when to come back (Retry-After). */
export const headers = refusalRouteHeaders;

export function meta() {
  return [{ title: "Equipe" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor, organizationName } = context.get(backofficeContext);
  requireCan(actor, "team.manage", { title: "Equipe", what: "ver a equipe" });
  const { db } = context.get(servicesContext);
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

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, sessionId } = context.get(backofficeContext);
  const services = context.get(servicesContext);
  const { db } = services;
  const form = await request.formData();
  const id = formText(form, "id");
  // A role change or removal spares the session making it.
  const self = { ...actor, sessionId };
  return answerIntent(
    form,
    {
      invite: async () => {
        await inviteMember(services, actor, { email: formText(form, "email"), role: formText(form, "role") });
        return T.invited;
      },
      resend: async () => {
        await resendInvitation(services, actor, { id });
        return T.resent;
      },
      cancel: async () => {
        await cancelInvitation(db, actor, { id });
        return T.canceled;
      },
      role: async () => {
        await changeRole(db, self, { memberId: id, role: formText(form, "role") });
        return T.roleChanged;
      },
      remove: async () => {
        await removeMember(db, self, { memberId: id });
        return T.removed;
      },
      rename: async () => {
        await renameOrganization(db, actor, { name: formText(form, "name") });
        return T.organizationRenamed;
      },
      contact: async () => {
        const contact = { whatsapp: formText(form, "whatsapp"), phone: formText(form, "phone") };
        await saveOrganizationContact(db, actor, { ...contact, email: formText(form, "email") });
        return T.contactSaved;
      },
    },
    { reword: (refusal, intent) => (intent === "contact" ? contactRefusal(refusal) : refusal) },
  );
}

/** The contact form's field messages, named apart from the invitation form's own 'email'. */
function contactRefusal(refusal: AppError): AppError {
  const fields = Object.entries(refusal.fieldErrors ?? {}).map(([name, message]) => [
    `contact-${name}`,
    message,
  ]);
  return new AppError(refusal.kind, refusal.message, Object.fromEntries(fields), refusal.detail);
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { organizationName, canRename, contact, members, invitations } = loaderData;
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const fieldErrors = fieldErrorsOf(answer);
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
        <OrganizationNameForm name={organizationName} error={fieldErrors.name} busy={busy} />
      ) : null}
      {contact ? <GuestContactForm contact={contact} fieldErrors={fieldErrors} busy={busy} /> : null}
      <InviteForm
        sent={answer?.ok && answer.intent === "invite" ? answer : null}
        fieldErrors={fieldErrors}
        busy={busy}
      />
      <TeamMembers members={members} busy={busy} />
      <PendingInvitations invitations={invitations} busy={busy} />
    </PageFrame>
  );
}
