import { type AccountRow, liveAccount, receivesWith } from "~/domain/payment-accounts/accounts.server";
import { type AccountStatus, providerLabel, statusLabel } from "~/domain/payment-accounts/messages";
import { type Actor, can } from "~/domain/team/permissions";
import type { Db } from "~/platform/db/database-handle.server";
import { env } from "~/platform/env.server";
import type { ReceivingNoticeData } from "./receiving-notice";

/**
 * The dashboard's notice when the organization's guests cannot pay: null when they can, and for whoever may
 * not see the payment account (staff).
 */
export async function receivingNotice(
  db: Db,
  actor: Actor,
  /** The live account when the caller already reads it. */
  live?: Promise<AccountRow | null>,
): Promise<ReceivingNoticeData | null> {
  if (!can(actor, "payments.read")) return null;
  const config = env().payments;
  const account = await (live ?? liveAccount(db, actor.organizationId));
  if (receivesWith(account, config)) return null;
  return {
    canManage: can(actor, "payments.manage"),
    account: account
      ? {
          status: account.status as AccountStatus,
          statusLabel: statusLabel(account.status),
          providerLabel: providerLabel(account.provider),
        }
      : null,
  };
}
