import { type GetColumnData, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, PgDialect } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./database-handle.server";

// Building a query with Drizzle walks its whole expression tree on every call: on the hottest paths that
// costs more than PostgreSQL answering it. A prepared query is built once per database handle and run
// with new values (`sql.placeholder`); on PostgreSQL it is also parsed and planned once per connection.
const built = new WeakMap<object, Map<string, unknown>>();

/**
 * The query `build` makes, built once for this database handle and remembered under `name`; `build` gets
 * the name, which is also the prepared statement's.
 */
export function preparedOnce<T>(db: object, name: string, build: (name: string) => T): T {
  let byName = built.get(db);
  if (!byName) {
    byName = new Map();
    built.set(db, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (query === undefined) {
    query = build(name);
    byName.set(name, query);
  }
  return query;
}

const dialect = new PgDialect();

/**
 * Runs a statement written in SQL as a named prepared statement: on PostgreSQL each connection parses and
 * plans it once. `name` must name one text: a statement whose text varies (a list of lines) puts what varies
 * in its name.
 */
export async function executePrepared(
  db: Db | Tx,
  name: string,
  query: SQL,
): Promise<Record<string, unknown>[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as { rows: Record<string, unknown>[] };
  return result.rows;
}

/**
 * A prepared statement's LIMIT written into its text (the statement's name must then carry it). With
 * `limit $n` PostgreSQL's generic plan assumes a tenth of the rows will be read, so it keeps planning the
 * statement again on every run: for a page of /sales that was as long as running it. Drizzle's `limit`
 * embeds an SQL chunk as it is.
 */
export function literalLimit(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`not a row count: ${rows}`);
  return sql.raw(String(rows)) as unknown as number;
}

/** The rows of a query as one JSON array (keys: the query's aliases), so several reads share a round trip. */
export function asJson<T>(query: SQL | { getSQL(): SQL }) {
  return sql<T[]>`(select coalesce(json_agg(r), '[]'::json) from (${query}) r)`;
}

/**
 * A column under `alias`: so that the JSON of its rows (`asJson`) has that key, while read alone it is still
 * decoded as its column is.
 */
export function columnAs<C extends AnyPgColumn>(column: C, alias: string) {
  // mapWith types the value as the decoder's, which leaves out the column's null.
  return sql`${column}`.mapWith(column).as(alias) as SQL.Aliased<GetColumnData<C>>;
}
