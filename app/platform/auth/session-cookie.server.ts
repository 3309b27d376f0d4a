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

// A session sends the same cookie on every request: the values found genuine are kept (per secret, at most
// MAX_KEPT), so the HMAC runs once per session and process instead of on every request. Only what this
// server signed can be kept; anything else is checked, refused and forgotten.
const MAX_KEPT = 10_000;
const genuine = new Map<string, Map<string, string>>();

/**
 * The token of a signed session cookie (`token.base64(HMAC-SHA256(secret, token))`, as better-auth signs it), or
 * null when the signature does not match. Synchronous: node's HMAC instead of an awaited WebCrypto call on
 * every signed-in request.
 */
export function verifiedToken(signed: string | null, secret: string): string | null {
  if (!signed) return null;
  const known = genuine.get(secret)?.get(signed);
  if (known !== undefined) return known;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const kept = genuine.get(secret) ?? new Map<string, string>();
  genuine.set(secret, kept);
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(signed, token);
  return token;
}
