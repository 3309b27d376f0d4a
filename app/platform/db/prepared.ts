// Building a query with Drizzle walks its whole expression tree on every call: on the hottest paths that
// costs more than PostgreSQL answering it. A prepared query is built once per database handle and run
// with new values (`sql.placeholder`); on PostgreSQL it is also parsed and planned once per connection.
const built = new WeakMap<object, Map<string, unknown>>();

/** The query `build` makes, built once for this database handle and remembered under `name`. */
export function preparedOnce<T>(db: object, name: string, build: () => T): T {
  let byName = built.get(db);
  if (!byName) {
    byName = new Map();
    built.set(db, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (query === undefined) {
    query = build();
    byName.set(name, query);
  }
  return query;
}
