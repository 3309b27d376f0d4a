// The money part of `npm run bench`: /sales deep in a million orders (keyset pages), and 50 withdrawals
// racing for a balance that covers 7, against the built app on PostgreSQL.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { desc, eq, sql } from "drizzle-orm";
import { DEMO_HOST } from "~/domain/demo/demo-host";
import { listSales, salesFilter } from "~/domain/ledger/read-sales.server";
import { post, walletForProperty } from "~/domain/ledger/wallet-ledger.server";
import { liveAccount } from "~/domain/payment-accounts/accounts.server";
import type { Actor } from "~/domain/team/permissions";
import type { Db } from "~/platform/db/database-handle.server";
import { cursorOf } from "~/platform/db/keyset-cursor";
import { member, orders, user } from "~/platform/db/schema";
import { connectSandboxAccount, shopFixture } from "../tests/support/shop-fixtures";

type Result = { name: string; rps: number; p99: number };

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);

async function demoOwner(db: Db): Promise<Actor> {
  const [row] = await db
    .select({ userId: member.userId, organizationId: member.organizationId })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(user.email, DEMO_HOST.email));
  if (!row) throw new Error("no demo host");
  return { ...row, role: "owner" };
}

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
    insert into order_items (organization_id, order_id, product_id, name, unit_price_cents, quantity)
    select ${actor.organizationId}::uuid, placed.id, ${productId}::uuid, 'Água', 1000, 1 from placed`);
  await db.execute(sql`analyze orders; analyze order_items; analyze carts`);
  return Date.now() - started;
}

async function timed<T>(run: () => Promise<T>, times = 20): Promise<number> {
  await run();
  const started = process.hrtime.bigint();
  for (let i = 0; i < times; i++) await run();
  return Number(process.hrtime.bigint() - started) / 1e6 / times;
}

/** /sales: the first page and the page after 50,000 rows, in SQL (the domain call) and over HTTP. */
export async function benchSalesPages(
  appUrl: string,
  db: Db,
  cookie: string,
  options: { seconds: number; connections: number },
): Promise<{ rows: Result[]; lines: string[] }> {
  const actor = await demoOwner(db);
  const shop = await shopFixture(db, [{ name: "Água", priceCents: 1000, stock: null }]);
  const generatedMs = await generateOrders(db, actor, shop.propertyId, shop.productIds.Água ?? "");
  const filter = salesFilter(new URLSearchParams());
  // The cursor a guest of the list would hold after scrolling through 50,000 rows.
  const [deep] = await db
    .select({ cursor: cursorOf(orders.createdAt, orders.id) })
    .from(orders)
    .where(eq(orders.organizationId, actor.organizationId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .offset(49999)
    .limit(1);
  const cursor = deep?.cursor ?? "";
  const firstMs = await timed(() => listSales(db, actor, filter, null));
  const deepMs = await timed(() => listSales(db, actor, filter, cursor));
  const load = async (name: string, path: string) => {
    const url = `${appUrl}${path}`;
    await autocannon({ url, headers: { cookie }, connections: 4, duration: 1 });
    const r = await autocannon({
      url,
      headers: { cookie },
      connections: options.connections,
      duration: options.seconds,
    });
    if (r.non2xx > 0) throw new Error(`${name}: ${r.non2xx} answers were not 2xx`);
    return { name, rps: r.requests.average, p99: r.latency.p99 };
  };
  const first = await load("GET /sales (first page, 1M orders)", "/sales");
  const deeper = await load("GET /sales (after 50,000 rows)", `/sales?cursor=${encodeURIComponent(cursor)}`);
  return {
    rows: [first, deeper],
    lines: [
      `sales: ${ORDERS.toLocaleString("en")} orders generated in ${(generatedMs / 1000).toFixed(0)} s`,
      `sales SQL (domain call, mean of 20): first page ${firstMs.toFixed(1)} ms, after 50,000 rows ${deepMs.toFixed(1)} ms, ratio ${(deepMs / firstMs).toFixed(2)} (target ≤ 2)`,
      `sales HTTP p99: first page ${first.p99} ms, after 50,000 rows ${deeper.p99} ms, ratio ${(deeper.p99 / Math.max(1, first.p99)).toFixed(2)}; req/s ${first.rps.toFixed(0)} vs ${deeper.rps.toFixed(0)}`,
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
  return `withdrawals: 50 requests of R$ 20,00 against R$ 140,00 → ${accepted} accepted, ${statuses.filter((s) => s === 400).length} refused; available ${Number(wallet?.available_cents) / 100}, reserved ${Number(wallet?.reserved_cents) / 100}`;
}
