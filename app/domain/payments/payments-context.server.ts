import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { type Logger, logger } from "~/platform/log.server";
import { mailer } from "~/platform/mail/mailer.server";
import { accountProviders } from "~/platform/payments/account-providers.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { whatsappApi } from "~/platform/whatsapp/whatsapp.server";

/** The process's payments context (its database, the account adapters and the mailer), logging to `log`. */
export async function paymentsContext(log: Logger = logger()): Promise<PaymentsContext> {
  const config = env();
  const [{ db }, providers] = await Promise.all([database(), accountProviders()]);
  return {
    db,
    providers,
    config: config.payments,
    mail: mailer(config),
    whatsapp: whatsappApi(),
    appUrl: config.appUrl,
    log,
    now: () => new Date(),
  };
}
