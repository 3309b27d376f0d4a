// A team on a real database: owners made as the seed makes them, invitations sent through the real domain
// operations (the email lands in the harness's outbox), people who join from the emailed link.
import { signIn } from "~/domain/account/sign-in.server";
import { joinWithNewAccount } from "~/domain/team/accept-invitation.server";
import { inviteMember } from "~/domain/team/invitations.server";
import type { Actor, Role } from "~/domain/team/permissions";
import type { TeamContext } from "~/domain/team/team-context";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import { sessionMembership } from "~/platform/auth/session.server";
import { createMailer, outboxDir } from "~/platform/mail/mailer.server";
import { type AccountsHarness, linkIn } from "./accounts-harness";

export const PASSWORD = "segredo-123";

let counter = 0;
export const uniqueEmail = (who: string) => `${who}-${Date.now()}-${++counter}@example.com`;

export function teamContext(h: AccountsHarness): TeamContext {
  const mail = createMailer({
    smtpUrl: undefined,
    from: "Estadia <nao-responda@estadia.test>",
    outboxDir: outboxDir(h.dataDir),
  });
  return { db: h.handle.db, mail, appUrl: "http://localhost:8080" };
}

/** A host with their own organization, as its owner. */
export async function owner(h: AccountsHarness, name = "Dona", organizationName = `Pousada ${name}`) {
  const email = uniqueEmail(name.toLowerCase());
  const { userId, membership } = await createConfirmedUser(h.handle.db, {
    name,
    email,
    password: PASSWORD,
    organizationName,
  });
  const actor: Actor = { userId, organizationId: membership.organizationId, role: "owner" };
  return { actor, email };
}

/** The token of the latest invitation link emailed to `email`, once `count` messages have come. */
export async function invitationToken(h: AccountsHarness, email: string, count = 1): Promise<string> {
  const messages = await h.mailTo(email, count);
  // The outbox lists the newest message first.
  const link = linkIn(messages[0], "/convite?token=");
  return new URL(link).searchParams.get("token") ?? "";
}

/** Invites `email` with `role` and returns the link's token. */
export async function invite(h: AccountsHarness, by: Actor, email: string, role: Role): Promise<string> {
  const before = (await h.mailTo(email, 0)).length;
  await inviteMember(teamContext(h), by, { email, role });
  return invitationToken(h, email, before + 1);
}

/** Someone without an account joins from an invitation; returns the session cookies they get. */
export async function joinNew(h: AccountsHarness, token: string, name: string): Promise<string[]> {
  const { setCookies } = await joinWithNewAccount(h.ctx(), token, {
    name,
    password: PASSWORD,
  });
  return setCookies;
}

/** Signs in through the real form's operation; returns the session cookies. */
export async function signedIn(h: AccountsHarness, email: string): Promise<string[]> {
  const { setCookies } = await signIn(h.ctx(), { email, password: PASSWORD });
  return setCookies;
}

/** What the back-office guard makes of a request carrying these cookies: the actor, or null (refused). */
export async function actorOf(h: AccountsHarness, cookies: string[]) {
  const found = await sessionMembership(h.auth, h.handle.db, h.ctx({ cookies }).headers);
  if (!found) return null;
  return {
    actor: {
      userId: found.user.id,
      organizationId: found.membership.organizationId,
      role: found.membership.role as Role,
    },
    sessionId: found.sessionId,
    email: found.user.email,
  };
}
