// Why units left a property without a sale (stock_movements.loss_reason), as people read it. Shared by
// server and screens: the labels are typed here only.

export const LOSS_REASONS = ["consumed_unpaid", "expired", "broken", "host_use", "count_adjustment"] as const;

export type LossReason = (typeof LOSS_REASONS)[number];

export const LOSS_REASON_LABEL: Record<LossReason, string> = {
  consumed_unpaid: "Consumido sem pagar",
  expired: "Vencido",
  broken: "Quebrado",
  host_use: "Uso do anfitrião",
  count_adjustment: "Ajuste de contagem",
};

/** The reasons in the order a select offers them. */
export const LOSS_REASON_OPTIONS = LOSS_REASONS.map((value) => ({ value, label: LOSS_REASON_LABEL[value] }));

export function isLossReason(value: unknown): value is LossReason {
  return typeof value === "string" && (LOSS_REASONS as readonly string[]).includes(value);
}
