// Order statuses, their labels and the moves between them (part 2 §4). Pure, so the guest pages, the back
// office and every area that reads an order's status (orders, payments, ledger, sales) share one list.

export const ORDER_STATUSES = ["pending", "processing", "paid", "cancelled", "failed", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type StatusTone = "warning" | "success" | "danger" | "neutral";

export const ORDER_STATUS_LABEL: Record<OrderStatus, { label: string; tone: StatusTone }> = {
  pending: { label: "Pendente", tone: "warning" },
  processing: { label: "Pendente", tone: "warning" },
  paid: { label: "Pago", tone: "success" },
  cancelled: { label: "Cancelado", tone: "danger" },
  failed: { label: "Falhou", tone: "neutral" },
  // Not in the spec (it shows no refunds): a paid order given back to the guest.
  refunded: { label: "Reembolsado", tone: "neutral" },
};

/** Still waiting for its money (and holding stock). */
export const OPEN_STATUSES = ["pending", "processing"] as const satisfies readonly OrderStatus[];

export function isOpen(status: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** Where each status may go: forward only; cancelled, failed and refunded are final. */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["processing", "paid", "cancelled", "failed"],
  processing: ["paid", "cancelled", "failed"],
  paid: ["refunded"],
  cancelled: [],
  failed: [],
  refunded: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}
