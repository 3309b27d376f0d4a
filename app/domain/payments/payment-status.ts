import type { ChargeStatus } from "~/platform/payments/provider";

/** A payment row's status: the provider's, plus creating (asked, no answer yet) and error (no answer came). */
export type PaymentRowStatus = ChargeStatus | "creating" | "error";

const RANK: Record<PaymentRowStatus, number> = {
  creating: 0,
  error: 0,
  pending: 1,
  processing: 2,
  rejected: 3,
  cancelled: 3,
  // Above cancelled: money that arrived for a charge we had given up (a PIX paid as its order expired) is
  // the provider's truth, so the row says approved and the unwanted payment is refunded.
  approved: 4,
  refunded: 5,
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
