import { addDays, saoPauloDay } from "~/lib/dates";

/**
 * The day by which the host should send a dispute's evidence to the provider: 7 days after it opened. A Pix
 * contest (MED) is analysed by the bank within 7 days, and card chargebacks give days, not weeks; the provider's
 * own deadline, when its panel shows an earlier one, wins (ADR 0062).
 */
export const DISPUTE_EVIDENCE_DAYS = 7;

export function disputeRespondBy(openedAt: Date): string {
  return addDays(saoPauloDay(openedAt), DISPUTE_EVIDENCE_DAYS);
}
