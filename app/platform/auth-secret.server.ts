import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "./env.server";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./private-files.server";

let cached: string | undefined;

/**
 * AUTH_SECRET when set (required in production). Otherwise one is generated on first use and kept in
 * DATA_DIR, so sessions survive restarts on a developer's machine.
 */
export function authSecret(): string {
  cached ??= env().authSecret ?? localSecret(env().dataDir);
  return cached;
}

function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    try {
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: PRIVATE_FILE_MODE, flag: "wx" });
    } catch {
      // Another process wrote it first: use theirs.
    }
    return readFileSync(file, "utf8").trim();
  }
}
