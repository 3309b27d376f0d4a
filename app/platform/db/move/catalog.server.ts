import { publicName, type Query } from "./query.server";

/**
 * The tables of schema public, parents before children, read from the foreign keys in the catalog (a
 * self-reference orders nothing). Throws on a cycle: no insert order would satisfy it.
 */
export async function tablesInForeignKeyOrder(query: Query): Promise<string[]> {
  const tables = (
    await query(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
    )
  ).map((r) => String(r.name));
  const edges = await query(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) parents.get(String(e.child))?.add(String(e.parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0) {
      const left = tables.filter((t) => !placed.has(t));
      throw new Error(`the foreign keys of these tables form a cycle: ${left.join(", ")}`);
    }
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

export type RowCounts = Record<string, number>;

export async function rowCounts(query: Query, tables: readonly string[]): Promise<RowCounts> {
  const counts: RowCounts = {};
  for (const table of tables) {
    const [row] = await query(`select count(*)::bigint::text as n from ${publicName(table)}`);
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** The tables of schema public that hold at least one row. */
export async function tablesWithRows(query: Query): Promise<string[]> {
  const full: string[] = [];
  for (const table of await tablesInForeignKeyOrder(query)) {
    const [row] = await query(`select exists (select 1 from ${publicName(table)}) as any`);
    if (row?.any) full.push(table);
  }
  return full;
}

/** The hashes of the migrations applied (Drizzle's bookkeeping), oldest first; empty when none ran. */
export async function appliedMigrations(query: Query): Promise<string[]> {
  const [exists] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!exists?.ok) return [];
  const rows = await query(`select hash from drizzle.__drizzle_migrations order by created_at, id`);
  return rows.map((r) => String(r.hash));
}

/** The sequences of schema public and their positions; null = never used. */
export async function sequencePositions(query: Query): Promise<{ name: string; lastValue: string | null }[]> {
  const rows = await query(
    `select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
  );
  return rows.map((r) => ({ name: String(r.name), lastValue: r.last === null ? null : String(r.last) }));
}
