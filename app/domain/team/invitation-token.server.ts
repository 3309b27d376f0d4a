import { createHash, randomBytes } from "node:crypto";

/** A new invitation link token: 256 random bits, URL-safe. Only its hash is stored. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: invitationTokenHash(token) };
}

/** The stored form of a token. It is random and long, so a plain fast hash is enough (as for reset links). */
export function invitationTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
