import { createWriteStream, existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import tar from "tar-stream";
import { appliedMigrations, rowCounts, tablesInForeignKeyOrder } from "../db/move/catalog.server";
import { openEmbedded } from "../db/move/open-embedded.server";
import { pgliteQuery } from "../db/move/query.server";
import { PRIVATE_FILE_MODE } from "../private-files.server";
import { StartupError } from "../startup-error.server";
import { createMediaStorage } from "../storage/copy-media.server";
import {
  type BackupManifest,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  MEDIA_PREFIX,
  SECRET_FILES,
  SECRETS_PREFIX,
} from "./manifest";

/**
 * Writes one archive (`.tar`, gzipped when the name ends in `.gz`) of the embedded database, the local media
 * folder and the generated secrets, under the data folder's lock: with the server stopped, so consistent.
 */
export async function createBackup(options: {
  dataDir: string;
  out: string;
  appVersion: string;
}): Promise<BackupManifest> {
  if (existsSync(options.out)) throw new StartupError(`${options.out} already exists. Nothing was written.`);
  const source = await openEmbedded(options.dataDir);
  const pack = tar.pack();
  // The database and the encryption key: the owner's alone from the first byte, whatever the umask.
  const file = createWriteStream(options.out, { flags: "wx", mode: PRIVATE_FILE_MODE });
  const written = options.out.endsWith(".gz") ? pipeline(pack, createGzip(), file) : pipeline(pack, file);
  // A failed write must not leave an unhandled rejection while the entries are still being added.
  written.catch(() => {});
  try {
    const query = pgliteQuery(source.client);
    const tables = await rowCounts(query, await tablesInForeignKeyOrder(query));
    const migrations = (await appliedMigrations(query)).length;
    // The files on disk then hold every committed change.
    await query("checkpoint");
    const database = Buffer.from(await (await source.client.dumpDataDir("none")).arrayBuffer());
    const media = createMediaStorage("local", { dataDir: options.dataDir });
    const keys: string[] = [];
    for await (const key of media.keys()) keys.push(key);
    const manifest: BackupManifest = {
      format: 1,
      appVersion: options.appVersion,
      createdAt: new Date().toISOString(),
      migrations,
      tables,
      media: keys.length,
    };
    await entry(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    await entry(pack, DATABASE_ENTRY, database);
    for (const key of keys) {
      const object = await media.get(key);
      if (!object) throw new Error(`media ${key} vanished during the backup`);
      await entry(pack, `${MEDIA_PREFIX}${key}`, object.bytes);
    }
    for (const name of SECRET_FILES) {
      const file = path.join(options.dataDir, name);
      if (existsSync(file)) await entry(pack, `${SECRETS_PREFIX}${name}`, await readFile(file));
    }
    pack.finalize();
    await written;
    return manifest;
  } catch (err) {
    pack.destroy(err as Error);
    await rm(options.out, { force: true });
    throw err;
  } finally {
    await source.handle.close();
  }
}

function entry(pack: tar.Pack, name: string, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, size: bytes.length, mode: PRIVATE_FILE_MODE }, bytes, (err) =>
      err ? reject(err) : resolve(),
    );
  });
}
