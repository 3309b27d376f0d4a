import { Counter } from "prom-client";
import { processMetric } from "./registry.server";

/** What happened to an order: made (stock held), paid, given up, not paid in time, card refused, given back. */
export type OrderMetricStatus = "placed" | "paid" | "cancelled" | "expired" | "failed" | "refunded";

/** A charge made at the provider or not (`created`/`failed`), and the results the provider reports. */
export type PaymentOutcome = "created" | "failed" | "approved" | "refused";

const orders = processMetric(
  "estadia_orders_total",
  (registry) =>
    new Counter({
      name: "estadia_orders_total",
      help: "Orders reaching a status (placed, paid, cancelled, expired, failed, refunded), counted once committed.",
      labelNames: ["status"] as const,
      registers: [registry],
    }),
);

const payments = processMetric(
  "estadia_payments_total",
  (registry) =>
    new Counter({
      name: "estadia_payments_total",
      help: "Charges by provider and outcome: created or failed at the provider, then approved or refused.",
      labelNames: ["provider", "outcome"] as const,
      registers: [registry],
    }),
);

const webhookFailures = processMetric(
  "estadia_webhook_verifications_failed_total",
  (registry) =>
    new Counter({
      name: "estadia_webhook_verifications_failed_total",
      help: "Provider notifications refused because their signature or token did not hold.",
      labelNames: ["provider"] as const,
      registers: [registry],
    }),
);

/** Call after the transaction that moved the order committed: a rollback must not count. */
export function countOrder(status: OrderMetricStatus): void {
  orders.inc({ status });
}

export function countPayment(provider: string, outcome: PaymentOutcome): void {
  payments.inc({ provider, outcome });
}

export function countWebhookVerificationFailed(provider: string): void {
  webhookFailures.inc({ provider });
}
