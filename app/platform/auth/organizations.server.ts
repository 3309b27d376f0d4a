import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/database-handle.server";
import { member, organization } from "../db/schema";

export type Membership = { organizationId: string; organizationName: string; role: string };

function slugFor(name: string): string {
  const base = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${base || "organizacao"}-${randomBytes(4).toString("hex")}`;
}

/** The user's first membership (the organization they created, for a host who signed up). */
export async function firstMembership(db: Db, userId: string): Promise<Membership | undefined> {
  const [row] = await db
    .select({ organizationId: member.organizationId, organizationName: organization.name, role: member.role })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt))
    .limit(1);
  return row;
}

export async function membershipIn(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<Membership | undefined> {
  const [row] = await db
    .select({ organizationId: member.organizationId, organizationName: organization.name, role: member.role })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.userId, userId), eq(member.organizationId, organizationId)));
  return row;
}

/**
 * A host who registers gets their own organization, as its owner. Idempotent: a user who already
 * belongs somewhere keeps that membership.
 */
export async function ensureOwnOrganization(
  db: Db,
  user: { id: string; name: string },
  organizationName = user.name,
): Promise<Membership> {
  const existing = await firstMembership(db, user.id);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organization)
      .values({ name: organizationName.trim() || "Minha organização", slug: slugFor(organizationName) })
      .returning({ id: organization.id, name: organization.name });
    if (!org) throw new Error("organization insert returned nothing");
    await tx.insert(member).values({ organizationId: org.id, userId: user.id, role: "owner" });
    return { organizationId: org.id, organizationName: org.name, role: "owner" };
  });
}

/** Every organization a person belongs to, oldest membership first (the avatar menu's list). */
export async function membershipsOf(db: Db, userId: string): Promise<Membership[]> {
  return db
    .select({ organizationId: member.organizationId, organizationName: organization.name, role: member.role })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt));
}
