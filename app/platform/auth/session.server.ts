import { database } from "../db/database.server";
import type { Db } from "../db/database-handle.server";
import { type Auth, auth } from "./auth.server";
import { type Membership, membershipsOf } from "./organizations.server";

export type SignedIn = {
  user: { id: string; name: string; email: string };
  sessionId: string;
  membership: Membership;
  /** Every organization the person belongs to (to pick the active one from). */
  memberships: Membership[];
};

/**
 * The signed-in person behind these headers and the organization their session acts in, or null. The
 * membership is read on every call: someone removed from the organization (or whose session was ended)
 * is refused on their very next request.
 */
export async function sessionMembership(instance: Auth, db: Db, headers: Headers): Promise<SignedIn | null> {
  const found = await instance.api.getSession({ headers });
  if (!found) return null;
  const { user, session } = found;
  const active = session.activeOrganizationId;
  const memberships = await membershipsOf(db, user.id);
  const membership = active ? memberships.find((m) => m.organizationId === active) : memberships[0];
  if (!membership) return null;
  const who = { id: user.id, name: user.name, email: user.email };
  return { user: who, sessionId: session.id, membership, memberships };
}

/** `sessionMembership` for a request, with the process's auth and database. */
export async function readSession(request: Request): Promise<SignedIn | null> {
  const [instance, { db }] = await Promise.all([auth(), database()]);
  return sessionMembership(instance, db, request.headers);
}
