import type { Db } from "../db/database-handle.server";
import type { PaymentsConfig } from "../env.server";
import type { Logger } from "../log.server";
import type { Mailer } from "../mail/mailer.server";
import type { WhatsAppApi } from "../whatsapp/cloud-api.server";
import type { AccountProviders } from "./account-providers.server";

/**
 * What money operations need: the database, the adapters of each organization's own payment account
 * (never a platform-wide one, ADR 0021) and the process's settings. Made of platform parts only, it lives
 * here so that every money area takes it without importing another (ADR 0052); the process's own is built
 * by `paymentsContext` (domain/payments/payments-context.server.ts).
 */
export type PaymentsContext = {
  db: Db;
  providers: AccountProviders;
  config: PaymentsConfig;
  /** Receipts to guests, notices to owners. */
  mail: Mailer;
  /** Notices on WhatsApp (ADR 0054); null when it is not configured. */
  whatsapp: WhatsAppApi | null;
  /** For links in emails. */
  appUrl: string;
  log: Logger;
  now: () => Date;
};
