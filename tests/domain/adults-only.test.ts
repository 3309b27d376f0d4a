import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { forgetCachedShops, loadShop } from "~/domain/carts/load-shop.server";
import { createProduct, getProduct, updateProduct } from "~/domain/catalog/products.server";
import { latestGuestOrder } from "~/domain/orders/guest-orders.server";
import { CHECKOUT_TEXT } from "~/domain/orders/messages";
import { orderToPay } from "~/domain/payments/checkout-order.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { orders, products, propertyProducts } from "~/platform/db/schema";
import { BUYER, guestWithCart } from "../support/checkout-fixtures";
import { embeddedCheckout } from "../support/embedded-checkout";
import { refusal } from "../support/refusal";
import { ownerOf } from "../support/restock-fixtures";
import { newDeviceId, shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000 });

const { db, h } = embeddedCheckout();

const menu = [
  { name: "Vinho", priceCents: 5990, stock: 4 },
  { name: "Água", priceCents: 450, stock: 5 },
];

async function markAdultsOnly(productId: string) {
  await db().update(products).set({ adultsOnly: true }).where(eq(products.id, productId));
}

async function ordersOfCart(cartId: string) {
  return db().select().from(orders).where(eq(orders.cartId, cartId));
}

describe("18+ products in the catalogue", () => {
  it("the form's checkbox marks a product 18+, and saving without it takes the mark off", async () => {
    const shop = await shopFixture(db(), []);
    const owner = await ownerOf(db(), shop.organizationId);
    const made = await createProduct(db(), owner, { name: "Cerveja", price: "14,90", adultsOnly: "on" });
    expect(made.adultsOnly).toBe(true);
    await updateProduct(db(), owner, { id: made.id, name: "Cerveja", price: "14,90" });
    expect((await getProduct(db(), owner, { id: made.id })).adultsOnly).toBe(false);
    const plain = await createProduct(db(), owner, { name: "Suco", price: "8,00" });
    expect(plain.adultsOnly).toBe(false);
  });

  it("another organization cannot mark a product 18+ or take the mark off: not found, nothing changed", async () => {
    const shop = await shopFixture(db(), menu);
    const owner = await ownerOf(db(), shop.organizationId);
    const stranger = await ownerOf(db(), (await shopFixture(db(), [])).organizationId);
    const id = shop.productIds.Vinho ?? "";
    await updateProduct(db(), owner, { id, name: "Vinho", price: "59,90", adultsOnly: "on" });
    expect(await refusal(updateProduct(db(), stranger, { id, name: "Vinho", price: "59,90" }))).toMatchObject(
      { kind: "not_found" },
    );
    expect((await getProduct(db(), owner, { id })).adultsOnly).toBe(true);
  });

  it("the guest shop knows which products are 18+", async () => {
    const shop = await shopFixture(db(), menu);
    await markAdultsOnly(shop.productIds.Vinho ?? "");
    forgetCachedShops();
    const loaded = await loadShop(db(), shop.hash, newDeviceId());
    expect(loaded?.products.map((p) => [p.name, p.adultsOnly])).toEqual([
      ["Água", false],
      ["Vinho", true],
    ]);
  });
});

describe("placing an order with an 18+ product", () => {
  it("is refused at the checkbox without the buyer's confirmation, and nothing is created or held", async () => {
    const g = await guestWithCart(db(), menu, { Vinho: 1, Água: 1 });
    await markAdultsOnly(g.shop.productIds.Vinho ?? "");
    expect(await refusal(placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER }))).toEqual({
      kind: "invalid",
      message: CHECKOUT_TEXT.adultConfirmRequired,
      fieldErrors: { adult: CHECKOUT_TEXT.adultConfirmRequired },
    });
    expect(CHECKOUT_TEXT.adultConfirmRequired).toBe(
      "Para comprar produtos para maiores de 18 anos, confirme que você tem 18 anos ou mais.",
    );
    expect(
      await refusal(placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER, adultConfirmed: false })),
    ).toMatchObject({ kind: "invalid", fieldErrors: { adult: CHECKOUT_TEXT.adultConfirmRequired } });
    expect(await ordersOfCart(g.cartId)).toEqual([]);
    const held = await db()
      .select({ reserved: propertyProducts.reservedQuantity })
      .from(propertyProducts)
      .where(eq(propertyProducts.propertyId, g.shop.propertyId));
    expect(held.map((r) => r.reserved)).toEqual([0, 0]);
  });

  it("with the confirmation, places the order and records when the buyer confirmed", async () => {
    const g = await guestWithCart(db(), menu, { Vinho: 1 });
    await markAdultsOnly(g.shop.productIds.Vinho ?? "");
    const placed = await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER, adultConfirmed: true });
    expect(placed.ok).toBe(true);
    const order = await latestGuestOrder(db(), g.cartId, g.deviceId);
    expect(order?.status).toBe("pending");
    expect(order?.adultConfirmedAt?.getTime()).toBe(h.clock.now().getTime());
  });

  it("a cart without 18+ products asks nothing and records no confirmation", async () => {
    const g = await guestWithCart(db(), menu, { Água: 1 });
    await markAdultsOnly(g.shop.productIds.Vinho ?? "");
    const placed = await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    expect(placed.ok).toBe(true);
    expect((await latestGuestOrder(db(), g.cartId, g.deviceId))?.adultConfirmedAt).toBeNull();
  });

  it("a new order made after the first expired keeps the confirmation the buyer gave", async () => {
    const g = await guestWithCart(db(), menu, { Vinho: 1 });
    await markAdultsOnly(g.shop.productIds.Vinho ?? "");
    await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER, adultConfirmed: true });
    const first = await latestGuestOrder(db(), g.cartId, g.deviceId);
    h.clock.advance(31 * 60_000);
    try {
      // The payment step expires the old order and makes a new one from what the buyer gave.
      const { order: again } = await orderToPay(h.ctx, g.key, "pix");
      expect(again.id).not.toBe(first?.id);
      expect(again.adultConfirmedAt?.getTime()).toBe(h.clock.now().getTime());
    } finally {
      h.clock.advance(-31 * 60_000);
    }
  });
});
