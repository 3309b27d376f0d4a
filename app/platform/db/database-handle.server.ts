import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/** What raw `db.execute` gives on both drivers: node-postgres and PGlite results both carry `rows`. */
interface RowsResultHKT extends PgQueryResultHKT {
  type: { rows: Record<string, unknown>[] };
}

/** The Drizzle database, the same type whether PGlite or PostgreSQL is behind it. */
export type Db = PgDatabase<RowsResultHKT, typeof schema>;

/** An open transaction of `db.transaction(tx => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DatabaseKind = "pglite" | "postgres";

export type DatabaseHandle = {
  db: Db;
  kind: DatabaseKind;
  /** What the job queue connects with: the same PGlite instance, or the server's URL. */
  jobsConnection: { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };
  /** Runs a real query; false when the database does not answer within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};
