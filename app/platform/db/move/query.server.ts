import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";

/** One SQL statement and its rows: the little the move and the backup need from either driver. */
export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export function pgliteQuery(client: PGlite | Transaction): Query {
  return async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
}

export function pgQuery(client: pg.Pool | pg.ClientBase): Query {
  return async (text, params) => (await client.query(text, params)).rows;
}

/** A quoted name in schema public. */
export function publicName(table: string): string {
  return `public."${table.replaceAll('"', '""')}"`;
}
