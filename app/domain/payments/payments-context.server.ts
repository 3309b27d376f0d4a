import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { type Logger, logger } from "~/platform/log.server";
import { mailer } from "~/platform/mail/mailer.server";
import { paymentProvider, payoutProvider } from "~/platform/payments/payment-provider.server";
import type { PaymentsContext } from "./payments-context";

/** The process's payments context (its database, provider and mailer), logging to `log`. */
export async function paymentsContext(log: Logger = logger()): Promise<PaymentsContext> {
  const config = env();
  const [{ db }, provider, payouts] = await Promise.all([database(), paymentProvider(), payoutProvider()]);
  return {
    db,
    provider,
    payouts,
    config: config.payments,
    mail: mailer(config),
    appUrl: config.appUrl,
    log,
    now: () => new Date(),
  };
}
