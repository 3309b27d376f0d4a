import { randomBytes } from "node:crypto";

/**
 * The public key of a property's guest shop (/i/{hash}): 128 random bits, base64url (22 characters,
 * URL-safe, no padding), so shop addresses cannot be guessed or enumerated.
 */
export function newPropertyHash(): string {
  return randomBytes(16).toString("base64url");
}

/** Whether a string could be a hash we issued; anything else is not looked up at all. */
export function looksLikePropertyHash(value: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(value);
}
