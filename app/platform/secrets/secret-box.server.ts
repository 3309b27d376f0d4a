import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "../env.server";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../private-files.server";

// Providers' credentials (access and refresh tokens, API keys) are sealed with AES-256-GCM before they reach
// the database, and opened only inside the provider adapters. A sealed value reads `v1.<iv>.<tag>.<data>`
// (base64url): a random 96-bit IV per value, and the tag makes any change to the stored text fail to open.

const VERSION = "v1";

export class SealError extends Error {
  override name = "SealError";
}

let cachedKey: Buffer | undefined;

/** ENCRYPTION_KEY when set (required in production); otherwise one generated once into DATA_DIR. */
export function encryptionKey(): Buffer {
  cachedKey ??= env().encryptionKey ?? localKey(env().dataDir);
  return cachedKey;
}

function localKey(dataDir: string): Buffer {
  const file = path.join(dataDir, "encryption-key");
  try {
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    try {
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: PRIVATE_FILE_MODE, flag: "wx" });
    } catch {
      // Another process wrote it first: use theirs.
    }
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  }
}

/** Seals a JSON value with the key. */
export function seal(value: unknown, key: Buffer = encryptionKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url"));
  return [VERSION, ...parts].join(".");
}

/** Opens a sealed value; throws SealError (saying nothing of the content) when it was changed or the key differs. */
export function unseal<T>(sealed: string, key: Buffer = encryptionKey()): T {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new SealError("not a sealed value");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const text = Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]);
    return JSON.parse(text.toString("utf8")) as T;
  } catch {
    throw new SealError("sealed value does not open with this key");
  }
}
