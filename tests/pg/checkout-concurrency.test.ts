// Checkout on real PostgreSQL with many clients at once: three app instances (three connection pools) on
// one database, racing to order, pay, replay webhooks, poll, expire and sweep. Everything asserted is what a
// host or a guest could observe: order statuses, stock counts, the stock and money ledgers, history rows.
import { and, asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart } from "~/domain/carts/add-to-cart.server";
import { recomputeTotal } from "~/domain/carts/cart-summary.server";
import { AppError } from "~/domain/errors";
import { expireOrder } from "~/domain/payments/expire-order.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { refreshGuestOrder } from "~/domain/payments/refresh-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import { sweepCheckout } from "~/domain/payments/sweep-checkout.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import {
  cartItems,
  carts,
  orderItems,
  orderStatusChanges,
  orders,
  paymentEvents,
  payments,
  propertyProducts,
  stockMovements,
  walletMovements,
  wallets,
} from "~/platform/db/schema";
import { type JobRunner, type RecurringJob, startJobRunner } from "~/platform/jobs/job-runner.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import type { WebhookRequest } from "~/platform/payments/provider";
import type { SandboxProvider } from "~/platform/payments/sandbox-provider.server";
import {
  BUYER,
  type CheckoutHarness,
  checkoutHarness,
  deliverWebhook,
  SANDBOX_PAYMENTS,
} from "../support/checkout-fixtures";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { newDeviceId, shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

const MINUTE = 60_000;
const silent = pino({ level: "silent" });

type Shop = Awaited<ReturnType<typeof shopFixture>>;
type Guest = { cartId: string; deviceId: string; key: { cartId: string; deviceId: string; ip: string } };
/** One app instance: its own pool, payments context, sandbox client and outbox. */
type Instance = { handle: DatabaseHandle; harness: CheckoutHarness; ctx: PaymentsContext };

/** Waits for a condition, polling it; fails after `timeoutMs`. */
async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A distinct client address per guest: new carts and orders are limited per IP. */
let ipCounter = 0;
const nextIp = () => {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** The signed notification the sandbox sends about a payment, as the webhook route hands it over. */
async function signedWebhook(sandbox: SandboxProvider, paymentId: string): Promise<WebhookRequest> {
  const { url, headers, body } = await sandbox.webhookFor(paymentId);
  return { headers, body, query: new URL(url).searchParams };
}

describe.runIf(available)("checkout on PostgreSQL, under concurrency and across instances", () => {
  let database: ThrowawayDatabase;
  let instances: Instance[] = [];
  const running = new Set<JobRunner>();
  const at = (i: number) => instances[i % instances.length] as Instance;
  const db = () => at(0).handle.db;
  /** Moves every instance's clock (they are kept equal). */
  const advance = (ms: number) => {
    for (const { harness } of instances) harness.clock.advance(ms);
  };

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    const handles = await Promise.all(
      [1, 2, 3].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 15 })),
    );
    await migrateDatabase(handles[0] as DatabaseHandle);
    instances = handles.map((handle) => {
      const harness = checkoutHarness(handle.db);
      return { handle, harness, ctx: harness.ctx };
    });
    const start = at(0).harness.clock.now().getTime();
    for (const { harness } of instances) harness.clock.advance(start - harness.clock.now().getTime());
  });
  afterAll(async () => {
    await stopRunners([...running]);
    await Promise.all(instances.map((i) => i.handle.close()));
    await database?.drop();
  });

  /** Starts a job runner per instance, each with the jobs `jobsOf(instance)` gives. */
  async function startRunners(count: number, jobsOf: (instance: number) => RecurringJob[]) {
    const started = await Promise.all(
      Array.from({ length: count }, (_, i) => startJobRunner(at(i).handle, jobsOf(i), silent)),
    );
    for (const r of started) running.add(r);
    return started;
  }
  async function stopRunners(list: JobRunner[]) {
    for (const r of list) running.delete(r);
    await Promise.all(list.map((r) => r.stop()));
  }

  /** A guest of this shop whose cart holds `quantity` units of the product. */
  function guestOf(shop: Shop, product: string, quantity: number, instance = 0): Promise<Guest> {
    return guestAdding(shop, Array(quantity).fill(product), instance);
  }

  /** A guest of this shop who added these products to the cart, a unit each time, in this order. */
  async function guestAdding(shop: Shop, adds: string[], instance = 0): Promise<Guest> {
    const deviceId = newDeviceId();
    const ip = nextIp();
    let cartId = "";
    for (const product of adds) {
      const cart = await addToCart(at(instance).handle.db, {
        hash: shop.hash,
        productId: shop.productIds[product] ?? "",
        deviceId,
        ip,
      });
      cartId = cart.id;
    }
    return { cartId, deviceId, key: { cartId, deviceId, ip } };
  }

  async function stockOf(shop: Shop, product: string) {
    const [row] = await db()
      .select({ current: propertyProducts.currentQuantity, reserved: propertyProducts.reservedQuantity })
      .from(propertyProducts)
      .where(
        and(
          eq(propertyProducts.propertyId, shop.propertyId),
          eq(propertyProducts.productId, shop.productIds[product] ?? ""),
        ),
      );
    return row;
  }

  async function statusOf(orderId: string) {
    const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    return row?.status;
  }

  async function history(orderId: string) {
    const rows = await db()
      .select({
        from: orderStatusChanges.fromStatus,
        to: orderStatusChanges.toStatus,
        reason: orderStatusChanges.reason,
      })
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, orderId))
      .orderBy(asc(orderStatusChanges.createdAt));
    return rows.map((r) => `${r.from ?? "∅"}→${r.to} (${r.reason})`);
  }

  /** The provider's id of the order's PIX charge. */
  async function pixOf(orderId: string) {
    const [row] = await db()
      .select({ providerPaymentId: payments.providerPaymentId })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.method, "pix")));
    if (!row?.providerPaymentId) throw new Error(`order ${orderId} has no PIX charge`);
    return row.providerPaymentId;
  }

  async function chargesOf(orderId: string) {
    return db()
      .select({ status: payments.status, detail: payments.statusDetail })
      .from(payments)
      .where(eq(payments.orderId, orderId));
  }

  /** Receipts of this order sent by any instance. */
  const receiptsOf = (orderId: string, email: string) =>
    instances
      .flatMap((i) => i.harness.outbox())
      .filter((m) => m.to === email && m.text.includes(orderId.slice(0, 8)));

  it("200 guests racing for 10 units: 10 orders, 190 refusals; the 10 paying at once sell exactly 10", async () => {
    const shop = await shopFixture(db(), [{ name: "Vinho", priceCents: 5000, stock: 10 }]);
    const guests = await Promise.all(Array.from({ length: 200 }, (_, i) => guestOf(shop, "Vinho", 1, i)));

    const placed = await Promise.allSettled(
      guests.map((g, i) => placeOrder(at(i).ctx, { ...g.key, method: "pix", buyer: BUYER })),
    );
    const winners = guests.filter((_, i) => placed[i]?.status === "fulfilled");
    const refusals = placed.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(winners).toHaveLength(10);
    for (const r of placed) if (r.status === "fulfilled") expect(r.value.ok).toBe(true);
    expect(refusals).toHaveLength(190);
    for (const reason of refusals) {
      expect(reason).toBeInstanceOf(AppError);
      expect((reason as AppError).kind).toBe("insufficient_stock");
    }
    const placedOrders = await db()
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.propertyId, shop.propertyId));
    expect(placedOrders.map((o) => o.status)).toEqual(Array(10).fill("pending"));
    expect(await stockOf(shop, "Vinho")).toEqual({ current: 10, reserved: 10 });

    // Each winner pays: the charge is made on one instance, its webhook lands on another.
    const outcomes = await Promise.all(
      winners.map(async (g, i) => {
        const { orderId } = await startPixPayment(at(i).ctx, g.key);
        const pix = await pixOf(orderId);
        await at(i).harness.sandbox.settle(pix, "approve");
        return deliverWebhook(
          at(i + 1).ctx,
          SANDBOX_PAYMENTS,
          await signedWebhook(at(i + 1).harness.sandbox, pix),
        );
      }),
    );
    expect(outcomes).toEqual(Array(10).fill("applied"));

    const paid = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.propertyId, shop.propertyId));
    expect(paid.map((o) => o.status)).toEqual(Array(10).fill("paid"));
    expect(await stockOf(shop, "Vinho")).toEqual({ current: 0, reserved: 0 });
    const sales = await db()
      .select({
        reason: stockMovements.reason,
        old: stockMovements.oldQuantity,
        new: stockMovements.newQuantity,
      })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.propertyId, shop.propertyId),
          eq(stockMovements.productId, shop.productIds.Vinho ?? ""),
          eq(stockMovements.reason, "sale"),
        ),
      );
    expect(sales).toHaveLength(10);
    // One unit each, from 10 down to 0 without a gap or a repeat: the row lock made them queue.
    expect(sales.map((s) => s.old).sort((a, b) => (b ?? 0) - (a ?? 0))).toEqual([
      10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
    ]);
    expect(sales.every((s) => s.new === (s.old ?? 0) - 1)).toBe(true);

    const [wallet] = await db().select().from(wallets).where(eq(wallets.propertyId, shop.propertyId));
    if (!wallet) throw new Error("no wallet");
    const money = await db().select().from(walletMovements).where(eq(walletMovements.walletId, wallet.id));
    expect(money.filter((m) => m.kind === "sale").map((m) => m.amountCents)).toEqual(Array(10).fill(5000));
    expect(money.filter((m) => m.kind === "fee")).toHaveLength(10);
    expect(money.every((m) => m.bucket === "available")).toBe(true);
    expect(wallet.availableCents).toBe(money.reduce((sum, m) => sum + m.amountCents, 0));
    expect(wallet.pendingCents).toBe(0);
  });

  it("30 guests ordering four products at once, lines added in different orders: 15 orders, no deadlock", async () => {
    const shop = await shopFixture(db(), [
      { name: "Café", priceCents: 800, stock: 20 },
      { name: "Chá", priceCents: 600, stock: 20 },
      { name: "Vinho", priceCents: 5000, stock: 15 },
      { name: "Água", priceCents: 450, stock: null },
    ]);
    const names = ["Café", "Chá", "Vinho", "Água"];
    // Each cart holds one of each counted product and two waters, added starting from a different product.
    const guests = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        guestAdding(shop, [...names.slice(i % 4), ...names.slice(0, i % 4), "Água"], i),
      ),
    );

    const placed = await Promise.allSettled(
      guests.map((g, i) => placeOrder(at(i).ctx, { ...g.key, method: "pix", buyer: BUYER })),
    );
    const refusals = placed.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    // Wine runs out first: every refusal is about the stock (never a deadlock), and says so about wine.
    expect(refusals).toHaveLength(15);
    for (const reason of refusals) {
      expect((reason as AppError).kind).toBe("insufficient_stock");
      expect((reason as AppError).message).toBe("Vinho esgotou enquanto você comprava.");
    }
    expect(await stockOf(shop, "Café")).toEqual({ current: 20, reserved: 15 });
    expect(await stockOf(shop, "Chá")).toEqual({ current: 20, reserved: 15 });
    expect(await stockOf(shop, "Vinho")).toEqual({ current: 15, reserved: 15 });
    expect(await stockOf(shop, "Água")).toEqual({ current: null, reserved: 0 });
    const items = await db()
      .select({ name: orderItems.name, quantity: orderItems.quantity, reserved: orderItems.reservedQuantity })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.propertyId, shop.propertyId));
    const held = (name: string) => items.filter((it) => it.name === name).map((it) => it.reserved);
    expect(held("Café")).toEqual(Array(15).fill(1));
    expect(held("Vinho")).toEqual(Array(15).fill(1));
    expect(items.filter((it) => it.name === "Água").map((it) => [it.quantity, it.reserved])).toEqual(
      Array(15).fill([2, 0]),
    );
    const totals = await db()
      .select({ total: orders.totalCents })
      .from(orders)
      .where(eq(orders.propertyId, shop.propertyId));
    expect(totals.map((o) => o.total)).toEqual(Array(15).fill(800 + 600 + 5000 + 2 * 450));
  });

  it("an order made while a change to its cart commits takes the cart as it stands after the change", async () => {
    const shop = await shopFixture(db(), [
      { name: "Café", priceCents: 800, stock: 5 },
      { name: "Chá", priceCents: 600, stock: null },
    ]);
    const guest = await guestOf(shop, "Café", 1);
    let commit = () => {};
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let changed = () => {};
    const holdingTheCart = new Promise<void>((resolve) => {
      changed = resolve;
    });
    // A change to the lines as the cart's own paths make one: the cart's lock, the line, the new total.
    const change = db().transaction(async (tx) => {
      await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, guest.cartId)).for("update");
      await tx.insert(cartItems).values({
        organizationId: shop.organizationId,
        cartId: guest.cartId,
        productId: shop.productIds.Chá ?? "",
        quantity: 2,
        unitPriceCents: 600,
      });
      await recomputeTotal(tx, guest.cartId);
      changed();
      await committing;
    });
    // The change holds the cart before the order is asked for, so the order is the one that waits.
    await holdingTheCart;
    const placing = placeOrder(at(1).ctx, { ...guest.key, method: "pix", buyer: BUYER });
    await until(
      async () => {
        const { rows } = await db().execute(
          sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number(rows[0]?.n) > 0;
      },
      5000,
      "the order to wait for the cart",
    );
    commit();
    await change;
    const placed = await placing;
    if (!placed.ok) throw new Error("no order");
    const items = await db()
      .select({ name: orderItems.name, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.orderId))
      .orderBy(asc(orderItems.name));
    expect(items).toEqual([
      { name: "Café", quantity: 1 },
      { name: "Chá", quantity: 2 },
    ]);
    const [order] = await db()
      .select({ total: orders.totalCents })
      .from(orders)
      .where(eq(orders.id, placed.orderId));
    expect(order?.total).toBe(800 + 2 * 600);
  });

  it("a guest asking for the PIX code in 10 tabs at once, on three instances, gets one charge", async () => {
    const shop = await shopFixture(db(), [{ name: "Café", priceCents: 800, stock: 5 }]);
    const guest = await guestOf(shop, "Café", 1);
    const placed = await placeOrder(at(0).ctx, { ...guest.key, method: "pix", buyer: BUYER });
    if (!placed.ok) throw new Error("no order");
    const asked = await Promise.all(
      Array.from({ length: 10 }, (_, i) => startPixPayment(at(i).ctx, guest.key)),
    );
    expect(asked.map((a) => a.orderId)).toEqual(Array(10).fill(placed.orderId));
    const charges = await db()
      .select({ method: payments.method, status: payments.status, code: payments.pixCode })
      .from(payments)
      .where(eq(payments.orderId, placed.orderId));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ method: "pix", status: "pending" });
    expect(charges[0]?.code).toMatch(/^000201/);
  });

  it("a paid PIX's webhook replayed 10 times while the guest polls 10 times pays the order exactly once", async () => {
    const shop = await shopFixture(db(), [{ name: "Café", priceCents: 800, stock: 5 }]);
    const g = await guestOf(shop, "Café", 2);
    const buyer = { ...BUYER, email: "replay@example.com" };
    await placeOrder(at(0).ctx, { ...g.key, method: "pix", buyer });
    const { orderId } = await startPixPayment(at(0).ctx, g.key);
    const pix = await pixOf(orderId);
    await at(0).harness.sandbox.settle(pix, "approve");
    // Past the 5 s pacing, so every poll may ask the provider itself.
    advance(6_000);

    const same = await signedWebhook(at(0).harness.sandbox, pix);
    const [identical, fresh, polls] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, (_, i) => deliverWebhook(at(i).ctx, SANDBOX_PAYMENTS, same))),
      Promise.all(
        Array.from({ length: 5 }, async (_, i) =>
          deliverWebhook(
            at(i + 1).ctx,
            SANDBOX_PAYMENTS,
            await signedWebhook(at(i + 1).harness.sandbox, pix),
          ),
        ),
      ),
      Promise.all(Array.from({ length: 10 }, (_, i) => refreshGuestOrder(at(i + 2).ctx, g.key))),
    ]);
    expect(identical.filter((o) => o === "duplicate")).toHaveLength(4);
    expect(identical.filter((o) => o === "applied")).toHaveLength(1);
    expect(fresh).toEqual(Array(5).fill("applied"));
    for (const poll of polls) expect(poll?.orderId).toBe(orderId);

    expect(await statusOf(orderId)).toBe("paid");
    expect(await history(orderId)).toEqual(["∅→pending (created)", "pending→paid (payment_approved)"]);
    const sales = await db()
      .select({
        reason: stockMovements.reason,
        old: stockMovements.oldQuantity,
        new: stockMovements.newQuantity,
      })
      .from(stockMovements)
      .where(eq(stockMovements.reference, `order:${orderId}`));
    expect(sales).toEqual([{ reason: "sale", old: 5, new: 3 }]);
    expect(await stockOf(shop, "Café")).toEqual({ current: 3, reserved: 0 });
    const money = await db().select().from(walletMovements).where(eq(walletMovements.orderId, orderId));
    expect(money.map((m) => m.kind).sort()).toEqual(["fee", "sale"]);
    const [cart] = await db().select({ status: carts.status }).from(carts).where(eq(carts.id, g.cartId));
    expect(cart?.status).toBe("ordered");
    expect(receiptsOf(orderId, buyer.email)).toHaveLength(1);
  });

  it("a guest re-ordering while the webhook pays the order in progress never deadlocks: one of them wins", async () => {
    const shop = await shopFixture(db(), [{ name: "Suco", priceCents: 700, stock: null }]);
    const refusals: string[] = [];
    for (let race = 0; race < 25; race++) {
      const g = await guestOf(shop, "Suco", 1);
      await placeOrder(at(0).ctx, { ...g.key, method: "pix", buyer: BUYER });
      const { orderId } = await startPixPayment(at(0).ctx, g.key);
      const pix = await pixOf(orderId);
      await at(0).harness.sandbox.settle(pix, "approve");
      // The guest adds one more and goes on to pay again, just as the first payment's webhook arrives.
      await addToCart(db(), {
        hash: shop.hash,
        productId: shop.productIds.Suco ?? "",
        deviceId: g.deviceId,
        ip: g.key.ip,
      });
      const notification = await signedWebhook(at(2).harness.sandbox, pix);
      const [placed, hook] = await Promise.allSettled([
        placeOrder(at(1).ctx, { ...g.key, method: "pix", buyer: BUYER }),
        deliverWebhook(at(2).ctx, SANDBOX_PAYMENTS, notification),
      ]);
      expect(hook).toMatchObject({ status: "fulfilled", value: "applied" });
      if (placed.status === "rejected") {
        // The webhook won: the cart was paid, so there is nothing left to re-order.
        expect(placed.reason).toBeInstanceOf(AppError);
        refusals.push((placed.reason as AppError).message);
        expect(await statusOf(orderId)).toBe("paid");
      } else {
        // The new order won: the first was replaced, and the money that came for it goes back.
        expect(await statusOf(orderId)).toBe("cancelled");
        const [first] = await db()
          .select({ status: payments.status })
          .from(payments)
          .where(eq(payments.providerPaymentId, pix));
        expect(first?.status).toBe("refunded");
      }
    }
    expect(new Set(refusals)).toEqual(new Set(refusals.length ? ["Carrinho não encontrado"] : []));
  });

  it("refuses a webhook whose signature was tampered with, on every instance, storing nothing", async () => {
    const shop = await shopFixture(db(), [{ name: "Água", priceCents: 450, stock: 5 }]);
    const g = await guestOf(shop, "Água", 1);
    await placeOrder(at(0).ctx, { ...g.key, method: "pix", buyer: BUYER });
    const { orderId } = await startPixPayment(at(0).ctx, g.key);
    const pix = await pixOf(orderId);
    await at(0).harness.sandbox.settle(pix, "approve");

    const tampered = await signedWebhook(at(0).harness.sandbox, pix);
    const signature = tampered.headers.get("x-signature") ?? "";
    // Another first hex digit of v1, whatever it was (replacing it by a fixed one is a no-op 1 time in 16).
    tampered.headers.set(
      "x-signature",
      signature.replace(/v1=(.)/, (_, c: string) => `v1=${c === "0" ? "1" : "0"}`),
    );
    expect(tampered.headers.get("x-signature")).not.toBe(signature);
    const [before] = await db().select({ n: sql<number>`count(*)::int` }).from(paymentEvents);

    const outcomes = await Promise.all(
      instances.map((i) => deliverWebhook(i.ctx, SANDBOX_PAYMENTS, tampered)),
    );
    expect(outcomes).toEqual(instances.map(() => "refused"));
    const [after] = await db().select({ n: sql<number>`count(*)::int` }).from(paymentEvents);
    expect(after?.n).toBe(before?.n);
    expect(await statusOf(orderId)).toBe("pending");
    expect(await history(orderId)).toEqual(["∅→pending (created)"]);
  });

  it("an overdue order expired 20 times at once while both instances sweep is cancelled once", async () => {
    const shop = await shopFixture(db(), [{ name: "Vinho", priceCents: 5000, stock: 5 }]);
    const a = await guestOf(shop, "Vinho", 2);
    const b = await guestOf(shop, "Vinho", 1);
    await placeOrder(at(0).ctx, { ...a.key, method: "pix", buyer: BUYER });
    const { orderId: orderA } = await startPixPayment(at(0).ctx, a.key);
    // B is made 20 minutes later, so it still has 20 minutes to go when A's time is up.
    advance(20 * MINUTE);
    await placeOrder(at(1).ctx, { ...b.key, method: "pix", buyer: BUYER });
    const { orderId: orderB } = await startPixPayment(at(1).ctx, b.key);
    expect(await stockOf(shop, "Vinho")).toEqual({ current: 5, reserved: 3 });

    const past = 10 * MINUTE + 1_000;
    advance(past);
    try {
      await Promise.all([
        ...Array.from({ length: 20 }, (_, i) => expireOrder(at(i).ctx, orderA)),
        ...instances.map((i) => sweepCheckout(i.ctx)),
      ]);
    } finally {
      // Back near the real time, which the webhook signatures of later tests are checked against.
      advance(-(20 * MINUTE + past));
    }

    expect(await statusOf(orderA)).toBe("cancelled");
    expect(await history(orderA)).toEqual(["∅→pending (created)", "pending→cancelled (expired)"]);
    // Only A's two units came back: a second release would have taken B's unit too.
    expect(await stockOf(shop, "Vinho")).toEqual({ current: 5, reserved: 1 });
    expect(await chargesOf(orderA)).toEqual([{ status: "cancelled", detail: "expired" }]);
    expect(await statusOf(orderB)).toBe("pending");
    expect(await history(orderB)).toEqual(["∅→pending (created)"]);
    expect((await chargesOf(orderB)).map((c) => c.status)).toEqual(["pending"]);
  });

  describe("two app instances running the recurring jobs", () => {
    it("run a job once per time slot between them", async () => {
      const runs: { instance: number; at: number }[] = [];
      const pair = await startRunners(2, (instance) => [
        { name: "test-sweep", everySeconds: 2, run: async () => runs.push({ instance, at: Date.now() }) },
      ]);
      try {
        await until(() => runs.length >= 4, 15_000, "four runs of the job");
      } finally {
        await stopRunners(pair);
      }

      // Run times cannot tell the slots apart (a job offered late in one slot may start in the next), so the
      // queue's own rows say it: one job per 2 s slot, none failed, and as many runs as completed jobs, so no
      // job ran on both instances.
      const perSlot = await db().execute(
        sql`select singleton_on, count(*)::int as n from pgboss.job where name = 'test-sweep' group by 1`,
      );
      expect(perSlot.rows.length).toBeGreaterThanOrEqual(3);
      expect(perSlot.rows.filter((r) => r.singleton_on === null || r.n !== 1)).toEqual([]);
      const states = await db().execute(
        sql`select state::text as state, count(*)::int as n from pgboss.job where name = 'test-sweep' group by 1`,
      );
      const count = (state: string) => Number(states.rows.find((r) => r.state === state)?.n ?? 0);
      expect(count("failed")).toBe(0);
      expect(count("completed")).toBe(runs.length);
      expect(runs.length).toBeGreaterThanOrEqual(3);
    });

    it("run a job of a long slot as soon as they start, whichever polled first", async () => {
      // A worker polls every half slot: one that fetched just before its instance's offer would otherwise
      // leave a 15-minute job waiting 7.5 minutes. Several queues make that race likely to show.
      const runs: string[] = [];
      const names = ["long-a", "long-b", "long-c", "long-d", "long-e", "long-f"];
      const pair = await startRunners(2, () =>
        names.map((name) => ({ name, everySeconds: 15 * 60, run: async () => runs.push(name) })),
      );
      try {
        await until(() => names.every((n) => runs.includes(n)), 10_000, "a run of each job");
      } finally {
        await stopRunners(pair);
      }
      expect([...new Set(runs)].toSorted()).toEqual(names);
    });

    it("give up an overdue order once with the real sweep, its stock released once", async () => {
      const shop = await shopFixture(db(), [{ name: "Queijo", priceCents: 3000, stock: 5 }]);
      const a = await guestOf(shop, "Queijo", 2);
      const b = await guestOf(shop, "Queijo", 1);
      const realTime = (i: Instance): PaymentsContext => ({ ...i.ctx, now: () => new Date() });
      // A was made 31 minutes ago: its 30 minutes are up. B was made now.
      const longAgo: PaymentsContext = { ...at(0).ctx, now: () => new Date(Date.now() - 31 * MINUTE) };
      const placedA = await placeOrder(longAgo, { ...a.key, method: "credit_card", buyer: BUYER });
      const placedB = await placeOrder(realTime(at(1)), { ...b.key, method: "credit_card", buyer: BUYER });
      if (!placedA.ok || !placedB.ok) throw new Error("not placed");
      expect(await stockOf(shop, "Queijo")).toEqual({ current: 5, reserved: 3 });

      const sweeps: { instance: number }[] = [];
      const pair = await startRunners(2, (instance) => [
        {
          name: "checkout-sweep",
          everySeconds: 2,
          run: async () => {
            const report = await sweepCheckout(realTime(at(instance)));
            sweeps.push({ instance });
            return report;
          },
        },
      ]);
      try {
        await until(async () => (await statusOf(placedA.orderId)) === "cancelled", 10_000, "A cancelled");
        // Two more sweeps after it: they find nothing left to give back.
        const seen = sweeps.length;
        await until(() => sweeps.length >= seen + 2, 10_000, "two more sweeps");
      } finally {
        await stopRunners(pair);
      }

      expect(await history(placedA.orderId)).toEqual(["∅→pending (created)", "pending→cancelled (expired)"]);
      expect(await stockOf(shop, "Queijo")).toEqual({ current: 5, reserved: 1 });
      expect(await statusOf(placedB.orderId)).toBe("pending");
      const failed = await db().execute(
        sql`select id from pgboss.job where name = 'checkout-sweep' and state = 'failed'`,
      );
      expect(failed.rows).toEqual([]);
    });
  });
});
