import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database-handle.server";
import { account, user } from "../db/schema";
import { ensureOwnOrganization, type Membership } from "./organizations.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type NewUser = { name: string; email: string; password: string; organizationName?: string };

/**
 * A confirmed user with a password and their own organization, written straight to the tables
 * better-auth reads (same password hash). For the seed and for tests; people register through /auth.
 * Idempotent by email.
 */
export async function createConfirmedUser(
  db: Db,
  input: NewUser,
): Promise<{ userId: string; membership: Membership; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) {
    const membership = await ensureOwnOrganization(
      db,
      { id: existing.id, name: input.name },
      input.organizationName,
    );
    return { userId: existing.id, membership, created: false };
  }
  const userId = await db.transaction((tx) =>
    insertConfirmedUser(tx, { name: input.name, email, password: input.password }),
  );
  const membership = await ensureOwnOrganization(
    db,
    { id: userId, name: input.name },
    input.organizationName,
  );
  return { userId, membership, created: true };
}

/**
 * Writes a confirmed account (user + password credential, hashed as better-auth hashes it) inside the
 * caller's transaction, and nothing else: no organization. Someone registering from an invitation joins
 * the inviting organization instead (the invitation proved the address). Returns the user id.
 */
export async function insertConfirmedUser(
  tx: Tx,
  input: { name: string; email: string; password: string },
): Promise<string> {
  const password = await hashPassword(input.password);
  const [row] = await tx
    .insert(user)
    .values({ name: input.name, email: input.email, emailVerified: true })
    .returning({ id: user.id });
  if (!row) throw new Error("user insert returned nothing");
  await tx.insert(account).values({ userId: row.id, accountId: row.id, providerId: "credential", password });
  return row.id;
}
