// Two built app instances on one PostgreSQL database, as behind a load balancer (issue 26): a purchase that
// starts on one and is paid on the other, a photo uploaded to one and served by the other, a host's session on
// both, the background jobs taking effect once while both run them, and one instance stopped by SIGTERM
// with requests in flight, losing nothing. The database is read directly only for what a host's ledgers hold.
import path from "node:path";
import { and, eq, type SQL, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveStockQuantities } from "~/domain/stock/save-stock-quantities.server";
import { parseBrCode } from "~/lib/pix-brcode";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import {
  member,
  orderStatusChanges,
  orders,
  products,
  properties,
  propertyProducts,
} from "~/platform/db/schema";
import { readOutbox } from "~/platform/mail/outbox.server";
import { Browser, signedInBrowser } from "../support/accounts";
import { WEBHOOK_APPLIED } from "../support/checkout-server";
import { freePort } from "../support/free-port";
import { brl, FIXTURE_PASSWORD, hostEmail, saleCard, settleCharge, visibleText } from "../support/money-http";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { postMultipart } from "../support/qr-http";
import { type RunningServer, removeDir, startServer } from "../support/server-process";
import { shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

type Shop = Awaited<ReturnType<typeof shopFixture>>;
type Answer = { status: number; location: string | null; body: string };

/** Counted stock as the fixture leaves it (Água is then brought down to 1 by the host). */
const STOCK = { Granola: 30, Vinho: 10, Água: 1 } as const;
const CARD = {
  card_number: "5031 4332 1540 6351",
  expiration_month: 11,
  expiration_year: 2030,
  security_code: "123",
};
const JOBS_DONE = { timeout: 60_000, interval: 250 };

let ipCounter = 0;

/**
 * A guest's phone whose requests may reach either instance (guestPhone is bound to one address): one device
 * cookie, one client address, no JavaScript.
 */
function guestDevice() {
  const ip = `203.0.113.${++ipCounter}`;
  const email = `hospede-${ipCounter}-${Date.now()}@example.com`;
  let cookie = "";
  async function request(
    server: RunningServer,
    route: string,
    form?: Record<string, string>,
  ): Promise<Answer> {
    const res = await fetch(`${server.url}${route}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        "x-forwarded-for": ip,
        ...(cookie ? { cookie } : {}),
        ...(form ? { origin: server.url, "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith("estadia_device="));
    if (set) cookie = set.split(";")[0] ?? "";
    return { status: res.status, location: res.headers.get("location"), body: await res.text() };
  }
  return { email, request };
}
type Guest = ReturnType<typeof guestDevice>;

describe.runIf(available)("two instances on one PostgreSQL database", () => {
  let database: ThrowawayDatabase;
  let handle: DatabaseHandle;
  let shop: Shop;
  let a: RunningServer;
  let b: RunningServer;
  let host: Browser;
  let hostAddress: string;
  /** Carts paid (by PIX or card) during the suite: each must have one receipt, one sale. */
  const paidCarts: { cartId: string; email: string }[] = [];
  let expiredOrderId = "";
  let cardOrderId = "";

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    handle = await connectDatabase({ databaseUrl: database.url });
    await migrateDatabase(handle);
    shop = await shopFixture(handle.db, [
      { name: "Café", priceCents: 800, stock: null },
      { name: "Granola", priceCents: 1650, stock: STOCK.Granola },
      { name: "Vinho", priceCents: 8000, stock: STOCK.Vinho },
      { name: "Água", priceCents: 300, stock: 8 },
    ]);
    hostAddress = await hostEmail(handle.db, shop);
    // A low-stock alert open before the instances start: the digest job's first slot is at start (then one
    // every 15 minutes), and both instances offer it at once.
    const [owner] = await handle.db
      .select()
      .from(member)
      .where(eq(member.organizationId, shop.organizationId));
    if (!owner) throw new Error("the shop has no owner");
    await saveStockQuantities(
      handle.db,
      { userId: owner.userId, organizationId: shop.organizationId, role: "owner" },
      shop.propertyId,
      [
        {
          productId: productId("Água"),
          current: String(STOCK.Água),
          expected: "5",
          lossReason: "consumed_unpaid",
        },
      ],
    );

    // Both instances share the database, the signing secret (sessions, the sandbox's webhooks) and the public
    // address, which reaches A: the sandbox's notifications go there, whichever instance made the charge.
    const portA = await freePort();
    const shared = {
      DATABASE_URL: database.url,
      APP_URL: `http://127.0.0.1:${portA}`,
      AUTH_SECRET: "two-instances-shared-secret-0123456789abcdef",
      TRUSTED_IP_HEADER: "x-forwarded-for",
      CARD_SETTLEMENT_DAYS: "0",
      LOG_LEVEL: "info",
    };
    [a, b] = await Promise.all([startServer({ ...shared, PORT: String(portA) }), startServer(shared)]);
    host = await signedInBrowser(a, hostAddress, FIXTURE_PASSWORD);
  });
  afterAll(async () => {
    for (const server of [a, b]) {
      if (!server) continue;
      await server.stop();
      removeDir(server.dataDir);
    }
    await handle?.close();
    await database?.drop();
  });

  function productId(name: string): string {
    return shop.productIds[name] ?? "";
  }

  async function addToCart(
    guest: Guest,
    server: RunningServer,
    lines: Record<string, number>,
  ): Promise<string> {
    let cartId = "";
    for (const [name, quantity] of Object.entries(lines)) {
      for (let i = 0; i < quantity; i++) {
        const added = await guest.request(server, "/api/cart", {
          intent: "add",
          hash: shop.hash,
          productId: productId(name),
        });
        expect(added.status, added.body).toBe(200);
        cartId = JSON.parse(added.body).cart.id;
      }
    }
    return cartId;
  }

  function identify(guest: Guest, server: RunningServer, cartId: string, method: "pix" | "credit_card") {
    return guest.request(server, `/payments/${cartId}/${method}`, {
      fullName: "Maria da Silva",
      cpf: "123.456.789-09",
      email: guest.email,
      phone: "(11) 98765-4321",
    });
  }

  async function cardToken(server: RunningServer): Promise<string> {
    const res = await fetch(`${server.url}/sandbox/v1/card_tokens`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({ ...CARD, cardholder: { name: "APRO" } }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  function charge(guest: Guest, server: RunningServer, cartId: string, token: string) {
    return guest.request(server, `/payments/${cartId}/credit_card/charge`, {
      token,
      paymentMethodId: "master",
      issuerId: "",
    });
  }

  async function orderOf(cartId: string) {
    const rows = await handle.db.select().from(orders).where(eq(orders.cartId, cartId));
    return rows.find((o) => o.status === "paid") ?? rows.at(-1);
  }

  async function stockOf(name: string) {
    const [row] = await handle.db
      .select({ current: propertyProducts.currentQuantity, reserved: propertyProducts.reservedQuantity })
      .from(propertyProducts)
      .where(
        and(
          eq(propertyProducts.propertyId, shop.propertyId),
          eq(propertyProducts.productId, productId(name)),
        ),
      );
    return row;
  }

  /** Rows of a query the host's ledgers answer (the database handle's driver types vary). */
  async function rowsOf<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
    return (await handle.db.execute(query)).rows as T[];
  }

  /** Every email either instance sent (each keeps its own dev outbox). */
  const sentMail = () => [a, b].flatMap((s) => readOutbox(path.join(s.dataDir, "outbox")));

  async function completedRuns(job: string): Promise<number> {
    const rows = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = ${job} and state = 'completed'`,
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * What must hold whatever was interrupted: each product's held units are those of its open orders, its sold
   * units those of its paid orders, in the stock ledger too; each wallet equals the sums of its movements, and
   * each paid order is one sale in it.
   */
  async function expectBooksAgree() {
    const stock = await rowsOf<{
      name: string;
      current: number | null;
      reserved: number;
      held: number;
      sold: number;
      ledger: number;
    }>(sql`
      select p.name, pp.current_quantity as current, pp.reserved_quantity as reserved,
        (select coalesce(sum(oi.reserved_quantity), 0) from order_items oi join orders o on o.id = oi.order_id
          where o.property_id = pp.property_id and oi.product_id = pp.product_id
            and o.status in ('pending', 'processing'))::int as held,
        (select coalesce(sum(oi.quantity), 0) from order_items oi join orders o on o.id = oi.order_id
          where o.property_id = pp.property_id and oi.product_id = pp.product_id and o.status = 'paid')::int as sold,
        (select coalesce(sum(m.old_quantity - m.new_quantity), 0) from stock_movements m
          where m.property_id = pp.property_id and m.product_id = pp.product_id and m.reason = 'sale')::int as ledger
      from property_products pp join products p on p.id = pp.product_id
      where pp.property_id = ${shop.propertyId}`);
    for (const row of stock) {
      expect(row.reserved, `${row.name} held`).toBe(row.held);
      if (row.current === null) continue;
      expect(row.ledger, `${row.name} sold in the ledger`).toBe(row.sold);
      expect(row.current, `${row.name} in stock`).toBe(STOCK[row.name as keyof typeof STOCK] - row.sold);
    }
    const wallets = await rowsOf<{ id: string; wrong: boolean }>(sql`
      select w.id, (coalesce(m.available, 0) <> w.available_cents or coalesce(m.pending, 0) <> w.pending_cents
        or coalesce(m.reserved, 0) <> w.reserved_cents or coalesce(m.withdrawn, 0) <> w.withdrawn_cents) as wrong
      from wallets w left join (
        select wallet_id,
          sum(amount_cents) filter (where bucket = 'available') as available,
          sum(amount_cents) filter (where bucket = 'pending') as pending,
          sum(amount_cents) filter (where bucket = 'reserved') as reserved,
          sum(amount_cents) filter (where bucket = 'withdrawn') as withdrawn
        from wallet_movements group by wallet_id) m on m.wallet_id = w.id`);
    expect(wallets.filter((w) => w.wrong)).toEqual([]);
    const sales = await rowsOf<{ id: string; status: string; n: number }>(sql`
      select o.id, o.status, count(m.id)::int as n from orders o
      left join wallet_movements m on m.order_id = o.id and m.kind = 'sale'
      where o.property_id = ${shop.propertyId} group by o.id, o.status`);
    for (const sale of sales)
      expect(sale.n, `${sale.status} order ${sale.id}`).toBe(sale.status === "paid" ? 1 : 0);
  }

  it("the host signs in on A and the same session opens the back office on B", async () => {
    const onB = new Browser(b, { ip: host.ip });
    for (const [name, value] of host.cookies) onB.cookies.set(name, value);
    const dashboard = await onB.get("/dashboard");
    expect(dashboard.status).toBe(200);
    const [property] = await handle.db
      .select({ name: properties.name })
      .from(properties)
      .where(eq(properties.id, shop.propertyId));
    expect(visibleText(dashboard.body)).toContain(property?.name ?? "-");
    const stranger = await new Browser(b).get("/dashboard");
    expect(stranger.status).toBe(302);
    expect(stranger.location).toContain("/auth");
  });

  it("a guest opens the shop on A and pays on B; the sandbox's webhook reaches A; both show the order paid", async () => {
    const guest = guestDevice();
    const shopPage = await guest.request(a, `/i/${shop.hash}`);
    expect(shopPage.status).toBe(200);
    expect(shopPage.body).toContain("Granola");
    const cartId = await addToCart(guest, a, { Granola: 2, Café: 1 });

    const identified = await identify(guest, b, cartId, "pix");
    expect(identified.status, identified.body.slice(0, 300)).toBe(303);
    expect(await stockOf("Granola")).toEqual({ current: STOCK.Granola, reserved: 2 });
    const asked = await guest.request(b, `/payments/${cartId}/pix/payment`, { intent: "pix" });
    expect(asked.status).toBe(303);
    const page = await guest.request(b, `/payments/${cartId}/pix/payment`);
    const code = (/<textarea[^>]*data-pix-code[^>]*>([^<]*)<\/textarea>/.exec(page.body)?.[1] ?? "").trim();
    const chargeId = parseBrCode(code)?.txid?.replace(/^SBX/, "") ?? "";
    expect(chargeId).not.toBe("");

    // The payer pays (the sandbox's page on B); the provider notifies the public address, which is A.
    const approved = await settleCharge(b.url, chargeId, "approve");
    expect(approved.location).toContain("(webhook 200)");
    await expect.poll(async () => (await orderOf(cartId))?.status, WEBHOOK_APPLIED).toBe("paid");
    // A's request line is written when its answer is finished, which may come after the order reads paid.
    await expect.poll(() => a.output(), WEBHOOK_APPLIED).toContain("/webhooks/payments/sandbox");
    expect(b.output()).not.toContain("/webhooks/payments/sandbox");
    paidCarts.push({ cartId, email: guest.email });

    const success = await guest.request(b, `/payments/${cartId}/success`);
    expect(success.status).toBe(200);
    expect(success.body).toContain("Pagamento confirmado!");
    const order = await orderOf(cartId);
    const sales = await host.get("/sales");
    expect(sales.status).toBe(200);
    expect(saleCard(sales.body, order?.id ?? "")).toContain("Pago");
    expect(await stockOf("Granola")).toEqual({ current: STOCK.Granola - 2, reserved: 0 });

    // A card sale on B too: due at once here (CARD_SETTLEMENT_DAYS=0), released by the jobs further on.
    const payer = guestDevice();
    const cardCart = await addToCart(payer, a, { Vinho: 1 });
    expect((await identify(payer, b, cardCart, "credit_card")).status).toBe(303);
    const paid = await charge(payer, b, cardCart, await cardToken(a));
    expect(paid.status, paid.body).toBe(200);
    expect(JSON.parse(paid.body)).toMatchObject({ ok: true, status: "paid" });
    cardOrderId = (await orderOf(cardCart))?.id ?? "";
    paidCarts.push({ cartId: cardCart, email: payer.email });
    expect(saleCard((await host.get("/sales")).body, cardOrderId)).toContain("Pago");
  });

  it("a product photo uploaded on A is served by B at the same address", async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0b6b5e" } })
      .png()
      .toBuffer();
    const saved = await postMultipart(
      host,
      "/products",
      { intent: "create", name: "Geleia da casa", price: "12,00", cost: "", categoryId: "" },
      { name: "geleia.png", type: "image/png", bytes: png },
    );
    expect(saved.status, saved.body.slice(0, 300)).toBe(200);
    const listed = await host.get("/products");
    expect(listed.body).toContain("Geleia da casa");
    const [product] = await handle.db
      .select({ image: products.image, thumb: products.imageThumb })
      .from(products)
      .where(and(eq(products.organizationId, shop.organizationId), eq(products.name, "Geleia da casa")));
    expect(product?.image).toMatch(/^\/media\//);
    // The list shows the thumbnail; the photo itself is what the shop opens.
    expect(listed.body).toContain(`src="${product?.thumb}"`);
    for (const address of [product?.image, product?.thumb]) {
      const fromA = await fetch(`${a.url}${address}`);
      const fromB = await fetch(`${b.url}${address}`);
      expect(fromA.status, `${address} on A`).toBe(200);
      expect(fromB.status, `${address} on B`).toBe(200);
      expect(fromB.headers.get("content-type")).toBe("image/webp");
      expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(
        true,
      );
    }
  });

  it("an order left unpaid past its hold is cancelled once and its stock released once, both instances sweeping", async () => {
    const guest = guestDevice();
    const before = await stockOf("Vinho");
    const cartId = await addToCart(guest, b, { Vinho: 3 });
    expect((await identify(guest, b, cartId, "pix")).status).toBe(303);
    expect((await guest.request(a, `/payments/${cartId}/pix/payment`, { intent: "pix" })).status).toBe(303);
    expect(await stockOf("Vinho")).toEqual({
      current: before?.current,
      reserved: (before?.reserved ?? 0) + 3,
    });
    const order = await orderOf(cartId);
    expiredOrderId = order?.id ?? "";

    // Its 30 minutes are over (the hold is at least 30): the sweep, on whichever instance, gives it up.
    await handle.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, expiredOrderId));
    await expect.poll(async () => (await orderOf(cartId))?.status, JOBS_DONE).toBe("cancelled");
    expect(await stockOf("Vinho")).toEqual(before);

    const ended = await guest.request(b, `/payments/${cartId}/success`);
    expect(ended.body).toContain("Pedido cancelado");
    expect(saleCard((await host.get("/sales")).body, expiredOrderId)).toContain("Cancelado");
  });

  it("the jobs take effect once while both instances run them: a card sale released, one stock digest, one receipt each", async () => {
    // The receipts and the expiry above are done: the checkout sweeps from here on (on one instance or the
    // other) must not repeat them.
    const runs = await completedRuns("checkout-sweep");
    // The card sale's money is released by the money sweep (every 30 s): the receivable in, out of 'A receber'.
    await expect
      .poll(async () => {
        const rows = await rowsOf<{ n: number }>(
          sql`select count(*)::int as n from wallet_movements where order_id = ${cardOrderId} and kind = 'settlement'`,
        );
        return rows[0]?.n;
      }, JOBS_DONE)
      .toBe(2);
    const digest = () =>
      sentMail().filter((m) => m.to.includes(hostAddress) && m.subject.startsWith("Estoque baixo"));
    await expect.poll(() => digest().length, JOBS_DONE).toBe(1);
    expect(digest()[0]?.text).toContain(": Água — 1 de 5");

    await expect.poll(() => completedRuns("checkout-sweep"), JOBS_DONE).toBeGreaterThanOrEqual(runs + 2);

    const rows = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from wallet_movements where order_id = ${cardOrderId} and kind = 'settlement'`,
    );
    expect(rows[0]?.n).toBe(2);
    // The host sees it: nothing left to receive, and the wallet's available money on Saques.
    const [wallet] = await rowsOf<{ available: number; pending: number }>(
      sql`select available_cents::int as available, pending_cents::int as pending from wallets where property_id = ${shop.propertyId}`,
    );
    expect(wallet?.pending).toBe(0);
    const withdrawals = visibleText((await host.get("/withdrawals")).body);
    expect(withdrawals).toContain(`Disponível ${brl(wallet?.available ?? -1)}`);
    expect(withdrawals).toContain(`A receber ${brl(0)}`);
    expect(digest()).toHaveLength(1);
    for (const { email } of paidCarts) {
      expect(
        sentMail().filter((m) => m.to.includes(email) && m.subject.startsWith("Recibo")),
        email,
      ).toHaveLength(1);
    }
    const cancellations = await handle.db
      .select()
      .from(orderStatusChanges)
      .where(
        and(eq(orderStatusChanges.orderId, expiredOrderId), eq(orderStatusChanges.toStatus, "cancelled")),
      );
    expect(cancellations).toHaveLength(1);
    const failed = await rowsOf(sql`select id from pgboss.job where state = 'failed'`);
    expect(failed).toEqual([]);
    await expectBooksAgree();
  }, 120_000);

  it("B stopped by SIGTERM with a purchase's requests in flight loses nothing, and A keeps serving", async () => {
    // Eight guests ready to pay by card, four more ready to identify: carts made on A.
    const payers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const guest = guestDevice();
        const cartId = await addToCart(guest, a, { Granola: 1, Café: 1 });
        expect((await identify(guest, a, cartId, "credit_card")).status).toBe(303);
        return { guest, cartId, token: await cardToken(a) };
      }),
    );
    const buyers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const guest = guestDevice();
        return { guest, cartId: await addToCart(guest, a, { Granola: 2 }) };
      }),
    );

    // All sent to B at once; B is told to stop as soon as the first is answered.
    const settle = <T>(p: Promise<T>) =>
      p.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
    const charged = payers.map((p) => settle(charge(p.guest, b, p.cartId, p.token)));
    const identified = buyers.map((p) => settle(identify(p.guest, b, p.cartId, "credit_card")));
    await Promise.race([...charged, ...identified]);
    const exit = await b.stop();
    expect(exit).toBe(0);
    const charges = await Promise.all(charged);
    const identifications = await Promise.all(identified);

    // Every request B answered did all it said.
    let answered = 0;
    for (const [i, result] of charges.entries()) {
      const { cartId } = payers[i] ?? { cartId: "" };
      if ("value" in result) {
        answered += 1;
        expect(result.value.status, result.value.body).toBe(200);
        expect((await orderOf(cartId))?.status).toBe("paid");
        paidCarts.push({ cartId, email: payers[i]?.guest.email ?? "" });
      }
    }
    for (const [i, result] of identifications.entries()) {
      const { cartId } = buyers[i] ?? { cartId: "" };
      if ("value" in result) {
        answered += 1;
        expect(result.value.status, result.value.body.slice(0, 300)).toBe(303);
        expect((await orderOf(cartId))?.status).toBe("pending");
      }
    }
    // Some were still being served when the signal came, and were answered all the same.
    const afterStop = b.output().split('"msg":"stopping"')[1] ?? "";
    expect(afterStop).toMatch(/"path":"\/payments\/[^"]+\/credit_card(\/charge)?","status":(200|303)/);
    expect(answered).toBeGreaterThan(1);
    await expectBooksAgree();

    // A serves on: whatever B did not answer is finished there, on the same carts.
    for (const [i, result] of charges.entries()) {
      const payer = payers[i];
      if (!payer || "value" in result) continue;
      if ((await orderOf(payer.cartId))?.status !== "paid") {
        const paid = await charge(payer.guest, a, payer.cartId, await cardToken(a));
        expect(paid.status, paid.body).toBe(200);
      }
      paidCarts.push({ cartId: payer.cartId, email: payer.guest.email });
    }
    for (const [i, result] of identifications.entries()) {
      const buyer = buyers[i];
      if (!buyer || "value" in result) continue;
      const again = await identify(buyer.guest, a, buyer.cartId, "credit_card");
      expect(again.status, again.body.slice(0, 300)).toBe(303);
    }
    for (const payer of payers) {
      const success = await payer.guest.request(a, `/payments/${payer.cartId}/success`);
      expect(success.body).toContain("Pagamento confirmado!");
    }
    expect((await host.get("/dashboard")).status).toBe(200);
    await expectBooksAgree();
    // Receipts B did not get to send go out from A's sweep: one each, never two.
    const receipts = (email: string) =>
      sentMail().filter((m) => m.to.includes(email) && m.subject.startsWith("Recibo")).length;
    await expect.poll(() => paidCarts.every(({ email }) => receipts(email) >= 1), JOBS_DONE).toBe(true);
    for (const { email } of paidCarts) expect(receipts(email), email).toBe(1);
  }, 90_000);
});
