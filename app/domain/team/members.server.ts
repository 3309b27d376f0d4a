import { and, asc, eq, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { endSessionsIn } from "~/platform/auth/member-sessions.server";
import type { Db } from "~/platform/db/database-handle.server";
import { member, organization, user } from "~/platform/db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { recordActivity } from "./activity.server";
import { TEAM_TEXT as T } from "./messages";
import { type Actor, assertCan } from "./permissions";
import { roleChangeSchema } from "./schemas";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type TeamMember = {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: string;
  since: Date;
};

/** The organization's members, owners first, then by when they joined. */
export async function listMembers(db: Db, actor: Actor): Promise<TeamMember[]> {
  assertCan(actor, "team.manage");
  return db
    .select({
      id: member.id,
      userId: member.userId,
      name: user.name,
      email: user.email,
      role: member.role,
      since: member.createdAt,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, actor.organizationId))
    .orderBy(sql`${member.role} = 'owner' desc`, asc(member.createdAt));
}

/**
 * Locks the organization for a team change, then finds the member in it. Every change that could take
 * away an owner takes this lock first, so two at once are counted one after the other and can never
 * leave the organization without an owner.
 */
async function lockedMember(tx: Tx, actor: Actor, memberId: string) {
  await tx
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.id, actor.organizationId))
    .for("update");
  if (!isUuid(memberId)) throw new AppError("not_found", T.memberNotFound);
  const [row] = await tx
    .select({ id: member.id, userId: member.userId, role: member.role, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.id, memberId), eq(member.organizationId, actor.organizationId)));
  if (!row) throw new AppError("not_found", T.memberNotFound);
  return row;
}

async function assertAnotherOwner(tx: Tx, actor: Actor, leaving: { role: string }) {
  if (leaving.role !== "owner") return;
  const [row] = await tx
    .select({ owners: sql<number>`count(*)::int` })
    .from(member)
    .where(and(eq(member.organizationId, actor.organizationId), eq(member.role, "owner")));
  if ((row?.owners ?? 0) <= 1) throw new AppError("conflict", T.lastOwner);
}

/**
 * Gives a member another role. Their sessions in this organization end (the actor's own excepted), so
 * whatever they had open is refused on the next request and they come back with the new role.
 */
export async function changeRole(
  db: Db,
  actor: Actor & { sessionId?: string },
  input: { memberId: string; role: string },
): Promise<void> {
  assertCan(actor, "team.manage");
  const { role } = parseInput(roleChangeSchema, { role: input.role });
  await db.transaction(async (tx) => {
    const target = await lockedMember(tx, actor, input.memberId);
    if (target.role === role) return;
    if (role !== "owner") await assertAnotherOwner(tx, actor, target);
    await tx.update(member).set({ role }).where(eq(member.id, target.id));
    await endSessionsIn(tx, target.userId, actor.organizationId, actor.sessionId);
    await recordActivity(tx, actor, "member.role_changed", target.email, { from: target.role, to: role });
  });
}

/** Takes a member out of the organization; their sessions in it end at once. The last owner stays. */
export async function removeMember(
  db: Db,
  actor: Actor & { sessionId?: string },
  input: { memberId: string },
): Promise<void> {
  assertCan(actor, "team.manage");
  await db.transaction(async (tx) => {
    const target = await lockedMember(tx, actor, input.memberId);
    await assertAnotherOwner(tx, actor, target);
    await tx.delete(member).where(eq(member.id, target.id));
    await endSessionsIn(tx, target.userId, actor.organizationId);
    await recordActivity(tx, actor, "member.removed", target.email, { role: target.role });
  });
}
