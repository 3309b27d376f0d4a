import { createContext } from "react-router";
import { paymentsContext } from "~/domain/payments/payments-context.server";
import { env } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import { outboxDir } from "~/platform/mail/mailer.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";

/**
 * What every back-office loader and action hands the domain (ADR 0053): the process's database, mailer,
 * payment-account adapters and settings, logging with the request's id, and, without SMTP, the dev outbox
 * (whose copies an anonymization erases). Each domain operation takes the part it needs.
 */
export type Services = PaymentsContext & { outboxDir: string | null };

/** Set by the back-office guard for every route under it, beside `backofficeContext`. */
export const servicesContext = createContext<Services>();

/** The services of one request (everything in them is opened once per process). */
export async function servicesFor(log: Logger): Promise<Services> {
  const config = env();
  const payments = await paymentsContext(log);
  return { ...payments, outboxDir: config.smtpUrl ? null : outboxDir(config.dataDir) };
}
