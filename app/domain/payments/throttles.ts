import type { ThrottlePolicy } from "~/platform/throttle.server";

// Limits on what costs money or reveals something: charges at the provider, card attempts (card testing),
// and orders (each holds stock for half an hour).
export const CHECKOUT_THROTTLES = {
  ordersPerIp: { name: "order-ip", limit: 30, windowSeconds: 15 * 60 },
  chargesPerCart: { name: "charge-cart", limit: 10, windowSeconds: 60 * 60 },
  chargesPerIp: { name: "charge-ip", limit: 60, windowSeconds: 15 * 60 },
  cardAttemptsPerCart: { name: "card-cart", limit: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, ThrottlePolicy>;
