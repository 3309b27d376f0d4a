import type { ChargeStatus } from "~/platform/payments/provider";

/** A payment row's status: the provider's, plus creating (asked, no answer yet) and error (no answer came). */
export type PaymentRowStatus = ChargeStatus | "creating" | "error";

const RANK: Record<PaymentRowStatus, number> = {
  creating: 0,
  error: 0,
  pending: 1,
  processing: 2,
  approved: 3,
  rejected: 3,
  cancelled: 3,
  refunded: 4,
};

/** Live payments may still be paid. */
export const LIVE_PAYMENT_STATUSES = ["creating", "pending", "processing"] as const;

/**
 * The status a payment row moves to when the provider reports `reported`: forward only, so a late or
 * repeated notification never undoes a newer one (an approval is never turned back into pending).
 */
export function forwardStatus(current: PaymentRowStatus, reported: ChargeStatus): PaymentRowStatus {
  if (reported === current) return current;
  if (reported === "refunded") return current === "approved" ? "refunded" : current;
  return RANK[reported] > RANK[current] ? reported : current;
}
