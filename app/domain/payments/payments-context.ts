import type { Db } from "~/platform/db/database-handle.server";
import type { PaymentsConfig } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import type { PaymentProvider } from "~/platform/payments/provider";
import type { PayoutProvider } from "~/platform/payouts/payout-provider";

/** What money operations need: the database, the providers (charges, payouts) and the process's settings. */
export type PaymentsContext = {
  db: Db;
  provider: PaymentProvider;
  payouts: PayoutProvider;
  config: PaymentsConfig;
  /** Receipts to guests. */
  mail: Mailer;
  /** For links in emails. */
  appUrl: string;
  log: Logger;
  now: () => Date;
};
