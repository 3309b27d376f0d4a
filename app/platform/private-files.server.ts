import { chmodSync, mkdirSync, statSync } from "node:fs";

// What Estadia writes to disk about hosts and guests (the embedded database, photos, outbox mail, the
// generated secrets, backups) is for its own user only, whatever the umask: each file is opened with
// PRIVATE_FILE_MODE (not narrowed after writing), so it is never readable by others, even for a moment.
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Makes a folder of Estadia's own (and its missing parents) with PRIVATE_DIR_MODE. One an earlier version
 * left open to other users is narrowed, when this user owns it: PGlite writes its files 0666, so the
 * folder is what keeps them private.
 */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const { mode, uid } = statSync(dir);
  if ((mode & 0o077) !== 0 && uid === process.getuid?.()) chmodSync(dir, mode & 0o700);
}
