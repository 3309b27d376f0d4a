import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "~/platform/env.server";

/**
 * Where uploaded media lives. Keys are made by the server (never from a user's file name); the local
 * folder is the default and the interface leaves room for object storage (S3) later.
 */
export interface MediaStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

// One flat namespace of lowercase names: nothing in a key can climb out of the folder or hide a file.
const KEY = /^[a-z0-9-]{1,100}\.webp$/;
const CONTENT_TYPE = "image/webp";

export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

function assertKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`invalid media key: ${JSON.stringify(key)}`);
}

/** Files in one folder, written to a temporary name and renamed, so a reader never sees half a file. */
export function createLocalStorage(dir: string): MediaStorage {
  const file = (key: string) => path.join(dir, key);
  return {
    async put(key, bytes, contentType) {
      assertKey(key);
      // Keys end in .webp and get() answers image/webp: refuse anything that would be served mislabelled.
      if (contentType !== CONTENT_TYPE) throw new Error(`unsupported media type: ${contentType}`);
      await mkdir(dir, { recursive: true });
      const temp = file(`.${key}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        await writeFile(temp, bytes, { flag: "wx" });
        await rename(temp, file(key));
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      try {
        return { bytes: await readFile(file(key)), contentType: CONTENT_TYPE };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      await rm(file(key), { force: true });
    },
  };
}

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, "media");
}

let cached: MediaStorage | undefined;

/** The process's media storage: `$DATA_DIR/media/`. */
export function mediaStorage(): MediaStorage {
  cached ??= createLocalStorage(mediaDir(env().dataDir));
  return cached;
}
