import type { Db } from "~/platform/db/database-handle.server";
import { readParts } from "~/platform/db/prepared";
import type { PaymentsConfig } from "~/platform/env.server";
import { type DisputeNotice, disputeNoticePart } from "../ledger/disputes.server";
import {
  type GettingStarted,
  gettingStartedOf,
  gettingStartedPart,
} from "../onboarding/getting-started.server";
import { type LiveAccountState, liveAccountPart, receivesWith } from "../payment-accounts/accounts.server";
import { type ProfitPeriod, type ProfitReport, profitAsk, profitPart } from "../profit/read-profit.server";
import { missingPart } from "../restock/missing-products.server";
import { type Actor, can } from "../team/permissions";

export type DashboardReads = {
  /** How many products a new restocking run should take, for whoever sees the runs; else null. */
  missing: number | null;
  /** The live account (null without one), for whoever sees the payment account; else undefined. */
  account: LiveAccountState | null | undefined;
  /** The period's profit, when one is asked for (only by those who see the sales: `profitAsk` checks). */
  profit: ProfitReport | null;
  /** The way to a first sale: the owner's to take; else null. */
  gettingStarted: GettingStarted | null;
  /** Money held by disputes and balances below zero (ADR 0061), for whoever sees the wallets; else null. */
  disputes: DisputeNotice | null;
};

/**
 * Everything the dashboard reads, in one round trip: each part is made by its own area (the same SQL and
 * rules as when it is read alone), and only the parts the actor may see are read.
 */
export async function readDashboard(
  ctx: { db: Db; config: PaymentsConfig },
  actor: Actor,
  period: ProfitPeriod | null,
): Promise<DashboardReads> {
  const ask = period ? profitAsk(actor, period) : null;
  const seesAccount = can(actor, "payments.read");
  // The way to a first sale ends in connecting the payment account: theirs who may connect it.
  const startsOut = can(actor, "payments.manage");
  const read = await readParts(ctx.db, "dashboard", actor.organizationId, {
    missing: can(actor, "replacement.read") ? missingPart({ onlyToRestock: true }) : null,
    account: seesAccount || startsOut ? liveAccountPart() : null,
    profit: ask ? profitPart(actor, ask) : null,
    steps: startsOut ? gettingStartedPart() : null,
    disputes: can(actor, "wallet.read") ? disputeNoticePart() : null,
  });
  return {
    missing: read.missing?.length ?? null,
    account: seesAccount ? read.account : undefined,
    profit: read.profit,
    gettingStarted: startsOut
      ? gettingStartedOf(read.steps ?? undefined, receivesWith(read.account, ctx.config))
      : null,
    disputes: read.disputes,
  };
}
