// The money part of `npm run bench`: /sales and the dashboard over a million orders (with their ledger lines
// and both summaries filled), and 50 withdrawals racing for a balance that covers 7, against the built app
// on PostgreSQL.
import { randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { rebuildSalesSummary } from "~/domain/ledger/sales-summary.server";
import { post, walletForProperty } from "~/domain/ledger/wallet-ledger.server";
import { liveAccount } from "~/domain/payment-accounts/accounts.server";
import { recomputeProfit } from "~/domain/profit/recompute-profit.server";
import { ALL_SALES } from "~/domain/sales/sales-filter.server";
import { listSales } from "~/domain/sales/sales-page.server";
import { salesTotals } from "~/domain/sales/sales-totals.server";
import type { Actor } from "~/domain/team/permissions";
import type { Db } from "~/platform/db/database-handle.server";
import { cursorOf } from "~/platform/db/keyset-cursor";
import {
  orders,
  products,
  profitDaily,
  profitProductDaily,
  properties,
  propertyProducts,
  wallets,
} from "~/platform/db/schema";
import { connectSandboxAccount, shopFixture } from "../tests/support/shop-fixtures";
import type { BenchResult } from "./bench-cpu";
import { demoOwner, timed } from "./bench-demo";
import { CONNECTIONS, load } from "./bench-load";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);

/** A million paid orders (one item each, one cart each) spread over a year, in SQL: a minute, not hours. */
async function generateOrders(db: Db, actor: Actor, propertyId: string, productId: string): Promise<number> {
  const started = Date.now();
  await db.execute(sql`
    with made as (
      insert into carts (organization_id, property_id, device_id, status, total_cents, created_at)
      select ${actor.organizationId}::uuid, ${propertyId}::uuid, 'bench', 'ordered', 1000,
             now() - (g * interval '31 seconds')
      from generate_series(1, ${ORDERS}) g
      returning id, created_at
    ), placed as (
      insert into orders (organization_id, property_id, cart_id, device_id, status, payment_method, buyer_name,
                          total_cents, expires_at, paid_at, created_at, updated_at)
      select ${actor.organizationId}::uuid, ${propertyId}::uuid, made.id, 'bench', 'paid', 'pix', 'Hóspede',
             1000, made.created_at + interval '30 minutes', made.created_at, made.created_at, made.created_at
      from made
      returning id
    )
    insert into order_items (organization_id, order_id, product_id, name, unit_price_cents, quantity,
                             unit_cost_cents)
    select ${actor.organizationId}::uuid, placed.id, ${productId}::uuid, 'Água', 1000, 1, 400 from placed`);
  // Vacuumed now, as autovacuum soon would after a million inserts: not in the middle of the measurements.
  await db.execute(sql`vacuum (analyze) orders, order_items, carts`);
  return Date.now() - started;
}

const FEE_CENTS = 40;

/**
 * Each generated order's ledger lines, as recordSale posts a PIX sale (a 'sale' and a 'fee' into
 * 'available' of the property's wallet), in SQL, and the wallet's balance moved by their sum.
 */
async function generateLedger(db: Db, actor: Actor, propertyId: string): Promise<number> {
  const started = Date.now();
  const walletId = await db.transaction(async (tx) => {
    const wallet = await walletForProperty(tx, { organizationId: actor.organizationId, propertyId }, 399);
    return wallet.id;
  });
  await db.execute(sql`
    insert into wallet_movements (organization_id, wallet_id, kind, bucket, amount_cents, reference, order_id,
                                  created_at)
    select o.organization_id, ${walletId}::uuid, line.kind, 'available', line.cents,
           'order:' || o.id || ':' || line.kind, o.id, o.paid_at
    from orders o
    cross join lateral (values ('sale', o.total_cents::bigint), ('fee', ${-FEE_CENTS}::bigint)) as line(kind, cents)
    where o.organization_id = ${actor.organizationId} and o.property_id = ${propertyId}`);
  await db
    .update(wallets)
    .set({ availableCents: sql`${wallets.availableCents} + ${ORDERS * (1000 - FEE_CENTS)}::bigint` })
    .where(eq(wallets.id, walletId));
  await db.execute(sql`vacuum (analyze) wallet_movements, wallets`);
  return Date.now() - started;
}

/**
 * Both summaries filled by their recomputations, as a repair would; how long each took. The sales summary
 * is then as a year of live orders and the hourly fold leave it (ADR 0050).
 */
async function fillSummaries(db: Db, actor: Actor): Promise<{ salesMs: number; profitMs: number }> {
  let started = Date.now();
  await rebuildSalesSummary(db, actor.organizationId, new Date());
  const salesMs = Date.now() - started;
  started = Date.now();
  const profit = await recomputeProfit(db, actor.organizationId);
  await db.transaction(async (tx) => {
    await tx.delete(profitDaily).where(eq(profitDaily.organizationId, actor.organizationId));
    await tx.delete(profitProductDaily).where(eq(profitProductDaily.organizationId, actor.organizationId));
    const org = { organizationId: actor.organizationId };
    for (let i = 0; i < profit.daily.length; i += 500)
      await tx.insert(profitDaily).values(profit.daily.slice(i, i + 500).map((r) => ({ ...org, ...r })));
    for (let i = 0; i < profit.products.length; i += 500)
      await tx
        .insert(profitProductDaily)
        .values(profit.products.slice(i, i + 500).map((r) => ({ ...org, ...r })));
  });
  await db.execute(sql`analyze sales_daily; analyze profit_daily; analyze profit_product_daily`);
  return { salesMs, profitMs: Date.now() - started };
}

/** A property of the demo host's own organization selling one product at R$ 10,00 (cost R$ 4,00). */
async function demoProperty(db: Db, actor: Actor) {
  const organizationId = actor.organizationId;
  const [property] = await db
    .insert(properties)
    .values({ organizationId, name: "Casa do Bench", address: "Rua B, 1", hash: randomUUID() })
    .returning({ id: properties.id });
  const [product] = await db
    .insert(products)
    .values({ organizationId, name: "Água", priceCents: 1000, costCents: 400 })
    .returning({ id: products.id });
  if (!property || !product) throw new Error("bench property not created");
  await db.insert(propertyProducts).values({
    organizationId,
    propertyId: property.id,
    productId: product.id,
    currentQuantity: null,
    averageCostCents: 400,
  });
  return { propertyId: property.id, productIds: { Água: product.id } as Record<string, string> };
}

/** /sales: the first page and the page after 50,000 rows, in SQL (the domain call) and over HTTP. */
export async function benchSalesPages(
  appUrl: string,
  db: Db,
  cookie: string,
): Promise<{ rows: BenchResult[]; lines: string[] }> {
  const actor = await demoOwner(db);
  const shop = await demoProperty(db, actor);
  const generatedMs = await generateOrders(db, actor, shop.propertyId, shop.productIds.Água ?? "");
  const ledgerMs = await generateLedger(db, actor, shop.propertyId);
  const filled = await fillSummaries(db, actor);
  const filter = ALL_SALES;
  // The cursor a guest of the list would hold after scrolling through 50,000 rows.
  const [deep] = await db
    .select({ cursor: cursorOf(orders.createdAt, orders.id) })
    .from(orders)
    .where(eq(orders.organizationId, actor.organizationId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .offset(49999)
    .limit(1);
  const cursor = deep?.cursor ?? "";
  const firstMs = await timed(() => listSales(db, actor, filter, null), 20);
  const deepMs = await timed(() => listSales(db, actor, filter, cursor), 20);
  const totalsMs = await timed(() => salesTotals(db, actor, filter), 20);
  const page = (name: string, path: string, connections?: number) =>
    load(name, `${appUrl}${path}`, { headers: { cookie }, connections });
  const first = await page("GET /sales (first page, 1M orders)", "/sales");
  const deeper = await page("GET /sales (after 50,000 rows)", `/sales?cursor=${encodeURIComponent(cursor)}`);
  const month = await page("GET /dashboard?periodo=mes (1M orders)", "/dashboard?periodo=mes");
  const days30 = await page("GET /dashboard?periodo=30d (1M orders)", "/dashboard?periodo=30d");
  // A host opening the dashboard, one request at a time: what that host waits for, apart from queueing
  // behind other requests (the rows above: 20 at once on the same cores).
  const oneHost = await page("GET /dashboard?periodo=mes (1M orders, one host)", "/dashboard?periodo=mes", 1);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const p99Ratio = first.p99 / Math.max(1, deeper.p99);
  const rpsRatio = deeper.rps / Math.max(1, first.rps);
  const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
  return {
    rows: [first, deeper, month, days30, oneHost],
    lines: [
      `sales: ${ORDERS.toLocaleString("en")} orders generated in ${s(generatedMs)}, their ledger lines in ${s(ledgerMs)}; summaries recomputed: sales ${s(filled.salesMs)}, profit ${s(filled.profitMs)}`,
      `sales SQL (domain call, mean of 20): first page ${firstMs.toFixed(1)} ms, after 50,000 rows ${deepMs.toFixed(1)} ms, ratio ${(deepMs / firstMs).toFixed(2)} (target ≤ 2); totals ${totalsMs.toFixed(1)} ms`,
      `sales HTTP: first page p99 ${first.p99} ms, ${first.rps.toFixed(0)} req/s; after 50,000 rows p99 ${deeper.p99} ms, ${deeper.rps.toFixed(0)} req/s; first/deep p99 ${p99Ratio.toFixed(2)}, deep/first req/s ${rpsRatio.toFixed(2)} (target: both ≤ 2: ${verdict(p99Ratio <= 2 && rpsRatio <= 2)})`,
      `dashboard HTTP p99 under ${CONNECTIONS} connections: mes ${month.p99} ms, 30d ${days30.p99} ms (target < 150 ms: ${verdict(month.p99 < 150 && days30.p99 < 150)}); one host at a time: p99 ${oneHost.p99} ms, ${oneHost.rps.toFixed(0)} req/s (${verdict(oneHost.p99 < 150)})`,
    ],
  };
}

/** 50 withdrawals of R$ 20,00 posted at once against a balance of R$ 140,00: how many go through. */
export async function benchWithdrawalRace(appUrl: string, db: Db, cookie: string): Promise<string> {
  const actor = await demoOwner(db);
  // Withdrawals are paid from the organization's own account: the demo host's is the sandbox's.
  if (!(await liveAccount(db, actor.organizationId))) await connectSandboxAccount(db, actor.organizationId);
  const shop = await shopFixture(db, []);
  // The wallet gets exactly 7 × R$ 20,00 of available money, as a settled sale would leave it.
  const walletId = await db.transaction(async (tx) => {
    const wallet = await walletForProperty(
      tx,
      { organizationId: actor.organizationId, propertyId: shop.propertyId },
      0,
    );
    await post(tx, actor.organizationId, wallet.id, [
      { kind: "sale", bucket: "available", amountCents: 14_000, reference: `bench:${randomUUID()}` },
    ]);
    return wallet.id;
  });
  const statuses = await Promise.all(
    Array.from({ length: 50 }, () =>
      fetch(`${appUrl}/withdrawals?carteira=${walletId}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: appUrl, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "confirm",
          walletId,
          requestKey: randomUUID(),
          amount: "20,00",
          pixKeyType: "cpf",
          pixKey: "52998224725",
        }).toString(),
      }).then(async (res) => {
        await res.body?.cancel();
        return res.status;
      }),
    ),
  );
  const [wallet] = (
    await db.execute(sql`select available_cents, reserved_cents from wallets where id = ${walletId}`)
  ).rows as { available_cents: string; reserved_cents: string }[];
  const accepted = statuses.filter((s) => s === 302).length;
  // Refusals re-render the form with the reason; their statuses are printed as they came.
  const refused = statuses.filter((s) => s !== 302);
  const codes = [...new Set(refused)].map((code) => `${refused.filter((s) => s === code).length}× ${code}`);
  return `withdrawals: 50 requests of R$ 20,00 against R$ 140,00 → ${accepted} accepted, ${refused.length} refused (${codes.join(", ")}); available ${Number(wallet?.available_cents) / 100}, reserved ${Number(wallet?.reserved_cents) / 100}`;
}
