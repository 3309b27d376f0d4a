import { createReadStream } from "node:fs";
import { open, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import tar from "tar-stream";
import { acquireDataDirLock } from "../db/data-dir-lock.server";
import { appliedMigrations } from "../db/move/catalog.server";
import { pgliteQuery } from "../db/move/query.server";
import { type Check, verifyDatabase } from "../db/move/verify-database.server";
import { PRIVATE_FILE_MODE, privateDir } from "../private-files.server";
import { StartupError } from "../startup-error.server";
import { createMediaStorage } from "../storage/copy-media.server";
import { isMediaKey, MEDIA_CONTENT_TYPE } from "../storage/media-storage";
import {
  type BackupManifest,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  MEDIA_PREFIX,
  parseManifest,
  SECRET_FILES,
  SECRETS_PREFIX,
} from "./manifest";

export type RestoreReport = { manifest: BackupManifest; checks: Check[]; ok: boolean };

/**
 * Restores an archive of `createBackup` into an empty data folder (refusing one with anything in it), under
 * the folder's lock, then runs the move's checks against the manifest.
 */
export async function restoreBackup(options: { dataDir: string; file: string }): Promise<RestoreReport> {
  const existing = await readdir(options.dataDir).catch(() => []);
  if (existing.length > 0) {
    throw new StartupError(
      `The data folder ${options.dataDir} is not empty: restore only fills an empty one. Nothing was changed.`,
    );
  }
  const lock = acquireDataDirLock(options.dataDir);
  try {
    const { manifest, database, media } = await readArchive(options.file, options.dataDir);
    const dir = path.join(options.dataDir, "db");
    privateDir(dir);
    const client = await PGlite.create({
      dataDir: dir,
      loadDataDir: new Blob([new Uint8Array(database)]),
    });
    try {
      const query = pgliteQuery(client);
      const checks = await verifyDatabase(query, manifest.tables);
      const migrations = (await appliedMigrations(query)).length;
      checks.push({
        name: "migrations",
        ok: migrations === manifest.migrations,
        detail: `${migrations} applied, ${manifest.migrations} in the manifest`,
      });
      checks.push({
        name: "media",
        ok: media === manifest.media,
        detail: `${media} objects restored, ${manifest.media} in the manifest`,
      });
      return { manifest, checks, ok: checks.every((c) => c.ok) };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** Reads the archive: media and secrets go to the data folder as they come, the database into memory. */
async function readArchive(
  file: string,
  dataDir: string,
): Promise<{ manifest: BackupManifest; database: Buffer; media: number }> {
  const storage = createMediaStorage("local", { dataDir });
  const extract = tar.extract();
  let manifest: BackupManifest | undefined;
  let database: Buffer | undefined;
  let media = 0;
  const reading = (async () => {
    for await (const item of extract) {
      const name = item.header.name;
      const bytes = await collect(item as AsyncIterable<Buffer>);
      if (name === MANIFEST_ENTRY) manifest = parseManifest(bytes.toString("utf8"));
      else if (name === DATABASE_ENTRY) database = bytes;
      else if (name.startsWith(MEDIA_PREFIX) && isMediaKey(name.slice(MEDIA_PREFIX.length))) {
        await storage.put(name.slice(MEDIA_PREFIX.length), bytes, MEDIA_CONTENT_TYPE);
        media++;
      } else if ((SECRET_FILES as readonly string[]).includes(name.slice(SECRETS_PREFIX.length))) {
        await writeFile(path.join(dataDir, name.slice(SECRETS_PREFIX.length)), bytes, {
          mode: PRIVATE_FILE_MODE,
          flag: "wx",
        });
      }
    }
  })();
  const gzipped = await startsWithGzipMagic(file);
  await Promise.all([
    gzipped
      ? pipeline(createReadStream(file), createGunzip(), extract)
      : pipeline(createReadStream(file), extract),
    reading,
  ]);
  if (!manifest || !database)
    throw new StartupError(`${file} is not an Estadia backup (no manifest or database).`);
  return { manifest, database, media };
}

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function startsWithGzipMagic(file: string): Promise<boolean> {
  const handle = await open(file, "r").catch(() => {
    throw new StartupError(`Cannot read the backup ${file}.`);
  });
  try {
    const head = Buffer.alloc(2);
    await handle.read(head, 0, 2, 0);
    return head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}
