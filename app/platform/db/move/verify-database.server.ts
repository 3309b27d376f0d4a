import { type RowCounts, rowCounts } from "./catalog.server";
import type { Query } from "./query.server";

export type Check = { name: string; ok: boolean; detail: string };

/**
 * What a copy of the database must show: the expected number of rows in every table, each property's stock
 * equal to the last entry of its stock ledger, and each wallet's balances equal to the sums of its
 * movements. The same checks serve the move to PostgreSQL and a restored backup.
 */
export async function verifyDatabase(query: Query, expected: RowCounts): Promise<Check[]> {
  return [await countsCheck(query, expected), await stockCheck(query), await walletsCheck(query)];
}

async function countsCheck(query: Query, expected: RowCounts): Promise<Check> {
  const tables = Object.keys(expected);
  const actual = await rowCounts(query, tables).catch(() => null);
  if (!actual) return { name: "row counts", ok: false, detail: "a table is missing" };
  const wrong = tables.filter((t) => actual[t] !== expected[t]);
  const rows = Object.values(actual).reduce((a, b) => a + b, 0);
  return wrong.length === 0
    ? { name: "row counts", ok: true, detail: `${tables.length} tables, ${rows} rows, all as expected` }
    : {
        name: "row counts",
        ok: false,
        detail: wrong.map((t) => `${t}: ${actual[t]} instead of ${expected[t]}`).join("; "),
      };
}

async function stockCheck(query: Query): Promise<Check> {
  const [row] = await query(
    `select count(*)::int as total,
            count(*) filter (where last.found is null or last.new_quantity is distinct from pp.current_quantity)::int as wrong
     from property_products pp
     left join lateral (
       select true as found, m.new_quantity from stock_movements m
       where m.organization_id = pp.organization_id and m.property_id = pp.property_id and m.product_id = pp.product_id
       order by m.created_at desc, m.id desc limit 1
     ) last on true`,
  );
  return countCheck(
    "stock ledger",
    row,
    (total) => `${total} stock rows equal their ledger's last entry`,
    (wrong, total) => `${wrong} of ${total} stock rows differ from their ledger`,
  );
}

async function walletsCheck(query: Query): Promise<Check> {
  const [row] = await query(
    `select count(*)::int as total,
            count(*) filter (where coalesce(m.available, 0) <> w.available_cents
                                or coalesce(m.pending, 0) <> w.pending_cents
                                or coalesce(m.reserved, 0) <> w.reserved_cents
                                or coalesce(m.withdrawn, 0) <> w.withdrawn_cents)::int as wrong
     from wallets w
     left join (
       select wallet_id,
              sum(amount_cents) filter (where bucket = 'available') as available,
              sum(amount_cents) filter (where bucket = 'pending') as pending,
              sum(amount_cents) filter (where bucket = 'reserved') as reserved,
              sum(amount_cents) filter (where bucket = 'withdrawn') as withdrawn
       from wallet_movements group by wallet_id
     ) m on m.wallet_id = w.id`,
  );
  return countCheck(
    "wallets",
    row,
    (total) => `${total} wallets equal the sums of their movements`,
    (wrong, total) => `${wrong} of ${total} wallets differ from their movements`,
  );
}

/** A check read from a row of `total` and `wrong` counts: ok when nothing is wrong. */
function countCheck(
  name: string,
  row: { total?: unknown; wrong?: unknown } | undefined,
  okText: (total: number) => string,
  wrongText: (wrong: number, total: number) => string,
): Check {
  const total = Number(row?.total ?? 0);
  const wrong = Number(row?.wrong ?? 0);
  return { name, ok: wrong === 0, detail: wrong === 0 ? okText(total) : wrongText(wrong, total) };
}

/** One line per check, as db:move and restore print them. */
export function formatChecks(checks: readonly Check[]): string[] {
  return checks.map((c) => `  ${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.detail}`);
}
