import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addToCart } from "~/domain/carts/add-to-cart.server";
import { changeCartItem, getOwnCart } from "~/domain/carts/change-cart-item.server";
import { loadShop } from "~/domain/carts/load-shop.server";
import { filterShop } from "~/lib/shop-filter";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { cartItems, carts, products, properties, propertyProducts } from "~/platform/db/schema";
import { refusal } from "../support/refusal";
import { newDeviceId, shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000 });

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
});
afterAll(async () => {
  await handle?.close();
});

const ip = "203.0.113.5";
const menu = [
  { name: "Água com gás", priceCents: 500, stock: 3, category: "Bebidas" },
  { name: "Cerveja", priceCents: 1200, stock: 0, category: "Bebidas" },
  { name: "Café", priceCents: 800, stock: null, category: "Café da manhã" },
  { name: "Brinde", priceCents: 0, stock: 10 },
];

describe("the shop", () => {
  it("shows the property's products with prices and stock state, and nothing for an unknown hash", async () => {
    const shop = await shopFixture(handle.db, menu);
    const loaded = await loadShop(handle.db, shop.hash, newDeviceId());
    expect(loaded?.products.map((p) => [p.name, p.priceCents, p.soldOut])).toEqual([
      ["Água com gás", 500, false],
      ["Brinde", 0, false],
      ["Café", 800, false],
      ["Cerveja", 1200, true],
    ]);
    expect(loaded?.cart).toBeNull();
    expect(await loadShop(handle.db, "nao-existe", newDeviceId())).toBeNull();
  });

  it("searches ignoring case and accents, and filters by category name in any case", async () => {
    const shop = await shopFixture(handle.db, menu);
    const loaded = await loadShop(handle.db, shop.hash, undefined);
    const names = (q: string, c = "") => filterShop(loaded?.products ?? [], q, c).map((p) => p.name);
    expect(names("agua")).toEqual(["Água com gás"]);
    expect(names("CAF")).toEqual(["Café"]);
    expect(names("", "bebidas")).toEqual(["Água com gás", "Cerveja"]);
    expect(names("", "CAFÉ DA MANHÃ")).toEqual(["Café"]);
    expect(names("xyz")).toEqual([]);
  });
});

describe("adding to the cart", () => {
  it("creates the cart on the first add, takes the price from the database and recomputes the total", async () => {
    const shop = await shopFixture(handle.db, menu);
    const device = newDeviceId();
    const water = shop.productIds["Água com gás"] ?? "";
    const first = await addToCart(handle.db, { hash: shop.hash, productId: water, deviceId: device, ip });
    const second = await addToCart(handle.db, { hash: shop.hash, productId: water, deviceId: device, ip });
    expect(second.id).toBe(first.id);
    expect(second.lines).toEqual([{ productId: water, quantity: 2, unitPriceCents: 500 }]);
    expect(second.totalCents).toBe(1000);

    // A later price change does not touch what is already in the cart.
    await handle.db.update(products).set({ priceCents: 9900 }).where(eq(products.id, water));
    const third = await addToCart(handle.db, { hash: shop.hash, productId: water, deviceId: device, ip });
    expect(third.totalCents).toBe(1500);
    expect((await loadShop(handle.db, shop.hash, device))?.cart?.id).toBe(first.id);
  });

  it("never goes past the property's stock, and refuses sold-out, priceless and foreign products", async () => {
    const shop = await shopFixture(handle.db, menu);
    const other = await shopFixture(handle.db, [{ name: "Vinho", priceCents: 5000, stock: 5 }]);
    const device = newDeviceId();
    const add = (productId: string | undefined) =>
      addToCart(handle.db, { hash: shop.hash, productId: productId ?? "", deviceId: device, ip });
    for (let i = 0; i < 3; i++) await add(shop.productIds["Água com gás"]);
    expect(await refusal(add(shop.productIds["Água com gás"]))).toEqual({
      kind: "insufficient_stock",
      message: "Não há mais unidades disponíveis deste produto.",
    });
    expect(await refusal(add(shop.productIds.Cerveja))).toEqual({
      kind: "insufficient_stock",
      message: "Produto esgotado",
    });
    expect(await refusal(add(shop.productIds.Brinde))).toMatchObject({ kind: "invalid" });
    expect(await refusal(add(other.productIds.Vinho))).toMatchObject({ kind: "not_found" });
    expect(
      await refusal(
        addToCart(handle.db, {
          hash: "nao-existe",
          productId: shop.productIds.Café ?? "",
          deviceId: device,
          ip,
        }),
      ),
    ).toEqual({ kind: "not_found", message: "Imóvel não encontrado" });
    const cart = (await loadShop(handle.db, shop.hash, device))?.cart;
    expect(cart?.lines.map((l) => [l.productId, l.quantity])).toEqual([[shop.productIds["Água com gás"], 3]]);
    expect(cart?.totalCents).toBe(1500);
  });

  it("lets an uncounted product (no limit) be added freely", async () => {
    const shop = await shopFixture(handle.db, menu);
    const device = newDeviceId();
    let cart = await addToCart(handle.db, {
      hash: shop.hash,
      productId: shop.productIds.Café ?? "",
      deviceId: device,
      ip,
    });
    for (let i = 0; i < 24; i++) {
      cart = await addToCart(handle.db, {
        hash: shop.hash,
        productId: shop.productIds.Café ?? "",
        deviceId: device,
        ip,
      });
    }
    expect(cart.lines[0]?.quantity).toBe(25);
    expect(cart.totalCents).toBe(25 * 800);
  });

  it("does not reuse a cart older than 7 days, nor another device's cart", async () => {
    const shop = await shopFixture(handle.db, menu);
    const device = newDeviceId();
    const cafe = shop.productIds.Café ?? "";
    const old = await addToCart(handle.db, { hash: shop.hash, productId: cafe, deviceId: device, ip });
    await handle.db
      .update(carts)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(carts.id, old.id));
    const fresh = await addToCart(handle.db, { hash: shop.hash, productId: cafe, deviceId: device, ip });
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.lines[0]?.quantity).toBe(1);

    const stranger = await addToCart(handle.db, {
      hash: shop.hash,
      productId: cafe,
      deviceId: newDeviceId(),
      ip,
    });
    expect(stranger.id).not.toBe(fresh.id);
  });
});

describe("changing the cart", () => {
  it("plus respects stock, minus at 1 removes the item, and the total follows", async () => {
    const shop = await shopFixture(handle.db, menu);
    const device = newDeviceId();
    const water = shop.productIds["Água com gás"] ?? "";
    const cafe = shop.productIds.Café ?? "";
    const cart = await addToCart(handle.db, { hash: shop.hash, productId: water, deviceId: device, ip });
    await addToCart(handle.db, { hash: shop.hash, productId: cafe, deviceId: device, ip });
    const change = (productId: string, delta: 1 | -1) =>
      changeCartItem(handle.db, { cartId: cart.id, productId, deviceId: device, delta });

    await change(water, 1);
    expect((await change(water, 1)).totalCents).toBe(3 * 500 + 800);
    expect(await refusal(change(water, 1))).toMatchObject({ kind: "insufficient_stock" });
    const afterMinus = await change(cafe, -1);
    expect(afterMinus.lines.map((l) => l.productId)).toEqual([water]);
    expect(afterMinus.totalCents).toBe(1500);
  });

  it("refuses any other device, as if the cart did not exist, and changes nothing", async () => {
    const shop = await shopFixture(handle.db, menu);
    const owner = newDeviceId();
    const water = shop.productIds["Água com gás"] ?? "";
    const cart = await addToCart(handle.db, { hash: shop.hash, productId: water, deviceId: owner, ip });
    const intruder = newDeviceId();
    expect(
      await refusal(
        changeCartItem(handle.db, { cartId: cart.id, productId: water, deviceId: intruder, delta: 1 }),
      ),
    ).toEqual({ kind: "not_found", message: "Carrinho não encontrado" });
    expect(await getOwnCart(handle.db, cart.id, intruder)).toBeNull();
    expect(await getOwnCart(handle.db, "not-a-uuid", owner)).toBeNull();
    expect((await getOwnCart(handle.db, cart.id, owner))?.lines[0]?.quantity).toBe(1);
  });
});

describe("a cart whose shop changed", () => {
  const add = (hash: string, productId: string, deviceId: string) =>
    addToCart(handle.db, { hash, productId, deviceId, ip: "203.0.113.60" });

  it("cannot get more of a product archived or taken out of the property, but can still drop it", async () => {
    const shop = await shopFixture(handle.db, [
      { name: "Água", priceCents: 450, stock: 9 },
      { name: "Café", priceCents: 800, stock: 9 },
    ]);
    const device = newDeviceId();
    const agua = shop.productIds.Água ?? "";
    const cafe = shop.productIds.Café ?? "";
    await add(shop.hash, agua, device);
    await add(shop.hash, agua, device);
    const cart = await add(shop.hash, cafe, device);
    await handle.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, agua));
    await handle.db.delete(propertyProducts).where(eq(propertyProducts.productId, cafe));

    for (const productId of [agua, cafe]) {
      expect(
        await refusal(changeCartItem(handle.db, { cartId: cart.id, productId, deviceId: device, delta: 1 })),
      ).toEqual({
        kind: "not_found",
        message: "Este produto não está disponível neste imóvel.",
      });
    }
    const dropped = await changeCartItem(handle.db, {
      cartId: cart.id,
      productId: cafe,
      deviceId: device,
      delta: -1,
    });
    expect(dropped.lines.map((l) => l.quantity)).toEqual([2]);
  });

  it("of an archived property can be neither changed nor taken to checkout", async () => {
    const shop = await shopFixture(handle.db, [{ name: "Água", priceCents: 450, stock: 9 }]);
    const device = newDeviceId();
    const cart = await add(shop.hash, shop.productIds.Água ?? "", device);
    await handle.db
      .update(properties)
      .set({ archivedAt: new Date() })
      .where(eq(properties.id, shop.propertyId));
    expect(await getOwnCart(handle.db, cart.id, device)).toBeNull();
    expect(
      await refusal(
        changeCartItem(handle.db, {
          cartId: cart.id,
          productId: shop.productIds.Água ?? "",
          deviceId: device,
          delta: 1,
        }),
      ),
    ).toEqual({ kind: "not_found", message: "Imóvel não encontrado" });
  });

  it("keeps lines at 99 units and totals past an integer's range exact", async () => {
    const shop = await shopFixture(handle.db, [
      { name: "Obra de arte", priceCents: 10_000_000, stock: null },
      { name: "Escultura", priceCents: 10_000_000, stock: null },
      { name: "Tapeçaria", priceCents: 10_000_000, stock: null },
    ]);
    const device = newDeviceId();
    let cart = await add(shop.hash, shop.productIds["Obra de arte"] ?? "", device);
    await add(shop.hash, shop.productIds.Escultura ?? "", device);
    await add(shop.hash, shop.productIds.Tapeçaria ?? "", device);
    await handle.db.update(cartItems).set({ quantity: 98 }).where(eq(cartItems.cartId, cart.id));
    for (const name of ["Obra de arte", "Escultura", "Tapeçaria"]) {
      cart = await changeCartItem(handle.db, {
        cartId: cart.id,
        productId: shop.productIds[name] ?? "",
        deviceId: device,
        delta: 1,
      });
    }
    expect(cart.totalCents).toBe(3 * 99 * 10_000_000);
    expect(
      await refusal(
        changeCartItem(handle.db, {
          cartId: cart.id,
          productId: shop.productIds.Escultura ?? "",
          deviceId: device,
          delta: 1,
        }),
      ),
    ).toEqual({ kind: "invalid", message: "Máximo de 99 unidades por produto." });
  });
});
