import type { Db } from "~/platform/db/database-handle.server";
import type { PaymentsConfig } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import type { AccountProviders } from "~/platform/payments/account-providers.server";

/**
 * What money operations need: the database, the adapters of each organization's own payment account
 * (never a platform-wide one, ADR 0021) and the process's settings.
 */
export type PaymentsContext = {
  db: Db;
  providers: AccountProviders;
  config: PaymentsConfig;
  /** Receipts to guests, notices to owners. */
  mail: Mailer;
  /** For links in emails. */
  appUrl: string;
  log: Logger;
  now: () => Date;
};
