// The planning part of `npm run bench` (issue 48): 'Planejar reposições' for the demo host's organization
// once it holds the generated orders, with 200 more properties of 8 products each: a stay every 10 days over
// the last 90 (each ended by a count that found 1 unit consumed unpaid per product), the next guest within
// 7 days, and a day of paid sales per product and stay night in the profit summary the forecast reads.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { planRestock } from "~/domain/restock/plan-restock.server";
import { saoPauloDay } from "~/lib/dates";
import type { Db } from "~/platform/db/database-handle.server";
import type { BenchResult } from "./bench-cpu";
import { demoOwner } from "./bench-demo";
import { CONNECTIONS, load } from "./bench-load";

const PROPERTIES = 200;
const PRODUCTS = 8;
const TARGET_MS = 500;

/** The 200 properties and their history, in SQL. */
async function seedPlanning(db: Db, organizationId: string): Promise<void> {
  const org = sql`${organizationId}::uuid`;
  const tag = randomUUID().slice(0, 8);
  await db.execute(sql`
    with props as (
      insert into properties (organization_id, name, address, public_location, hash)
      select ${org}, 'Imóvel ' || g || ' ' || ${tag}, 'Rua ' || g, 'Bairro ' || (g % 12), ${tag} || '-' || g
      from generate_series(1, ${PROPERTIES}) g
      returning id
    ), prods as (
      insert into products (organization_id, name, price_cents, cost_cents)
      select ${org}, 'Produto ' || g || ' ' || ${tag}, 800, 300 from generate_series(1, ${PRODUCTS}) g
      returning id
    ), held as (
      insert into property_products (organization_id, property_id, product_id, current_quantity,
                                     expected_quantity, created_at)
      select ${org}, props.id, prods.id, (random() * 10)::int, 10, now() - interval '1 year'
      from props cross join prods
      returning property_id, product_id
    ), past as (
      insert into stays (organization_id, property_id, kind, source, check_in, check_out)
      select ${org}, p.id, 'stay', 'direct', current_date - (k * 10 + 5), current_date - (k * 10 + 1)
      from props p cross join generate_series(0, 8) k
      returning id, property_id, check_out
    ), coming as (
      insert into stays (organization_id, property_id, kind, source, check_in, check_out)
      select ${org}, p.id, 'stay', 'direct', current_date + (row_number() over () % 7)::int,
             current_date + (row_number() over () % 7)::int + 3
      from props p
      returning id
    ), counts as (
      insert into stock_counts (organization_id, property_id, stay_id, client_id, taken_at, loss_reason)
      select ${org}, past.property_id, past.id, 'bench-' || past.id, past.check_out + time '11:00',
             'consumed_unpaid'
      from past
      returning id, property_id
    ), lines as (
      insert into stock_count_lines (organization_id, count_id, product_id, name, unit_price_cents,
                                     expected, counted, loss_reason)
      select ${org}, counts.id, held.product_id, 'Produto', 800, 5, 4, 'consumed_unpaid'
      from counts join held on held.property_id = counts.property_id
      returning 1
    )
    insert into profit_product_daily (organization_id, property_id, product_id, day, units, gross_cents)
    select ${org}, held.property_id, held.product_id, current_date - d, 1, 800
    from held cross join generate_series(1, 90) d
    where d % 10 between 1 and 4
    on conflict do nothing`);
  await db.execute(
    sql`analyze properties; analyze property_products; analyze stays; analyze stock_counts; analyze stock_count_lines; analyze profit_product_daily`,
  );
}

/** 'Planejar reposições' in SQL (the domain call) and over HTTP, each view rendered, one host and many. */
export async function benchPlanning(
  appUrl: string,
  db: Db,
  cookie: string,
): Promise<{ rows: BenchResult[]; lines: string[] }> {
  const actor = await demoOwner(db);
  await seedPlanning(db, actor.organizationId);
  const today = saoPauloDay(new Date());
  const plan = await planRestock(db, actor, { today, days: 7, cover: false });
  const started = process.hrtime.bigint();
  for (let i = 0; i < 10; i++) await planRestock(db, actor, { today, days: 7, cover: true });
  const sqlMs = Number(process.hrtime.bigint() - started) / 1e6 / 10;
  const page = (name: string, connections?: number) =>
    load(name, `${appUrl}/replacements/planejar`, { headers: { cookie }, connections, everyViewNew: true });
  const one = await page("planejar reposições (200 imóveis)", 1);
  const many = await page(`planejar reposições (200 imóveis, ${CONNECTIONS} at once)`);
  const verdict = (p99: number) => (p99 < TARGET_MS ? "met" : "NOT met");
  return {
    rows: [one, many],
    lines: [
      `planning: ${plan.properties.length} properties with a check-in in 7 days, ${plan.properties.reduce((n, p) => n + p.lines.length, 0)} lines; domain call mean of 10: ${sqlMs.toFixed(1)} ms`,
      `planejar reposições (200 imóveis): one host p99 ${one.p99} ms (target < ${TARGET_MS} ms: ${verdict(one.p99)}); ${CONNECTIONS} at once p99 ${many.p99} ms (${verdict(many.p99)})`,
    ],
  };
}
