import type { ThrottlePolicy } from "~/platform/throttle.server";

/** A pending cart of the same device and property is reused for this long. */
export const CART_REUSE_DAYS = 7;

/** A cart line never holds more than this many units of one product. */
export const CART_LINE_MAX = 99;

/** New carts per client IP: generous for a building full of guests, tight for a script. */
export const CART_CREATION_PER_IP: ThrottlePolicy = {
  name: "cart-create-ip",
  limit: 30,
  windowSeconds: 15 * 60,
};

/** The device cookie's value: 128 random bits, base64url. Anything else is ignored and replaced. */
export function isDeviceId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{22}$/.test(value);
}
