// Helpers for the restocking tests on PostgreSQL and over HTTP: members of a host's organization with a
// given role, and what the stock and its ledger hold for a run.
import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Actor, Role } from "~/domain/team/permissions";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import type { Db } from "~/platform/db/database-handle.server";
import {
  member,
  propertyProducts,
  replacementStatusChanges,
  stockMovements,
  user,
} from "~/platform/db/schema";
import type { Browser } from "./accounts";

export const MEMBER_PASSWORD = "senha-da-equipe-123";

/**
 * A confirmed user whose only membership is in this organization, with this role (team invitations are not
 * built yet, so the membership is written directly): the actor the back office would make of them, and
 * the email and password to sign in with.
 */
export async function memberOf(
  db: Db,
  organizationId: string,
  role: Role,
): Promise<{ actor: Actor; email: string; password: string }> {
  const email = `${role}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@example.com`;
  const { userId } = await createConfirmedUser(db, {
    name: `Equipe ${role}`,
    email,
    password: MEMBER_PASSWORD,
  });
  await db.delete(member).where(eq(member.userId, userId));
  await db.insert(member).values({ organizationId, userId, role });
  return { actor: { userId, organizationId, role }, email, password: MEMBER_PASSWORD };
}

/** The owner membership shopFixture made for its host. */
export async function ownerOf(db: Db, organizationId: string): Promise<Actor> {
  const [row] = await db
    .select({ userId: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.role, "owner")))
    .orderBy(asc(member.createdAt));
  if (!row) throw new Error(`organization ${organizationId} has no owner`);
  return { userId: row.userId, organizationId, role: "owner" };
}

/** A user's sign-in email. */
export async function emailOf(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row.email;
}

/** The current quantity of a product at a property (null: not counted; undefined: not held there). */
export async function currentOf(db: Db, propertyId: string, productId: string) {
  const [row] = await db
    .select({ current: propertyProducts.currentQuantity })
    .from(propertyProducts)
    .where(and(eq(propertyProducts.propertyId, propertyId), eq(propertyProducts.productId, productId)));
  return row?.current;
}

/** The stock ledger rows a run wrote (its `restock` movements), as [product, old, new, reason]. */
export async function movementsOfRun(db: Db, replacementId: string) {
  const rows = await db
    .select({
      productId: stockMovements.productId,
      propertyId: stockMovements.propertyId,
      old: stockMovements.oldQuantity,
      new: stockMovements.newQuantity,
      reason: stockMovements.reason,
      actorUserId: stockMovements.actorUserId,
    })
    .from(stockMovements)
    .where(eq(stockMovements.reference, `replacement:${replacementId}`))
    .orderBy(asc(stockMovements.productId));
  return rows;
}

/** A run's status history, oldest first, as 'from→to' ('∅' for its creation). */
export async function historyOfRun(db: Db, replacementId: string) {
  const rows = await db
    .select({
      from: replacementStatusChanges.fromStatus,
      to: replacementStatusChanges.toStatus,
      actorUserId: replacementStatusChanges.actorUserId,
    })
    .from(replacementStatusChanges)
    .where(eq(replacementStatusChanges.replacementId, replacementId))
    .orderBy(asc(replacementStatusChanges.createdAt));
  return rows.map((r) => ({ move: `${r.from ?? "∅"}→${r.to}`, actorUserId: r.actorUserId }));
}

/**
 * A form posted the way a hydrated page's fetcher posts it: to the route's data URL (`<path>.data`),
 * answered with the action's data, which the page shows as a toast. `ok` and `message` are read from
 * React Router's flat encoding of `{ ok, message, … }` (the object's keys point at their values).
 */
export async function fetcherPost(
  browser: Browser,
  path: string,
  fields: Record<string, string>,
): Promise<{ status: number; ok: unknown; message: unknown; body: string }> {
  const page = await browser.post(`${path}.data`, fields);
  let ok: unknown;
  let message: unknown;
  try {
    const flat: unknown = JSON.parse(page.body.split("\n")[0] ?? "");
    if (Array.isArray(flat)) {
      const field = (key: string) => {
        const keyAt = flat.indexOf(key);
        for (const item of flat) {
          if (item && typeof item === "object" && !Array.isArray(item)) {
            const ref = (item as Record<string, unknown>)[`_${keyAt}`];
            if (typeof ref === "number" && ref >= 0) return flat[ref];
          }
        }
        return undefined;
      };
      ok = field("ok");
      message = field("message");
    }
  } catch {
    // Not a data answer (a redirect or an error page): the caller looks at status and body.
  }
  return { status: page.status, ok, message, body: page.body };
}
