import type { Db } from "~/platform/db/database-handle.server";
import type { Mailer } from "~/platform/mail/mailer.server";

/** What the team operations that send email need: the database, the mailer, and the site's address for links. */
export type TeamContext = { db: Db; mail: Mailer; appUrl: string };
