import { createHash } from "node:crypto";
import { eq, type GetColumnData, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, PgDialect } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./database-handle.server";
import { organization } from "./schema";

// The hot reads' one seam (ADR 0042, 0046, 0048): a read says what it reads; this module prepares it. Building
// a query with Drizzle walks its whole expression tree on every call, which on the hottest paths costs more
// than PostgreSQL answering it, so a query is built once per database handle and run with new values
// (`sql.placeholder`); on PostgreSQL a named statement is also parsed and planned once per connection.
//
// A statement's name must stand for one text. A read names what it reads and gives, as its `variant`, what
// its text depends on (a filter's form, a page size, a number of lines); the statement's name is made from
// both, so two texts never share one.

/** What a statement's text depends on beyond its name, in words: `{ size: 20, property: true }`. */
export type Variant = Readonly<Record<string, string | number | boolean | null>>;

/** A query Drizzle can prepare under a name. */
type Preparable<P> = { prepare(name: string): P };

/** The rows of a database or a transaction: what reads inside a larger read are built from. */
export type Queryable = Db | Tx;

/** The read and its variant as one text: the key its statement is known by in this process. */
function keyOf(read: string, variant: Variant | undefined): string {
  if (!variant) return read;
  return `${read}:${JSON.stringify(
    Object.keys(variant)
      .sort()
      .map((k) => [k, variant[k]]),
  )}`;
}

const names = new Map<string, string>();

/**
 * The statement's name: the read's, and for a variant a digest of it (PostgreSQL keeps 63 bytes of a name),
 * made once per key.
 */
function statementName(read: string, key: string): string {
  let name = names.get(key);
  if (name === undefined) {
    name = key === read ? read : `${read}_${createHash("sha256").update(key).digest("hex").slice(0, 12)}`;
    if (Buffer.byteLength(name) > 63) throw new Error(`statement name over 63 bytes: ${name}`);
    names.set(key, name);
  }
  return name;
}

const built = new WeakMap<object, Map<string, unknown>>();

/**
 * `build`'s query, built and prepared once for this database handle under `read` and `variant`: run it with
 * `.execute(values)`. Inside a transaction it is built on each call (the handle is new), and still planned
 * once per connection under its name.
 */
export function prepared<P>(db: object, read: string, build: () => Preparable<P>, variant?: Variant): P {
  const key = keyOf(read, variant);
  let byKey = built.get(db);
  if (!byKey) {
    byKey = new Map();
    built.set(db, byKey);
  }
  let query = byKey.get(key) as P | undefined;
  if (query === undefined) {
    query = build().prepare(statementName(read, key));
    byKey.set(key, query);
  }
  return query;
}

const dialect = new PgDialect();

/**
 * Runs a statement written in SQL, its values inline, as a named prepared statement: on PostgreSQL each
 * connection parses and plans it once. `variant` says what its text depends on (`{ lines: 3 }`).
 */
export async function runPrepared(
  db: Db | Tx,
  read: string,
  query: SQL,
  variant?: Variant,
): Promise<Record<string, unknown>[]> {
  const name = statementName(read, keyOf(read, variant));
  const statement = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await statement.execute()) as { rows: Record<string, unknown>[] };
  return result.rows;
}

/**
 * One part of a page's read in one statement (ADR 0048): the columns it adds to the organization's row (each
 * a value, or a JSON array of rows: `asJson`), the values of its placeholders, and its result from what they
 * read (`undefined` for an organization not found). Made by the part's own area, from the builder its read
 * alone runs, so its rules stay in one place.
 */
export type Part<Row extends Record<string, unknown>, Result> = {
  columns: (db: Queryable) => { [K in keyof Row]: SQL<Row[K]> };
  values?: Record<string, unknown>;
  result: (row: Row | undefined) => Result;
  /** What the columns' text depends on. */
  variant?: Variant;
};

// biome-ignore lint/suspicious/noExplicitAny: the parts' own rows and results are checked where each is made.
type AnyPart = Part<any, unknown>;
type ResultOf<P> = P extends Part<infer _Row, infer Result> ? Result : null;

/**
 * Reads the parts in one round trip: each part's columns in one row selected from the organization, one
 * prepared statement per read and parts' variants. A part given as null is not read (its result is null).
 */
export async function readParts<P extends Record<string, AnyPart | null>>(
  db: Queryable,
  read: string,
  organizationId: string,
  parts: P,
): Promise<{ [K in keyof P]: ResultOf<P[K]> }> {
  const present = Object.entries(parts).filter((entry): entry is [string, AnyPart] => entry[1] !== null);
  const variant: Record<string, string | number | boolean | null> = {};
  const values: Record<string, unknown> = { organizationId };
  for (const [key, part] of present) {
    variant[key] = JSON.stringify(part.variant ?? {});
    for (const [name, value] of Object.entries(part.values ?? {})) {
      if (name in values && !sameValue(values[name], value))
        throw new Error(`two values for :${name} in ${read}`);
      values[name] = value;
    }
  }
  const query = prepared(
    db,
    read,
    () =>
      db
        .select(Object.fromEntries(present.map(([key, part]) => [key, part.columns(db)])))
        .from(organization)
        .where(eq(organization.id, sql.placeholder("organizationId"))),
    variant,
  );
  const [row] = (await query.execute(values)) as Record<string, Record<string, unknown>>[];
  return Object.fromEntries(
    Object.entries(parts).map(([key, part]) => [key, part ? part.result(row?.[key]) : null]),
  ) as { [K in keyof P]: ResultOf<P[K]> };
}

const sameValue = (a: unknown, b: unknown) =>
  Object.is(a, b) || (a instanceof Date && b instanceof Date && a.getTime() === b.getTime());

/**
 * A prepared statement's LIMIT written into its text (the statement's variant must then carry it). With
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
