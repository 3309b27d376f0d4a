import { createHmac, timingSafeEqual } from "node:crypto";

// Meta signs every webhook it sends: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>` with
// the app secret. The raw bytes, exactly as sent: Meta escapes non-ASCII as \uXXXX, so a body parsed and
// written again would not match.

/** The X-Hub-Signature-256 header Meta sends with this body. */
export function hubSignature(appSecret: string, rawBody: Uint8Array | string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

/** Whether the header signs this raw body with the app secret, compared in constant time. */
export function hubSignatureHolds(appSecret: string, header: string | null, rawBody: Uint8Array): boolean {
  if (!appSecret || !header) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], "hex"));
}

/** Whether two secrets are equal, in constant time (the verification's hub.verify_token). */
export function sameSecret(expected: string, given: string | null): boolean {
  if (!expected || given === null) return false;
  const a = createHmac("sha256", "compare").update(expected).digest();
  const b = createHmac("sha256", "compare").update(given).digest();
  return timingSafeEqual(a, b);
}
