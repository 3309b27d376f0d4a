import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/platform/db/database-handle.server";
import { organization } from "~/platform/db/schema";
import { parseInput } from "../parse-input";
import { TEAM_TEXT as T } from "./messages";
import { type Actor, assertCan } from "./permissions";

const renameSchema = z.object({
  name: z.string().trim().min(1, T.organizationNameRequired).max(80, T.organizationNameTooLong),
});

/** Renames the actor's organization: the name members see in the avatar menu and in invitations. */
export async function renameOrganization(db: Db, actor: Actor, input: { name: string }): Promise<void> {
  assertCan(actor, "organization.manage");
  const { name } = parseInput(renameSchema, input);
  await db.update(organization).set({ name }).where(eq(organization.id, actor.organizationId));
}
