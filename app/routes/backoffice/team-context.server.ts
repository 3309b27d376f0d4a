import type { TeamContext } from "~/domain/team/team-context";
import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { mailer } from "~/platform/mail/mailer.server";

/** The team operations' context for this process: its database, mailer and public address. */
export async function teamContext(): Promise<TeamContext> {
  const { db } = await database();
  const config = env();
  return { db, mail: mailer(config), appUrl: config.appUrl };
}
