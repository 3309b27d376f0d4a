import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import type { DatabaseHandle } from "./database-handle.server";

export const MIGRATIONS_FOLDER = path.resolve("drizzle");

// Several app instances may start at once against one PostgreSQL: they queue on this advisory lock.
const MIGRATION_LOCK_KEY = 7_245_001;

/**
 * Applies the files in drizzle/ that this database has not seen yet; the same files serve both kinds. Tests
 * of a migration's backfill give a folder holding the migrations before it.
 */
export async function migrateDatabase(handle: DatabaseHandle, folder = MIGRATIONS_FOLDER): Promise<void> {
  const config = { migrationsFolder: folder };
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
    return;
  }
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzlePg({ client }), config);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
