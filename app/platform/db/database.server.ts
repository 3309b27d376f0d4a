import { env } from "../env.server";
import { logger } from "../log.server";
import { connectDatabase } from "./connect.server";
import type { DatabaseHandle } from "./database-handle.server";
import { migrateDatabase } from "./migrate.server";

// Kept on globalThis so the dev server's module reloads reuse one connection (and one PGlite lock).
const state = globalThis as typeof globalThis & { __estadiaDb?: Promise<DatabaseHandle> };

/**
 * The process's database, opened on first use (never when a module loads: prerender imports the
 * server build) and migrated before anyone gets it.
 */
export function database(): Promise<DatabaseHandle> {
  state.__estadiaDb ??= open().catch((err) => {
    state.__estadiaDb = undefined;
    throw err;
  });
  return state.__estadiaDb;
}

async function open(): Promise<DatabaseHandle> {
  const { databaseUrl, dataDir } = env();
  const handle = await connectDatabase({
    databaseUrl,
    dataDir,
    onPoolError: (err) => logger().warn({ err }, "idle database connection lost"),
  });
  try {
    await migrateDatabase(handle);
  } catch (err) {
    await handle.close();
    throw err;
  }
  logger().info({ db: handle.kind }, "database ready");
  return handle;
}

export async function closeDatabase(): Promise<void> {
  const opening = state.__estadiaDb;
  state.__estadiaDb = undefined;
  if (opening) await (await opening.catch(() => undefined))?.close();
}
