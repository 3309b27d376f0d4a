import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/database-handle.server";
import { session } from "../db/schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Ends a person's sessions that act in one organization (they were removed, or their role changed):
 * their next request finds no session. `keep` spares the session making the change.
 */
export async function endSessionsIn(
  db: Db | Tx,
  userId: string,
  organizationId: string,
  keep?: string,
): Promise<void> {
  await db
    .delete(session)
    .where(
      and(
        eq(session.userId, userId),
        eq(session.activeOrganizationId, organizationId),
        keep ? ne(session.id, keep) : undefined,
      ),
    );
}

/** Makes a session act in another organization; the caller has checked the membership. */
export async function setActiveOrganization(
  db: Db | Tx,
  sessionId: string,
  userId: string,
  organizationId: string,
): Promise<void> {
  await db
    .update(session)
    .set({ activeOrganizationId: organizationId, updatedAt: new Date() })
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)));
}
