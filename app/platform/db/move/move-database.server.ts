import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { MediaStoreKind, S3Config } from "../../env.server";
import { StartupError } from "../../startup-error.server";
import {
  copyMedia,
  createMediaStorage,
  type MediaCopyResult,
  MediaMismatchError,
} from "../../storage/copy-media.server";
import { connectDatabase } from "../connect.server";
import type { DatabaseHandle } from "../database-handle.server";
import { migrateDatabase } from "../migrate.server";
import {
  appliedMigrations,
  type RowCounts,
  rowCounts,
  sequencePositions,
  tablesInForeignKeyOrder,
  tablesWithRows,
} from "./catalog.server";
import { copyTable } from "./copy-table.server";
import { openEmbedded } from "./open-embedded.server";
import { pgliteQuery, pgQuery, publicName, type Query } from "./query.server";
import { type Check, verifyDatabase } from "./verify-database.server";

export type MoveOptions = {
  dataDir: string;
  targetUrl: string;
  /** Where the target keeps media; `local` leaves the files in the data folder. */
  mediaKind: MediaStoreKind;
  s3?: S3Config | null;
};

export type MoveReport = {
  tables: RowCounts;
  sequences: number;
  migrations: number;
  /** null: the target keeps media in the local folder, nothing was copied. */
  media: (MediaCopyResult & { check: Check }) | null;
  checks: Check[];
  ok: boolean;
};

/**
 * Copies the embedded database of `dataDir` into an empty PostgreSQL database: the same migrations, then
 * every row of schema public in one target transaction, the sequences, the media, and the checks. The
 * source is only read. pg-boss's schema is not copied (it holds only the next runs of recurring jobs, made
 * again at start), and Drizzle's bookkeeping is the target's own, written by the migrations it ran.
 */
export async function moveDatabase(options: MoveOptions): Promise<MoveReport> {
  const source = await openEmbedded(options.dataDir);
  let target: DatabaseHandle | undefined;
  try {
    target = await connectDatabase({ databaseUrl: options.targetUrl, poolSize: 2 });
    const targetDb = target;
    const full = await tablesWithRows(pgQuery(poolOf(targetDb)));
    if (full.length > 0) {
      throw new StartupError(
        `The target database already holds data (in ${full.slice(0, 5).join(", ")}${full.length > 5 ? ", …" : ""}). ` +
          "db:move only fills an empty database: create a new one (createdb) and try again. Nothing was changed.",
      );
    }
    const sourceQuery = pgliteQuery(source.client);
    const migrations = await appliedMigrations(sourceQuery);
    if (migrations.length === 0) {
      throw new StartupError(
        "The embedded database has no migrations applied: start the app on it once first.",
      );
    }
    await migrateDatabase(targetDb);
    const targetMigrations = await appliedMigrations(pgQuery(poolOf(targetDb)));
    if (targetMigrations.join() !== migrations.join()) {
      throw new StartupError(
        `The embedded database has ${migrations.length} migrations applied and this version of Estadia has ` +
          `${targetMigrations.length}: bring them to the same version (\`npm run db:migrate\` on the embedded ` +
          "database, with the server stopped, when it is behind) and try again. " +
          "The target has the schema but no rows; db:move accepts it as it is.",
      );
    }
    const { tables, sequences } = await copyAll(source.client, targetDb);
    // Counted before the media: the `postgres` store's objects land in a table of their own.
    const checks = await verifyDatabase(pgQuery(poolOf(targetDb)), tables);
    const media = options.mediaKind === "local" ? null : await moveMedia(options, targetDb);
    if (media) checks.push(media.check);
    return { tables, sequences, migrations: migrations.length, media, checks, ok: checks.every((c) => c.ok) };
  } finally {
    await target?.close();
    await source.handle.close();
  }
}

/** The local folder's media into the target's store, each object read back and compared. */
async function moveMedia(
  options: MoveOptions,
  target: DatabaseHandle,
): Promise<MediaCopyResult & { check: Check }> {
  const from = createMediaStorage("local", { dataDir: options.dataDir });
  const to = createMediaStorage(options.mediaKind, { db: async () => target.db, s3: options.s3 ?? null });
  try {
    const result = await copyMedia(from, to);
    const detail = `${result.verified} objects in the ${options.mediaKind} store equal the local files`;
    return { ...result, check: { name: "media", ok: true, detail } };
  } catch (err) {
    if (!(err instanceof MediaMismatchError)) throw err;
    return { copied: 0, skipped: 0, verified: 0, check: { name: "media", ok: false, detail: err.message } };
  }
}

/** Every table, then every sequence, in one target transaction; the source read in one snapshot. */
async function copyAll(
  source: PGlite,
  target: DatabaseHandle,
): Promise<{ tables: RowCounts; sequences: number }> {
  const client = await poolOf(target).connect();
  try {
    await client.query("begin");
    const result = await source.transaction(async (tx) => {
      const read = pgliteQuery(tx);
      await read("set transaction isolation level repeatable read, read only");
      const write = pgQuery(client);
      const order = await tablesInForeignKeyOrder(read);
      const tables = await rowCounts(read, order);
      for (const table of order) await copyTable(read, write, table);
      const sequences = await setSequences(read, write);
      return { tables, sequences };
    });
    await client.query("commit");
    return result;
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Puts each sequence of the target where the source's is; one never used stays at its start. */
async function setSequences(source: Query, target: Query): Promise<number> {
  const positions = await sequencePositions(source);
  for (const { name, lastValue } of positions) {
    if (lastValue !== null)
      await target("select setval($1::regclass, $2::bigint, true)", [publicName(name), lastValue]);
  }
  return positions.length;
}

function poolOf(handle: DatabaseHandle): pg.Pool {
  return (handle.db as unknown as { $client: pg.Pool }).$client;
}
