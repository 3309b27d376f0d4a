import { and, desc, eq, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { invitation, member, organization, user } from "~/platform/db/schema";
import { invitationEmail } from "~/platform/mail/templates.server";
import { throttleHit } from "~/platform/throttle.server";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { recordActivity } from "./activity.server";
import { invitationPath } from "./invitation-path";
import { newInvitationToken } from "./invitation-token.server";
import { TEAM_TEXT as T } from "./messages";
import { type Actor, assertCan, type Role } from "./permissions";
import { roleLabel } from "./roles";
import { inviteSchema } from "./schemas";
import type { TeamContext } from "./team-context";
import { TEAM_THROTTLES } from "./throttles";

/** How long an invitation link works after it is sent (or sent again). */
export const INVITATION_DAYS = 7;
const validFor = () => new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);

export type PendingInvitation = {
  id: string;
  email: string;
  role: string;
  inviterName: string;
  sentAt: Date;
  expiresAt: Date;
};

/** Invitations not yet used or cancelled, newest first; an expired one stays listed so it can be resent. */
export async function listInvitations(db: Db, actor: Actor): Promise<PendingInvitation[]> {
  assertCan(actor, "team.manage");
  return db
    .select({
      id: invitation.id,
      email: invitation.email,
      role: sql<string>`coalesce(${invitation.role}, 'staff')`,
      inviterName: user.name,
      sentAt: invitation.sentAt,
      expiresAt: invitation.expiresAt,
    })
    .from(invitation)
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(and(eq(invitation.organizationId, actor.organizationId), eq(invitation.status, "pending")))
    .orderBy(desc(invitation.sentAt));
}

async function spendInvitationAllowance(ctx: TeamContext, actor: Actor): Promise<void> {
  const limit = await throttleHit(ctx.db, TEAM_THROTTLES.invitationsPerOrganization, actor.organizationId);
  if (!limit.allowed) {
    throw new AppError(
      "rate_limited",
      T.tooManyInvitations(Math.max(1, Math.ceil(limit.retryAfterSeconds / 60))),
      undefined,
      { retryAfterSeconds: limit.retryAfterSeconds },
    );
  }
}

async function sendInvitation(
  ctx: TeamContext,
  actor: Actor,
  to: { email: string; role: string; token: string },
): Promise<void> {
  const [org] = await ctx.db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, actor.organizationId));
  const [inviter] = await ctx.db.select({ name: user.name }).from(user).where(eq(user.id, actor.userId));
  await ctx.mail.send({
    to: to.email,
    ...invitationEmail({
      inviterName: inviter?.name || "Alguém",
      organizationName: org?.name ?? "uma organização",
      roleLabel: roleLabel(to.role),
      url: `${ctx.appUrl}${invitationPath(to.token)}`,
    }),
  });
}

/**
 * Invites a person by email to the actor's organization with a role, and emails them a link valid for
 * seven days. Someone already in the team, or with a live invitation, is not invited twice; an expired
 * invitation to the same address is renewed instead.
 */
export async function inviteMember(
  ctx: TeamContext,
  actor: Actor,
  input: { email: string; role: string },
): Promise<{ id: string }> {
  assertCan(actor, "team.manage");
  const { email, role } = parseInput(inviteSchema, input);
  const [already] = await ctx.db
    .select({ id: member.id })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, actor.organizationId), eq(user.email, email)));
  if (already) throw new AppError("conflict", T.alreadyMember, { email: T.alreadyMember });
  const [pending] = await ctx.db
    .select({ id: invitation.id, expiresAt: invitation.expiresAt })
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, actor.organizationId),
        eq(invitation.email, email),
        eq(invitation.status, "pending"),
      ),
    );
  if (pending && pending.expiresAt > new Date()) {
    throw new AppError("conflict", T.alreadyInvited, { email: T.alreadyInvited });
  }
  await spendInvitationAllowance(ctx, actor);
  const { token, hash } = newInvitationToken();
  const id = await ctx.db.transaction(async (tx) => {
    const values = { role, tokenHash: hash, sentAt: new Date(), expiresAt: validFor() };
    const [row] = pending
      ? await tx
          .update(invitation)
          .set({ ...values, inviterId: actor.userId })
          .where(eq(invitation.id, pending.id))
          .returning({ id: invitation.id })
      : await tx
          .insert(invitation)
          .values({ ...values, organizationId: actor.organizationId, email, inviterId: actor.userId })
          .returning({ id: invitation.id });
    if (!row) throw new Error("invitation write returned nothing");
    await recordActivity(tx, actor, "member.invited", email, { role });
    return row.id;
  });
  await sendInvitation(ctx, actor, { email, role, token });
  return { id };
}

/** A pending invitation of the actor's organization, or not_found (another organization's id included). */
async function ownPending(db: Db, actor: Actor, id: string) {
  if (!isUuid(id)) throw new AppError("not_found", T.invitationNotFound);
  const [row] = await db
    .select({ id: invitation.id, email: invitation.email, role: invitation.role, status: invitation.status })
    .from(invitation)
    .where(and(eq(invitation.id, id), eq(invitation.organizationId, actor.organizationId)));
  if (!row) throw new AppError("not_found", T.invitationNotFound);
  if (row.status !== "pending") throw new AppError("conflict", T.invitationNotPending);
  return { ...row, role: (row.role ?? "staff") as Role };
}

/** Sends a pending invitation again with a new link (the old one stops working) and seven more days. */
export async function resendInvitation(ctx: TeamContext, actor: Actor, input: { id: string }): Promise<void> {
  assertCan(actor, "team.manage");
  const found = await ownPending(ctx.db, actor, input.id);
  await spendInvitationAllowance(ctx, actor);
  const { token, hash } = newInvitationToken();
  const [row] = await ctx.db
    .update(invitation)
    .set({ tokenHash: hash, sentAt: new Date(), expiresAt: validFor() })
    .where(and(eq(invitation.id, found.id), eq(invitation.status, "pending")))
    .returning({ id: invitation.id });
  if (!row) throw new AppError("conflict", T.invitationNotPending);
  await sendInvitation(ctx, actor, { email: found.email, role: found.role, token });
}

/** Cancels a pending invitation: its link then says so. */
export async function cancelInvitation(db: Db, actor: Actor, input: { id: string }): Promise<void> {
  assertCan(actor, "team.manage");
  const found = await ownPending(db, actor, input.id);
  const [row] = await db
    .update(invitation)
    .set({ status: "canceled" })
    .where(and(eq(invitation.id, found.id), eq(invitation.status, "pending")))
    .returning({ id: invitation.id });
  if (!row) throw new AppError("conflict", T.invitationNotPending);
}
