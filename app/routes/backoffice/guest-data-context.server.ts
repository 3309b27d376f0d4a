import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { mailer, outboxDir } from "~/platform/mail/mailer.server";

/** What the 'Dados de hóspedes' answers need: the database, the mailer and, without SMTP, its outbox. */
export async function guestDataContext() {
  const config = env();
  const { db } = await database();
  return {
    db,
    mail: mailer(config),
    outboxDir: config.smtpUrl ? null : outboxDir(config.dataDir),
    now: () => new Date(),
  };
}
