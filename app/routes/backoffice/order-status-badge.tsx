import { ORDER_STATUS_LABEL, type OrderStatus, type StatusTone } from "~/lib/order-status";
import { Badge, type BadgeTone } from "~/ui/badge";

// Part 2 §4: pending and processing yellow, paid green, cancelled red, failed gray.
const TONE: Record<StatusTone, BadgeTone> = {
  warning: "yellow",
  success: "green",
  danger: "red",
  neutral: "gray",
};

/** A sale's dispute (ADR 0061) says more than its order status: held, or reversed. */
export const DISPUTE_LABEL = { opened: "Em disputa", lost: "Estornada por contestação" } as const;

export function OrderStatusBadge({
  status,
  dispute = null,
}: {
  status: OrderStatus;
  dispute?: keyof typeof DISPUTE_LABEL | null;
}) {
  if (dispute) return <Badge tone={dispute === "opened" ? "yellow" : "red"}>{DISPUTE_LABEL[dispute]}</Badge>;
  const { label, tone } = ORDER_STATUS_LABEL[status];
  return <Badge tone={status === "refunded" ? "blue" : TONE[tone]}>{label}</Badge>;
}
