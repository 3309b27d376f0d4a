import { isUuid } from "~/lib/uuid";
import { setActiveOrganization } from "~/platform/auth/member-sessions.server";
import { membershipIn } from "~/platform/auth/organizations.server";
import type { Db } from "~/platform/db/database-handle.server";
import { AppError } from "../errors";
import { TEAM_TEXT as T } from "./messages";

/** Makes the session act in another organization the person belongs to; every page then follows it. */
export async function switchOrganization(
  db: Db,
  signedIn: { userId: string; sessionId: string },
  organizationId: string,
): Promise<void> {
  const membership = isUuid(organizationId)
    ? await membershipIn(db, signedIn.userId, organizationId)
    : undefined;
  if (!membership) throw new AppError("forbidden", T.switchRefused);
  await setActiveOrganization(db, signedIn.sessionId, signedIn.userId, organizationId);
}
