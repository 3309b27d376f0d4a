import type { PaymentsConfig } from "~/platform/env.server";

const DAY_MS = 86_400_000;

/** Whether an organization is still in its free days (Estadia takes no fee on those sales). */
export function inFreeTrial(
  config: Pick<PaymentsConfig, "freeTrialDays">,
  organizationCreatedAt: Date,
  now: Date,
): boolean {
  return (
    config.freeTrialDays > 0 &&
    now.getTime() < organizationCreatedAt.getTime() + config.freeTrialDays * DAY_MS
  );
}

/** Estadia's fee on a sale, in cents, rounded half up; none in the organization's free days. */
export function platformFeeCents(
  config: Pick<PaymentsConfig, "platformFeeBps" | "freeTrialDays">,
  amountCents: number,
  organizationCreatedAt: Date,
  now: Date,
): number {
  if (inFreeTrial(config, organizationCreatedAt, now)) return 0;
  return Math.floor((amountCents * config.platformFeeBps + 5000) / 10000);
}

/** "3" or "3,5": a basis-point percentage as people read it. */
export function percentText(bps: number): string {
  return (bps / 100).toLocaleString("pt-BR", { maximumFractionDigits: 2 });
}
