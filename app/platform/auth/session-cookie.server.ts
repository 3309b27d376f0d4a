import { createHmac, timingSafeEqual } from "node:crypto";

/** One cookie's value from a Cookie header, or null. */
export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The token of a signed session cookie (`token.base64(HMAC-SHA256(secret, token))`, as better-auth signs it), or
 * null when the signature does not match. Synchronous: node's HMAC instead of an awaited WebCrypto call on
 * every signed-in request.
 */
export function verifiedToken(signed: string | null, secret: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
