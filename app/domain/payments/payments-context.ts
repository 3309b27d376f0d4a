import type { Db } from "~/platform/db/database-handle.server";
import type { PaymentsConfig } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import type { PaymentProvider } from "~/platform/payments/provider";

/** What checkout and payment operations need: the database, the provider and the process's settings. */
export type PaymentsContext = {
  db: Db;
  provider: PaymentProvider;
  config: PaymentsConfig;
  /** Receipts to guests. */
  mail: Mailer;
  /** For links in emails. */
  appUrl: string;
  log: Logger;
  now: () => Date;
};
