import { publicName, type Query } from "./query.server";

// Rows go over as JSON text (row_to_json on the source, json_populate_recordset on the target), so every
// type round-trips through PostgreSQL's own text forms: no driver parses dates, bytea or arrays on the way.
const FETCH_ROWS = 200;
const BATCH_CHARS = 8_000_000;

/** Copies every row of one table through a cursor on the source, inserting on the target in batches. */
export async function copyTable(source: Query, target: Query, table: string): Promise<number> {
  const name = publicName(table);
  const columns = await insertableColumns(target, table);
  const list = columns.map((c) => `"${c.replaceAll('"', '""')}"`).join(", ");
  const insert =
    `insert into ${name} (${list}) overriding system value ` +
    `select ${list} from json_populate_recordset(null::${name}, $1::json)`;
  const cursor = `move_${table.replace(/\W/g, "_")}`;
  await source(`declare ${cursor} no scroll cursor for select row_to_json(t)::text as j from ${name} t`);
  let copied = 0;
  try {
    for (;;) {
      const rows = await source(`fetch ${FETCH_ROWS} from ${cursor}`);
      if (rows.length === 0) break;
      let batch: string[] = [];
      let chars = 0;
      for (const row of rows) {
        const json = String(row.j);
        if (batch.length > 0 && chars + json.length > BATCH_CHARS) {
          await target(insert, [`[${batch.join(",")}]`]);
          batch = [];
          chars = 0;
        }
        batch.push(json);
        chars += json.length;
      }
      await target(insert, [`[${batch.join(",")}]`]);
      copied += rows.length;
    }
  } finally {
    // After a failed statement the transaction is aborted and refuses even this: keep the first error.
    await source(`close ${cursor}`).catch(() => {});
  }
  return copied;
}

/** The target's columns that take a value (not dropped, not generated). */
async function insertableColumns(target: Query, table: string): Promise<string[]> {
  const rows = await target(
    `select attname from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [publicName(table)],
  );
  if (rows.length === 0) throw new Error(`table ${table} is missing in the target`);
  return rows.map((r) => String(r.attname));
}
