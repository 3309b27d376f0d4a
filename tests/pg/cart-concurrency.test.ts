import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart } from "~/domain/carts/add-to-cart.server";
import { recomputeTotal } from "~/domain/carts/cart-summary.server";
import { changeCartItem } from "~/domain/carts/change-cart-item.server";
import { loadShop } from "~/domain/carts/load-shop.server";
import { AppError } from "~/domain/errors";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle, Tx } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { cartItems, carts } from "~/platform/db/schema";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { newDeviceId, shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

describe.runIf(available)("carts on PostgreSQL, under concurrency and over time", () => {
  let database: ThrowawayDatabase;
  let instances: DatabaseHandle[];
  const db = (i: number) => (instances[i % instances.length] as DatabaseHandle).db;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    instances = await Promise.all(
      [1, 2].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 15 })),
    );
    await migrateDatabase(instances[0] as DatabaseHandle);
  });
  afterAll(async () => {
    await Promise.all((instances ?? []).map((i) => i.close()));
    await database?.drop();
  });

  it("40 simultaneous adds of a product with 7 in stock end with exactly 7 in one cart and an exact total", async () => {
    const shop = await shopFixture(db(0), [{ name: "Água", priceCents: 450, stock: 7 }]);
    const device = newDeviceId();
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        addToCart(db(i), {
          hash: shop.hash,
          productId: shop.productIds.Água ?? "",
          deviceId: device,
          ip: "198.51.100.1",
        }),
      ),
    );
    const refused = results.filter((r) => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(7);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError);

    const cart = (await loadShop(db(0), shop.hash, device))?.cart;
    expect(cart?.lines.map((l) => l.quantity)).toEqual([7]);
    expect(cart?.totalCents).toBe(7 * 450);
  });

  it("two tabs adding and removing at once end with the exact quantities and total", async () => {
    const shop = await shopFixture(db(0), [
      { name: "Café", priceCents: 800, stock: null },
      { name: "Chá", priceCents: 300, stock: null },
    ]);
    const device = newDeviceId();
    const cafe = shop.productIds.Café ?? "";
    const cha = shop.productIds.Chá ?? "";
    const first = await addToCart(db(0), {
      hash: shop.hash,
      productId: cafe,
      deviceId: device,
      ip: "198.51.100.2",
    });
    await addToCart(db(1), { hash: shop.hash, productId: cha, deviceId: device, ip: "198.51.100.2" });
    // Eleven coffees first, so the ten takebacks below can never reach zero whatever the order.
    for (let i = 0; i < 10; i++) {
      await addToCart(db(i), { hash: shop.hash, productId: cafe, deviceId: device, ip: "198.51.100.2" });
    }
    // Tab A: 30 more coffees; tab B: 20 more teas and 10 coffees taken back, all interleaved.
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        addToCart(db(i), { hash: shop.hash, productId: cafe, deviceId: device, ip: "198.51.100.2" }),
      ),
      ...Array.from({ length: 20 }, (_, i) =>
        changeCartItem(db(i + 1), { cartId: first.id, productId: cha, deviceId: device, delta: 1 }),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        changeCartItem(db(i), { cartId: first.id, productId: cafe, deviceId: device, delta: -1 }),
      ),
    ]);
    const cart = (await loadShop(db(0), shop.hash, device))?.cart;
    expect(cart?.id).toBe(first.id);
    expect(Object.fromEntries(cart?.lines.map((l) => [l.productId, l.quantity]) ?? [])).toEqual({
      [cafe]: 31,
      [cha]: 21,
    });
    expect(cart?.totalCents).toBe(31 * 800 + 21 * 300);
  });

  it("first adds racing from one device create a single cart", async () => {
    const shop = await shopFixture(db(0), [{ name: "Biscoito", priceCents: 600, stock: null }]);
    const device = newDeviceId();
    const carts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        addToCart(db(i), {
          hash: shop.hash,
          productId: shop.productIds.Biscoito ?? "",
          deviceId: device,
          ip: "198.51.100.3",
        }),
      ),
    );
    expect(new Set(carts.map((c) => c.id)).size).toBe(1);
    expect((await loadShop(db(0), shop.hash, device))?.cart?.lines[0]?.quantity).toBe(12);
  });

  it("a cart older than 7 days is neither shown nor reused: the next add starts a new one", async () => {
    const shop = await shopFixture(db(0), [{ name: "Café", priceCents: 800, stock: null }]);
    const device = newDeviceId();
    const add = {
      hash: shop.hash,
      productId: shop.productIds.Café ?? "",
      deviceId: device,
      ip: "198.51.100.9",
    };
    const old = await addToCart(db(0), add);
    await addToCart(db(1), add);
    expect((await loadShop(db(1), shop.hash, device))?.cart).toMatchObject({ id: old.id, totalCents: 1600 });

    await db(0)
      .update(carts)
      .set({ createdAt: sql`now() - interval '7 days 1 minute'` })
      .where(eq(carts.id, old.id));
    expect((await loadShop(db(1), shop.hash, device))?.cart).toBeNull();
    const fresh = await addToCart(db(1), add);
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.totalCents).toBe(800);
    expect((await loadShop(db(0), shop.hash, device))?.cart?.id).toBe(fresh.id);
  });

  it("an add while another change holds the cart waits for it and counts both, in the lines and the total", async () => {
    const shop = await shopFixture(db(0), [
      { name: "Café", priceCents: 800, stock: null },
      { name: "Chá", priceCents: 300, stock: null },
    ]);
    const device = newDeviceId();
    const add = (productId: string) =>
      addToCart(db(1), { hash: shop.hash, productId, deviceId: device, ip: "198.51.100.10" });
    const cafe = shop.productIds.Café ?? "";
    const cha = shop.productIds.Chá ?? "";
    const cart = await add(cha);
    let added: ReturnType<typeof add> | undefined;
    // Another tab's change: it locks the cart, takes its time, changes a line and the total, and commits.
    await db(0).transaction(async (tx) => {
      await tx.select().from(carts).where(eq(carts.id, cart.id)).for("update");
      added = add(cafe);
      await waitForLockWait(tx);
      await changeLineInTransaction(tx, cart.id, cha, 4);
    });
    const after = await added;
    expect(Object.fromEntries(after?.lines.map((l) => [l.productId, l.quantity]) ?? [])).toEqual({
      [cha]: 5,
      [cafe]: 1,
    });
    expect(after?.totalCents).toBe(5 * 300 + 800);
    expect((await loadShop(db(0), shop.hash, device))?.cart?.totalCents).toBe(5 * 300 + 800);
  });
});

/** Until some statement of this database waits on a lock (the add, behind the cart's row lock). */
async function waitForLockWait(tx: Tx) {
  for (let i = 0; i < 500; i++) {
    const { rows } = await tx.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0] as { n: number }).n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the add never waited for the cart");
}

/** What a change of another tab does under the cart's lock: a line's quantity, then the total from the lines. */
async function changeLineInTransaction(tx: Tx, cartId: string, productId: string, more: number) {
  await tx
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} + ${more}` })
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
  await recomputeTotal(tx, cartId);
}
