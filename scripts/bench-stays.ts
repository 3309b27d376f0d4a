// The stays part of `npm run bench` (issue 46): a stay's account ('Conta da estadia' on /estadias/{id}) and
// 'Perdas' (/inventory/perdas) for the demo host's organization once it holds the generated million orders,
// with 500 more properties of 4 products and 100,000 past stays (200 each, one every 4 days): each stay with 2
// paid orders during it and ended by a turnover count that found 1 unit consumed unpaid (its loss movement and
// the profit summary's row included).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { readShrinkage } from "~/domain/stock/shrinkage.server";
import { saoPauloDay } from "~/lib/dates";
import type { Db } from "~/platform/db/database-handle.server";
import type { BenchResult } from "./bench-cpu";
import { demoOwner, timed } from "./bench-demo";
import { CONNECTIONS, load } from "./bench-load";

const PROPERTIES = 500;
const STAYS_PER_PROPERTY = 200;
const TARGET_MS = 150;

/** The properties, stays, counts, losses and the stays' sales, in SQL; the newest stay of each property. */
async function seedStays(db: Db, organizationId: string): Promise<string[]> {
  const org = sql`${organizationId}::uuid`;
  const tag = randomUUID().slice(0, 8);
  await db.execute(sql`
    with props as (
      insert into properties (organization_id, name, address, public_location, hash)
      select ${org}, 'Estadia ' || g || ' ' || ${tag}, 'Rua ' || g, 'Bairro ' || (g % 12), 's' || ${tag} || '-' || g
      from generate_series(1, ${PROPERTIES}) g
      returning id
    ), prods as (
      insert into products (organization_id, name, price_cents, cost_cents)
      select ${org}, 'Item ' || g || ' ' || ${tag}, 800, 300 from generate_series(1, 4) g
      returning id
    ), held as (
      insert into property_products (organization_id, property_id, product_id, current_quantity,
                                     expected_quantity, average_cost_cents, created_at)
      select ${org}, props.id, prods.id, 5, 5, 300, now() - interval '3 years'
      from props cross join prods
      returning property_id, product_id
    ), past as (
      insert into stays (organization_id, property_id, kind, source, check_in, check_out)
      select ${org}, p.id, 'stay', 'airbnb', current_date - (k * 4 + 4), current_date - (k * 4 + 1)
      from props p cross join generate_series(0, ${STAYS_PER_PROPERTY - 1}) k
      returning id, property_id, check_out
    ), counts as (
      insert into stock_counts (organization_id, property_id, stay_id, client_id, taken_at, loss_reason)
      select ${org}, past.property_id, past.id, 'bench-' || past.id, past.check_out + time '14:00',
             'consumed_unpaid'
      from past
      returning id, property_id, taken_at
    ), lines as (
      insert into stock_count_lines (organization_id, count_id, product_id, name, unit_price_cents,
                                     unit_cost_cents, expected, counted, loss_reason)
      select ${org}, counts.id, held.product_id, 'Item', 800, 300, 5,
             case when held.product_id = (select min(id::text)::uuid from prods) then 4 else 5 end,
             'consumed_unpaid'
      from counts join held on held.property_id = counts.property_id
      returning 1
    )
    insert into stock_movements (organization_id, property_id, product_id, old_quantity, new_quantity, reason,
                                 loss_reason, unit_cost_cents, reference, created_at)
    select ${org}, counts.property_id, (select min(id::text)::uuid from prods), 5, 4, 'loss',
           'consumed_unpaid', 300, 'count:' || counts.id, counts.taken_at
    from counts`);
  // Two paid orders of one unit in each stay (of the property's last product), their sale movements, and
  // the profit summary of both.
  await db.execute(sql`
    with chosen as (
      select distinct on (pp.property_id) pp.property_id, pp.product_id
      from property_products pp join properties p on p.id = pp.property_id and p.name like ${`% ${tag}`}
      where pp.organization_id = ${org}
      order by pp.property_id, pp.product_id desc
    ), made as (
      insert into carts (organization_id, property_id, device_id, status, total_cents, created_at)
      select ${org}, s.property_id, 'bench', 'ordered', 800, s.check_in + time '20:00' + n * interval '1 day'
      from stays s join chosen on chosen.property_id = s.property_id cross join generate_series(0, 1) n
      where s.organization_id = ${org}
      returning id, property_id, created_at
    ), placed as (
      insert into orders (organization_id, property_id, cart_id, device_id, status, payment_method, buyer_name,
                          total_cents, expires_at, paid_at, created_at, updated_at)
      select ${org}, made.property_id, made.id, 'bench', 'paid', 'pix', 'Hóspede', 800,
             made.created_at + interval '30 minutes', made.created_at, made.created_at, made.created_at
      from made
      returning id, property_id, paid_at
    ), items as (
      insert into order_items (organization_id, order_id, product_id, name, unit_price_cents, quantity,
                               unit_cost_cents)
      select ${org}, placed.id, chosen.product_id, 'Item', 800, 1, 300
      from placed join chosen on chosen.property_id = placed.property_id
      returning 1
    )
    insert into stock_movements (organization_id, property_id, product_id, old_quantity, new_quantity, reason,
                                 reference, created_at)
    select ${org}, placed.property_id, chosen.product_id, 5, 4, 'sale', 'order:' || placed.id, placed.paid_at
    from placed join chosen on chosen.property_id = placed.property_id`);
  await db.execute(sql`
    insert into profit_daily (organization_id, property_id, day, gross_cents, orders, cogs_cents, loss_cents)
    select ${org}, m.property_id, (m.created_at at time zone 'America/Sao_Paulo')::date,
           800 * count(*) filter (where m.reason = 'sale'), count(*) filter (where m.reason = 'sale'),
           300 * count(*) filter (where m.reason = 'sale'), 300 * count(*) filter (where m.reason = 'loss')
    from stock_movements m join properties p on p.id = m.property_id and p.name like ${`% ${tag}`}
    where m.organization_id = ${org}
    group by 1, 2, 3`);
  await db.execute(sql`
    insert into profit_product_daily (organization_id, property_id, product_id, day, units, gross_cents, cogs_cents)
    select ${org}, m.property_id, m.product_id, (m.created_at at time zone 'America/Sao_Paulo')::date,
           count(*), 800 * count(*), 300 * count(*)
    from stock_movements m join properties p on p.id = m.property_id and p.name like ${`% ${tag}`}
    where m.organization_id = ${org} and m.reason = 'sale'
    group by 1, 2, 3, 4`);
  await db.execute(
    sql`vacuum (analyze) properties, property_products, stays, stock_counts, stock_count_lines, stock_movements, carts, orders, order_items, profit_daily, profit_product_daily`,
  );
  const newest = await db.execute<{ id: string }>(sql`
    select distinct on (s.property_id) s.id from stays s
    join properties p on p.id = s.property_id and p.name like ${`% ${tag}`}
    where s.organization_id = ${org}
    order by s.property_id, s.check_in desc`);
  return newest.rows.map((r) => String(r.id));
}

/** The stay's account and 'Perdas' over HTTP (each view rendered), one host and many at once. */
export async function benchStays(
  appUrl: string,
  db: Db,
  cookie: string,
): Promise<{ rows: BenchResult[]; lines: string[] }> {
  const actor = await demoOwner(db);
  const started = Date.now();
  const stayIds = await seedStays(db, actor.organizationId);
  const seededMs = Date.now() - started;
  const counted = await db.execute<{ stays: string; orders: string }>(sql`
    select (select count(*) from stays where organization_id = ${actor.organizationId}) as stays,
           (select count(*) from orders where organization_id = ${actor.organizationId}) as orders`);
  const today = saoPauloDay(new Date());
  const month = { from: `${today.slice(0, 8)}01`, to: today };
  const quarter = { from: saoPauloDay(new Date(Date.now() - 89 * 86_400_000)), to: today };
  const shrinkMonthMs = await timed(() => readShrinkage(db, actor, month), 10);
  const shrinkQuarterMs = await timed(() => readShrinkage(db, actor, quarter), 10);
  const headers = { cookie };
  const stayPaths = stayIds.map((id) => `/estadias/${id}`);
  const rows = [
    await load("estadia: conta da estadia (one host)", `${appUrl}${stayPaths[0]}`, {
      headers,
      paths: stayPaths,
      everyViewNew: true,
      connections: 1,
    }),
    await load(`estadia: conta da estadia (${CONNECTIONS} at once)`, `${appUrl}${stayPaths[0]}`, {
      headers,
      paths: stayPaths,
      everyViewNew: true,
    }),
    await load("perdas: this month (one host)", `${appUrl}/inventory/perdas`, {
      headers,
      everyViewNew: true,
      connections: 1,
    }),
    await load(`perdas: this month (${CONNECTIONS} at once)`, `${appUrl}/inventory/perdas`, {
      headers,
      everyViewNew: true,
    }),
    await load("perdas: 90 days (one host)", `${appUrl}/inventory/perdas?de=${quarter.from}`, {
      headers,
      everyViewNew: true,
      connections: 1,
    }),
  ];
  // A row with requests that never answered has no honest p99: not met.
  const verdict = (r: BenchResult) =>
    r.p99 < TARGET_MS && !r.name.includes("timeouts]") ? "met" : "NOT met";
  return {
    rows,
    lines: [
      `stays: ${String(counted.rows[0]?.stays)} stays and ${String(counted.rows[0]?.orders)} orders in the organization (seeded in ${(seededMs / 1000).toFixed(1)} s); readShrinkage mean of 10: this month ${shrinkMonthMs.toFixed(1)} ms, 90 days ${shrinkQuarterMs.toFixed(1)} ms`,
      ...rows.map((r) => `${r.name}: p99 ${r.p99} ms (target < ${TARGET_MS} ms: ${verdict(r)})`),
    ],
  };
}
