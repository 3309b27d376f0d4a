import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieValue } from "~/lib/cookie-value";

export const KNOWN_DEVICE_COOKIE = "estadia_known_device";
const ONE_YEAR = 365 * 24 * 60 * 60;

type Keys = { secret: string };

/**
 * The Set-Cookie given to a browser in which `email` just signed in with the right password: a random
 * device id, signed for that account with the auth secret, so it cannot be made or moved to another
 * account. It opens nothing by itself; it only lets sign-ins from this browser be counted apart from
 * everyone else's (see sign-in.server.ts).
 */
export function knownDeviceCookie(keys: Keys & { secure: boolean }, email: string): string {
  const deviceId = randomBytes(16).toString("base64url");
  const value = `${deviceId}.${signature(keys, email, deviceId)}`;
  const secure = keys.secure ? "; Secure" : "";
  return `${KNOWN_DEVICE_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${secure}`;
}

/** The device id of a browser in which `email` signed in before (its cookie checks out), or null. */
export function knownDeviceOf(keys: Keys, email: string, headers: Headers): string | null {
  const [deviceId, given] = cookieValue(headers.get("cookie"), KNOWN_DEVICE_COOKIE)?.split(".") ?? [];
  if (!deviceId || !given) return null;
  const expected = Buffer.from(signature(keys, email, deviceId));
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received) ? deviceId : null;
}

function signature({ secret }: Keys, email: string, deviceId: string): string {
  return createHmac("sha256", secret).update(`known-device:${email}:${deviceId}`).digest("base64url");
}
