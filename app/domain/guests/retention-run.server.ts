import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import { outboxDir } from "~/platform/mail/mailer.server";
import { runGuestDataRetention } from "./retention-job.server";

/** The retention job as the process runs it: its database, GUEST_DATA_RETENTION_MONTHS, its outbox. */
export async function guestDataRetention(log: Logger): Promise<number> {
  const config = env();
  return runGuestDataRetention({
    db: (await database()).db,
    months: config.guestDataRetentionMonths,
    outboxDir: config.smtpUrl ? null : outboxDir(config.dataDir),
    log,
    now: () => new Date(),
  });
}
