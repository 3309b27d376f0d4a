import { database } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/database-handle.server";
import { env } from "~/platform/env.server";
import { type Logger, logger } from "~/platform/log.server";
import { mailer } from "~/platform/mail/mailer.server";
import { whatsappApi } from "~/platform/whatsapp/whatsapp.server";
import type { NotifyContext } from "./notify-context";

/** The process's notify context (its database, mailer and WhatsApp Cloud API), logging to `log`. */
export async function notificationsContext(log: Logger = logger()): Promise<NotifyContext & { db: Db }> {
  const config = env();
  const { db } = await database();
  return {
    db,
    mail: mailer(config),
    whatsapp: whatsappApi(),
    appUrl: config.appUrl,
    log,
    now: () => new Date(),
  };
}
