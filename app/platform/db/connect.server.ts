import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { privateDir } from "../private-files.server";
import { StartupError } from "../startup-error.server";
import { acquireDataDirLock } from "./data-dir-lock.server";
import type { DatabaseHandle, Db } from "./database-handle.server";
import * as schema from "./schema";

export type ConnectOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite (its files go to `<dataDir>/db`); absent = in memory, for tests. */
  dataDir?: string;
  poolSize?: number;
  onPoolError?: (err: Error) => void;
};

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? connectPostgres(options) : openPglite(options.dataDir);
}

async function connectPostgres(options: ConnectOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client whose backend goes away emits here; unhandled, it would crash the process.
  pool.on("error", (err) => options.onPoolError?.(err));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const handle: DatabaseHandle = {
    db,
    kind: "postgres",
    jobsConnection: { kind: "postgres", url: options.databaseUrl ?? "" },
    ping: (timeoutMs) => ping(db, timeoutMs),
    close: () => pool.end(),
  };
  // Fail at start, not at the first request, when the server cannot be reached.
  try {
    await db.execute(sql`select 1`);
  } catch (err) {
    await pool.end().catch(() => {});
    throw new StartupError(
      `Could not connect to the database in DATABASE_URL (${serverOf(options.databaseUrl)}): ${reasonOf(err)}. ` +
        "Check that PostgreSQL is running there and that the address, user and password are right.",
    );
  }
  return handle;
}

/** Host, port and database of a connection string, without the user and password. */
function serverOf(databaseUrl = ""): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || "5432"}${url.pathname}`;
  } catch {
    return "an address that cannot be read";
  }
}

/** What the driver said, under Drizzle's "Failed query" wrapper. */
function reasonOf(err: unknown): string {
  let cause = err;
  while (cause instanceof Error && cause.cause) cause = cause.cause;
  // Refused on every address a name resolves to: node gives an AggregateError with an empty message.
  if (cause instanceof AggregateError) cause = cause.errors[0];
  if (!(cause instanceof Error)) return String(cause);
  return cause.message || String((cause as { code?: unknown }).code ?? cause.name);
}

/**
 * The embedded database's page cache (PostgreSQL's shared buffers). They live in PGlite's WebAssembly memory
 * and are touched as it starts: initdb's 128 MB were most of an idle instance's memory. One small host's
 * data fits, and its files are read through the operating system's page cache anyway.
 */
export const EMBEDDED_SHARED_BUFFERS = "32MB";

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const lock = dataDir ? acquireDataDirLock(dataDir) : undefined;
  try {
    // Loaded only here: a server on PostgreSQL never holds the embedded database's code.
    const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("drizzle-orm/pglite"),
    ]);
    const dir = dataDir ? path.join(dataDir, "db") : undefined;
    if (dir) privateDir(dir);
    const client = await PGlite.create(dir, {
      // Given on the command line, not written into the folder's postgresql.conf (which PGlite replaces whole).
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    });
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    let closed = false;
    return {
      db,
      kind: "pglite",
      jobsConnection: { kind: "pglite", client },
      ping: (timeoutMs) => (closed ? Promise.resolve(false) : ping(db, timeoutMs)),
      async close() {
        if (closed) return;
        closed = true;
        await client.close();
        lock?.release();
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

async function ping(db: Db, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
