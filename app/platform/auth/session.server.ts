import { asc, eq, sql } from "drizzle-orm";
import { database } from "../db/database.server";
import type { Db } from "../db/database-handle.server";
import { prepared } from "../db/prepared";
import { member, organization, session, user } from "../db/schema";
import { type Auth, auth } from "./auth.server";
import type { Membership } from "./organizations.server";
import { cookieValue, verifiedToken } from "./session-cookie.server";

export type SignedIn = {
  user: { id: string; name: string; email: string };
  sessionId: string;
  membership: Membership;
  /** Every organization the person belongs to (to pick the active one from). */
  memberships: Membership[];
};

type SessionRow = {
  sessionId: string;
  expiresAt: Date;
  activeOrganizationId: string | null;
  userId: string;
  name: string;
  email: string;
  organizationId: string | null;
  organizationName: string | null;
  role: string | null;
};

/** The session, its person and their memberships, in one round trip (one row per membership). */
function sessionRows(db: Db, token: string): Promise<SessionRow[]> {
  return prepared(db, "session_membership", () =>
    db
      .select({
        sessionId: session.id,
        expiresAt: session.expiresAt,
        activeOrganizationId: session.activeOrganizationId,
        userId: user.id,
        name: user.name,
        email: user.email,
        organizationId: member.organizationId,
        organizationName: organization.name,
        role: member.role,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(member, eq(member.userId, user.id))
      .leftJoin(organization, eq(organization.id, member.organizationId))
      .where(eq(session.token, sql.placeholder("token")))
      .orderBy(asc(member.createdAt)),
  ).execute({ token });
}

function membershipsOf(rows: SessionRow[]): Membership[] {
  return rows.flatMap((row) =>
    row.organizationId && row.organizationName !== null && row.role !== null
      ? [{ organizationId: row.organizationId, organizationName: row.organizationName, role: row.role }]
      : [],
  );
}

type SessionConfig = { cookieName: string; secret: string; expiresInMs: number; updateAgeMs: number };

const configs = new WeakMap<Auth, Promise<SessionConfig>>();

function sessionConfig(instance: Auth): Promise<SessionConfig> {
  let found = configs.get(instance);
  if (!found) {
    found = instance.$context.then((ctx) => ({
      cookieName: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    }));
    configs.set(instance, found);
  }
  return found;
}

/**
 * The signed-in person behind these headers and the organization their session acts in, or null. The
 * session and the membership are read on every call: someone removed from the organization (or whose
 * session was ended) is refused on their very next request.
 *
 * A live session that needs no refresh is read here in one query. Anything else (no valid cookie aside, an
 * expired session, or one due for its daily extension) goes through better-auth, which owns those writes.
 */
export async function sessionMembership(instance: Auth, db: Db, headers: Headers): Promise<SignedIn | null> {
  const config = await sessionConfig(instance);
  const token = verifiedToken(cookieValue(headers.get("cookie"), config.cookieName), config.secret);
  if (!token) return null;
  const rows = await sessionRows(db, token);
  const first = rows[0];
  if (!first) return null;
  const expiresAt = first.expiresAt.getTime();
  const now = Date.now();
  if (expiresAt <= now || expiresAt - config.expiresInMs + config.updateAgeMs <= now) {
    return viaBetterAuth(instance, db, headers);
  }
  return signedIn(
    first.sessionId,
    { id: first.userId, name: first.name, email: first.email },
    first.activeOrganizationId,
    membershipsOf(rows),
  );
}

async function viaBetterAuth(instance: Auth, db: Db, headers: Headers): Promise<SignedIn | null> {
  const found = await instance.api.getSession({ headers });
  if (!found) return null;
  const rows = await sessionRows(db, found.session.token);
  const { user: who, session: current } = found;
  return signedIn(
    current.id,
    { id: who.id, name: who.name, email: who.email },
    current.activeOrganizationId ?? null,
    membershipsOf(rows),
  );
}

function signedIn(
  sessionId: string,
  who: SignedIn["user"],
  active: string | null,
  memberships: Membership[],
): SignedIn | null {
  const membership = active ? memberships.find((m) => m.organizationId === active) : memberships[0];
  if (!membership) return null;
  return { user: who, sessionId, membership, memberships };
}

/** `sessionMembership` for a request, with the process's auth and database. */
export async function readSession(request: Request): Promise<SignedIn | null> {
  const [instance, { db }] = await Promise.all([auth(), database()]);
  return sessionMembership(instance, db, request.headers);
}
