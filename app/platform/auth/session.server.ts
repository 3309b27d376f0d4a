import { database } from "../db/database.server";
import { auth } from "./auth.server";
import { firstMembership, type Membership, membershipIn } from "./organizations.server";

export type SignedIn = {
  user: { id: string; name: string; email: string };
  sessionId: string;
  membership: Membership;
};

/** The signed-in person behind a request and the organization their session acts in, or null. */
export async function readSession(request: Request): Promise<SignedIn | null> {
  const found = await (await auth()).api.getSession({ headers: request.headers });
  if (!found) return null;
  const { db } = await database();
  const { user, session } = found;
  const active = session.activeOrganizationId;
  const membership = active ? await membershipIn(db, user.id, active) : await firstMembership(db, user.id);
  if (!membership) return null;
  return { user: { id: user.id, name: user.name, email: user.email }, sessionId: session.id, membership };
}
