import { ORDER_STATUS_LABEL, type OrderStatus, type StatusTone } from "~/lib/order-status";
import { Badge, type BadgeTone } from "~/ui/badge";

// Part 2 §4: pending and processing yellow, paid green, cancelled red, failed gray.
const TONE: Record<StatusTone, BadgeTone> = {
  warning: "yellow",
  success: "green",
  danger: "red",
  neutral: "gray",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { label, tone } = ORDER_STATUS_LABEL[status];
  return <Badge tone={status === "refunded" ? "blue" : TONE[tone]}>{label}</Badge>;
}
