import { type LiveAccountState, receivesWith } from "~/domain/payment-accounts/accounts.server";
import { type AccountStatus, providerLabel, statusLabel } from "~/domain/payment-accounts/messages";
import { type Actor, can } from "~/domain/team/permissions";
import { env } from "~/platform/env.server";
import type { ReceivingNoticeData } from "./receiving-notice";

/**
 * The dashboard's notice when the organization's guests cannot pay: null when they can, and for whoever may
 * not see the payment account (staff).
 */
export function receivingNotice(
  actor: Actor,
  /** The organization's live account (null without one), as the dashboard read it. */
  account: LiveAccountState | null | undefined,
): ReceivingNoticeData | null {
  if (!can(actor, "payments.read") || account === undefined) return null;
  if (receivesWith(account, env().payments)) return null;
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
