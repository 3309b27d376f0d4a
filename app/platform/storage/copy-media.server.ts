import { createHash } from "node:crypto";
import type { MediaStorage } from "./media-storage";

export { createMediaStorage } from "./storage.server";

export type MediaCopyResult = { copied: number; skipped: number; verified: number };

/** Objects of a copy that the target does not hold as the source does. */
export class MediaMismatchError extends Error {
  override name = "MediaMismatchError";
  constructor(readonly keys: string[]) {
    super(`${keys.length} media object(s) differ in the target: ${keys.slice(0, 10).join(", ")}`);
  }
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * Copies every object of `from` into `to` (those already there with the same bytes are skipped), then reads
 * every one back from `to` and compares its sha256. Throws MediaMismatchError when any differs or is missing.
 */
export async function copyMedia(from: MediaStorage, to: MediaStorage): Promise<MediaCopyResult> {
  let copied = 0;
  let skipped = 0;
  const hashes = new Map<string, string>();
  for await (const key of from.keys()) {
    const source = await from.get(key);
    if (!source) continue; // deleted since it was listed
    const hash = sha256(source.bytes);
    hashes.set(key, hash);
    const existing = await to.get(key);
    if (existing && sha256(existing.bytes) === hash) {
      skipped++;
    } else {
      await to.put(key, source.bytes, source.contentType);
      copied++;
    }
  }
  const verified = await verifyHashes(hashes, to);
  return { copied, skipped, verified };
}

/** Checks that `to` holds every object of `from` with the same bytes; answers how many it checked. */
export async function verifyMedia(from: MediaStorage, to: MediaStorage): Promise<number> {
  const hashes = new Map<string, string>();
  for await (const key of from.keys()) {
    const source = await from.get(key);
    if (source) hashes.set(key, sha256(source.bytes));
  }
  return verifyHashes(hashes, to);
}

async function verifyHashes(hashes: Map<string, string>, to: MediaStorage): Promise<number> {
  const wrong: string[] = [];
  for (const [key, hash] of hashes) {
    const target = await to.get(key);
    if (!target || sha256(target.bytes) !== hash) wrong.push(key);
  }
  if (wrong.length > 0) throw new MediaMismatchError(wrong);
  return hashes.size;
}
