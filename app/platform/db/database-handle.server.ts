import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/** What raw `db.execute` gives on both drivers: node-postgres and PGlite results both carry `rows`. */
interface RowsResultHKT extends PgQueryResultHKT {
  type: { rows: Record<string, unknown>[] };
}

/** The Drizzle database, the same type whether PGlite or PostgreSQL is behind it. */
export type Db = PgDatabase<RowsResultHKT, typeof schema>;

export type DatabaseKind = "pglite" | "postgres";

export type DatabaseHandle = {
  db: Db;
  kind: DatabaseKind;
  /** Runs a real query; false when the database does not answer within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};
