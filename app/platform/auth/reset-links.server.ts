import { createHash } from "node:crypto";
import { and, eq, like, ne } from "drizzle-orm";
import type { Db } from "../db/database-handle.server";
import { verification } from "../db/schema";
import type { Auth } from "./auth.server";

// better-auth names a reset link's row `reset-password:<token>`, its value the user's id.
export const RESET_LINK_IDENTIFIER = "reset-password:";
// What is stored instead: a hash, under a prefix of its own so the links of a user can be found and ended.
// It must not start with RESET_LINK_IDENTIFIER: better-auth also looks a token up unhashed (for rows stored
// before hashing), and a stored hash must never work as a token.
const STORED_PREFIX = "reset-password-sha256:";

/**
 * The key a reset link is stored under: a SHA-256 of better-auth's identifier. The token is 24 random
 * characters (~143 bits), so a plain fast hash is enough: nobody can guess their way back from it, and a
 * copy of the table gives nobody a working link.
 */
export async function resetLinkKey(identifier: string): Promise<string> {
  return STORED_PREFIX + createHash("sha256").update(identifier).digest("base64url");
}

/** Ends every reset link of a user, but `keep` (the one just made). */
export async function endResetLinks(db: Db, userId: string, keep?: string): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(
        eq(verification.value, userId),
        like(verification.identifier, `${STORED_PREFIX}%`),
        keep ? ne(verification.id, keep) : undefined,
      ),
    );
}

/** Whether a stored verification row is a reset link. */
export function isResetLink(row: { identifier: string }): boolean {
  return row.identifier.startsWith(STORED_PREFIX);
}

/** Whether a recovery token still opens the reset form (exists, unused, not expired). Does not consume it. */
export async function resetTokenUsable(instance: Auth, token: string): Promise<boolean> {
  const { internalAdapter } = await instance.$context;
  const found = await internalAdapter.findVerificationValue(`${RESET_LINK_IDENTIFIER}${token}`);
  return Boolean(found && found.expiresAt > new Date());
}
