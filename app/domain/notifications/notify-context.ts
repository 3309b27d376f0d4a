import type { Db, Tx } from "~/platform/db/database-handle.server";
import type { Logger } from "~/platform/log.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import type { WhatsAppApi } from "~/platform/whatsapp/cloud-api.server";

/**
 * What telling people needs: the database (a transaction, when the notice must commit with what it is
 * about), the mailer, the WhatsApp Cloud API (null when it is not configured: nothing is ever queued for
 * it then), the public origin for links, a logger and the clock.
 */
export type NotifyContext = {
  db: Db | Tx;
  mail: Mailer;
  whatsapp: WhatsAppApi | null;
  appUrl: string;
  log: Logger;
  now: () => Date;
};
