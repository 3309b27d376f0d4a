import { desc, eq } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { activity, user } from "~/platform/db/schema";
import { type Actor, assertCan } from "./permissions";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type ActivityKind =
  | "product.price_changed"
  | "member.invited"
  | "member.joined"
  | "member.role_changed"
  | "member.removed"
  | "payment_account.connected"
  | "payment_account.disconnected"
  | "payment_account.needs_reconnect"
  | "payment_account.token_refreshed"
  | "property.poster_downloaded";

export type ActivityEntry = {
  id: string;
  kind: ActivityKind;
  subject: string;
  details: Record<string, unknown>;
  actorName: string | null;
  createdAt: Date;
};

/** Appends a line to the organization's activity, in the transaction of the change it records. */
export async function recordActivity(
  tx: Db | Tx,
  /** userId null: the system did it (a job, a provider's answer). */
  who: { userId: string | null; organizationId: string },
  kind: ActivityKind,
  subject: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx
    .insert(activity)
    .values({ organizationId: who.organizationId, actorUserId: who.userId, kind, subject, details });
}

const SHOWN = 200;

/** The organization's latest activity, newest first. */
export async function listActivity(db: Db, actor: Actor): Promise<ActivityEntry[]> {
  assertCan(actor, "team.manage");
  const rows = await db
    .select({
      id: activity.id,
      kind: activity.kind,
      subject: activity.subject,
      details: activity.details,
      actorName: user.name,
      createdAt: activity.createdAt,
    })
    .from(activity)
    .leftJoin(user, eq(user.id, activity.actorUserId))
    .where(eq(activity.organizationId, actor.organizationId))
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(SHOWN);
  return rows.map((r) => ({ ...r, kind: r.kind as ActivityKind }));
}
