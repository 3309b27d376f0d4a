import type { ThrottlePolicy } from "~/platform/throttle.server";

// Limits on what costs money or reveals something: charges at the provider and card attempts (card testing).
// Orders have theirs where they are written (ORDERS_PER_IP, orders/write-order.server.ts).
export const CHECKOUT_THROTTLES = {
  chargesPerCart: { name: "charge-cart", limit: 10, windowSeconds: 60 * 60 },
  chargesPerIp: { name: "charge-ip", limit: 60, windowSeconds: 15 * 60 },
  cardAttemptsPerCart: { name: "card-cart", limit: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, ThrottlePolicy>;
