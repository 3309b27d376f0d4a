import { isDeviceId } from "~/domain/carts/cart-policy";
import { cookieValue } from "~/lib/cookie-value";
import { env } from "~/platform/env.server";
import { randomText } from "~/platform/random-text.server";

const NAME = "estadia_device";
const ONE_YEAR = 365 * 24 * 60 * 60;

/** The guest's device id from its first-party cookie (random; not fingerprinting), if valid. */
export function readDeviceId(request: Request): string | undefined {
  return deviceIdIn(request.headers.get("cookie"));
}

/** The device id in a Cookie header, if valid. */
export function deviceIdIn(cookieHeader: string | null | undefined): string | undefined {
  const value = cookieValue(cookieHeader, NAME);
  return isDeviceId(value) ? value : undefined;
}

/** The device id to use for a change, and the Set-Cookie that creates it when the guest had none. */
export function ensureDeviceId(request: Request): { deviceId: string; setCookie?: string } {
  const existing = readDeviceId(request);
  if (existing) return { deviceId: existing };
  const deviceId = randomText(16, "base64url");
  const secure = env().secureCookies ? "; Secure" : "";
  return {
    deviceId,
    setCookie: `${NAME}=${deviceId}; Path=/; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${secure}`,
  };
}
