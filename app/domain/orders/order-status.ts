// Order statuses and their labels (part 2 §4). Shared by the guest pages and the back office.

export const ORDER_STATUSES = ["pending", "processing", "paid", "cancelled", "failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type StatusTone = "warning" | "success" | "danger" | "neutral";

export const ORDER_STATUS_LABEL: Record<OrderStatus, { label: string; tone: StatusTone }> = {
  pending: { label: "Pendente", tone: "warning" },
  processing: { label: "Pendente", tone: "warning" },
  paid: { label: "Pago", tone: "success" },
  cancelled: { label: "Cancelado", tone: "danger" },
  failed: { label: "Falhou", tone: "neutral" },
};

/** Still waiting for its money (and holding stock). */
export const OPEN_STATUSES = ["pending", "processing"] as const satisfies readonly OrderStatus[];

export function isOpen(status: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** Where each status may go: forward only; paid, cancelled and failed are final. */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["processing", "paid", "cancelled", "failed"],
  processing: ["paid", "cancelled", "failed"],
  paid: [],
  cancelled: [],
  failed: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}
