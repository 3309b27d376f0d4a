import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateDir } from "../private-files.server";
import {
  assertMediaKey,
  assertMediaType,
  isMediaKey,
  MEDIA_CONTENT_TYPE,
  type MediaStorage,
} from "./media-storage";

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, "media");
}

/**
 * Files in one folder, written to a temporary name and renamed, so a reader never sees half a file. The
 * folder and its files are this user's only (damage photos are evidence of a guest's stay).
 */
export function createLocalStorage(dir: string): MediaStorage {
  privateDir(dir);
  const file = (key: string) => path.join(dir, key);
  return {
    async put(key, bytes, contentType) {
      assertMediaKey(key);
      assertMediaType(contentType);
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const temp = file(`.${key}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        await writeFile(temp, bytes, { flag: "wx", mode: PRIVATE_FILE_MODE });
        await rename(temp, file(key));
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      try {
        return { bytes: await readFile(file(key)), contentType: MEDIA_CONTENT_TYPE };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      assertMediaKey(key);
      await rm(file(key), { force: true });
    },
    async *keys() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
        throw err;
      }
      // Temporary files of a put in flight start with a dot and are no key.
      yield* names.filter(isMediaKey).sort();
    },
  };
}
