import type { OrderStatus } from "~/lib/order-status";

// Shared by the route, which reads the filter from the URL, and the screen's select.

/** The statuses /sales filters by: 'paid' is the spec's one filter; 'pending' covers processing too. */
export const SALES_STATUS_FILTERS = [
  "paid",
  "pending",
  "cancelled",
  "failed",
  "refunded",
] as const satisfies readonly OrderStatus[];

export type SalesStatusFilter = (typeof SALES_STATUS_FILTERS)[number];
