import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { addToCart } from "~/domain/carts/add-to-cart.server";
import { changeCartItem, getOwnCart } from "~/domain/carts/change-cart-item.server";
import { forgetCachedShops, loadShop } from "~/domain/carts/load-shop.server";
import { latestGuestOrder } from "~/domain/orders/guest-orders.server";
import { expireOrder } from "~/domain/payments/expire-order.server";
import { cardRefusalReason, payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { refreshGuestOrder } from "~/domain/payments/refresh-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import { sweepCheckout } from "~/domain/payments/sweep-checkout.server";
import { parseBrCode } from "~/lib/pix-brcode";
import {
  cartItems,
  carts,
  orderItems,
  orderStatusChanges,
  paymentEvents,
  payments,
  products,
  properties,
  propertyProducts,
  receivables,
  stockMovements,
  walletMovements,
  wallets,
} from "~/platform/db/schema";
import {
  BUYER,
  deliverWebhook,
  guestWithCart,
  SANDBOX_PAYMENTS,
  TEST_CARD,
} from "../support/checkout-fixtures";
import { embeddedCheckout } from "../support/embedded-checkout";
import { refusal } from "../support/refusal";
import { newDeviceId } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000 });

const { db, h } = embeddedCheckout();

async function stockOf(propertyId: string, productId: string) {
  const [row] = await db()
    .select({ current: propertyProducts.currentQuantity, reserved: propertyProducts.reservedQuantity })
    .from(propertyProducts)
    .where(and(eq(propertyProducts.propertyId, propertyId), eq(propertyProducts.productId, productId)));
  return row;
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
    .orderBy(orderStatusChanges.createdAt);
  return rows.map((r) => `${r.from ?? "∅"}→${r.to} (${r.reason})`);
}

async function pixOf(orderId: string) {
  const [row] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, "pix")))
    .orderBy(sql`${payments.createdAt} desc`)
    .limit(1);
  if (!row?.providerPaymentId) throw new Error("no PIX charge");
  return row;
}

const menu = [
  { name: "Água", priceCents: 450, stock: 5 },
  { name: "Café", priceCents: 800, stock: null },
];

describe("placing an order", () => {
  it("snapshots the buyer and the items at today's prices, holds the stock, and keeps it pending", async () => {
    const g = await guestWithCart(db(), menu, { Água: 2, Café: 1 });
    const placed = await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    if (!placed.ok) throw new Error("not placed");
    expect(placed.notices).toEqual([]);

    const order = await latestGuestOrder(db(), g.cartId, g.deviceId);
    expect(order).toMatchObject({
      status: "pending",
      paymentMethod: "pix",
      buyerName: "Maria da Silva",
      buyerCpf: "12345678909",
      totalCents: 2 * 450 + 800,
    });
    expect(order?.expiresAt.getTime()).toBe(h.clock.now().getTime() + 30 * 60_000);
    const items = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? ""));
    expect(items.map((i) => [i.name, i.quantity, i.unitPriceCents, i.reservedQuantity]).sort()).toEqual([
      ["Café", 1, 800, 0],
      ["Água", 2, 450, 2],
    ]);
    expect(await stockOf(g.shop.propertyId, g.shop.productIds.Água ?? "")).toEqual({
      current: 5,
      reserved: 2,
    });
    expect(await history(order?.id ?? "")).toEqual(["∅→pending (created)"]);
  });

  it("tells the guest what changed since they added it, and orders with today's data", async () => {
    const g = await guestWithCart(
      db(),
      [...menu, { name: "Chá", priceCents: 300, stock: 4 }, { name: "Biscoito", priceCents: 600, stock: 4 }],
      { Água: 1, Café: 1, Chá: 1, Biscoito: 1 },
    );
    const ids = g.shop.productIds;
    await db()
      .update(products)
      .set({ priceCents: 500 })
      .where(eq(products.id, ids.Água ?? ""));
    await db()
      .update(products)
      .set({ archivedAt: new Date() })
      .where(eq(products.id, ids.Café ?? ""));
    await db()
      .delete(propertyProducts)
      .where(
        and(
          eq(propertyProducts.propertyId, g.shop.propertyId),
          eq(propertyProducts.productId, ids.Chá ?? ""),
        ),
      );

    const placed = await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    if (!placed.ok) throw new Error("not placed");
    expect(placed.notices).toEqual(
      expect.arrayContaining([
        { productId: ids.Água, name: "Água", kind: "price", from: 450, to: 500 },
        { productId: ids.Café, name: "Café", kind: "removed" },
        { productId: ids.Chá, name: "Chá", kind: "removed" },
      ]),
    );
    expect(placed.notices).toHaveLength(3);
    const order = await latestGuestOrder(db(), g.cartId, g.deviceId);
    expect(order?.totalCents).toBe(500 + 600);
    expect(order?.notices).toHaveLength(3);
    const [cart] = await db().select().from(carts).where(eq(carts.id, g.cartId));
    expect(cart?.totalCents).toBe(1100);
  });

  it("keeps the order in progress when nothing changed, and replaces it (stock given back) when the cart did", async () => {
    const g = await guestWithCart(db(), menu, { Água: 2 });
    const agua = g.shop.productIds.Água ?? "";
    const first = await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    const again = await placeOrder(h.ctx, { ...g.key, method: "credit_card", buyer: BUYER });
    expect(again.ok && first.ok && again.orderId === first.orderId).toBe(true);
    expect((await latestGuestOrder(db(), g.cartId, g.deviceId))?.paymentMethod).toBe("credit_card");
    expect(await stockOf(g.shop.propertyId, agua)).toEqual({ current: 5, reserved: 2 });
    await addToCart(db(), { hash: g.shop.hash, productId: agua, deviceId: g.deviceId, ip: g.key.ip });
    const third = await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    if (!third.ok || !first.ok) throw new Error("not placed");
    expect(third.orderId).not.toBe(first.orderId);
    expect(await history(first.orderId)).toEqual(["∅→pending (created)", "pending→cancelled (replaced)"]);
    expect(await stockOf(g.shop.propertyId, agua)).toEqual({ current: 5, reserved: 3 });
  });

  it("refuses more than the stock leaves, naming the product, and changes nothing", async () => {
    const g = await guestWithCart(db(), menu, { Água: 3 });
    await db()
      .update(propertyProducts)
      .set({ reservedQuantity: 3 })
      .where(eq(propertyProducts.productId, g.shop.productIds.Água ?? ""));
    expect(await refusal(placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER }))).toEqual({
      kind: "insufficient_stock",
      message: "Só restam 2 unidades de Água. Ajuste a quantidade no carrinho.",
    });
    expect(await latestGuestOrder(db(), g.cartId, g.deviceId)).toBeNull();
    expect(await stockOf(g.shop.propertyId, g.shop.productIds.Água ?? "")).toEqual({
      current: 5,
      reserved: 3,
    });
  });

  it("answers another device, an unknown cart and an archived shop as if the cart did not exist", async () => {
    const g = await guestWithCart(db(), menu, { Água: 1 });
    const notFound = { kind: "not_found", message: "Carrinho não encontrado" };
    expect(
      await refusal(placeOrder(h.ctx, { ...g.key, deviceId: newDeviceId(), method: "pix", buyer: BUYER })),
    ).toEqual(notFound);
    await db().update(properties).set({ archivedAt: new Date() }).where(eq(properties.id, g.shop.propertyId));
    expect(await refusal(placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER }))).toEqual(notFound);
    expect(await latestGuestOrder(db(), g.cartId, g.deviceId)).toBeNull();
  });
});

describe("paying by PIX", () => {
  it("makes one BR Code charge per order, for its total, until it expires", async () => {
    const g = await guestWithCart(db(), menu, { Água: 2 });
    await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    const { orderId } = await startPixPayment(h.ctx, g.key);
    await startPixPayment(h.ctx, g.key);
    const charges = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: "pending", amountCents: 900, method: "pix" });
    expect(parseBrCode(charges[0]?.pixCode ?? "")?.amountCents).toBe(900);
  });

  it("leaves a charge being asked for to finish, and gives up one that got no answer for 30 seconds", async () => {
    const g = await guestWithCart(db(), menu, { Água: 1 });
    const placed = await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    if (!placed.ok) throw new Error("not placed");
    const asking = {
      organizationId: g.shop.organizationId,
      orderId: placed.orderId,
      provider: "sandbox",
      method: "pix",
      status: "creating",
      amountCents: 450,
      idempotencyKey: `order:${placed.orderId}:pix:lost`,
    };
    const [fresh] = await db()
      .insert(payments)
      .values({ ...asking, createdAt: h.clock.now() })
      .returning();
    await startPixPayment(h.ctx, g.key);
    expect((await db().select().from(payments).where(eq(payments.orderId, placed.orderId))).length).toBe(1);

    await db()
      .update(payments)
      .set({ createdAt: new Date(h.clock.now().getTime() - 31_000) })
      .where(eq(payments.id, fresh?.id ?? ""));
    await startPixPayment(h.ctx, g.key);
    const all = await db().select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(all.map((p) => p.status).sort()).toEqual(["error", "pending"]);
  });

  it("a paid PIX's webhook marks the order paid once: stock sold, cart closed, money in the wallet, receipt sent", async () => {
    const g = await guestWithCart(db(), menu, { Água: 2, Café: 1 });
    await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    const { orderId } = await startPixPayment(h.ctx, g.key);
    const pix = await pixOf(orderId);

    await h.sandbox.settle(pix.providerPaymentId ?? "", "approve");
    const outcomes = [];
    for (let i = 0; i < 10; i++) {
      // The same notification ten times, and a fresh one (another event id) about the same payment.
      const { url, headers, body } = await h.sandbox.webhookFor(pix.providerPaymentId ?? "");
      const request = { headers, body, query: new URL(url).searchParams };
      outcomes.push(await deliverWebhook(h.ctx, SANDBOX_PAYMENTS, request));
      outcomes.push(await deliverWebhook(h.ctx, SANDBOX_PAYMENTS, request));
    }
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(10);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(10);
    expect((await refreshGuestOrder(h.ctx, g.key))?.status).toBe("paid");

    const order = await latestGuestOrder(db(), g.cartId, g.deviceId);
    expect(order).toMatchObject({ status: "paid", paidPaymentId: pix.id });
    expect(await history(orderId)).toEqual(["∅→pending (created)", "pending→paid (payment_approved)"]);
    expect(await stockOf(g.shop.propertyId, g.shop.productIds.Água ?? "")).toEqual({
      current: 3,
      reserved: 0,
    });
    const sales = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reference, `order:${orderId}`));
    expect(sales.map((m) => [m.reason, m.oldQuantity, m.newQuantity])).toEqual([["sale", 5, 3]]);
    const [cart] = await db().select().from(carts).where(eq(carts.id, g.cartId));
    expect(cart?.status).toBe("ordered");

    const money = await db().select().from(walletMovements).where(eq(walletMovements.orderId, orderId));
    const total = 2 * 450 + 800;
    const fee = Math.round((total * 399) / 10000);
    expect(money.map((m) => [m.kind, m.bucket, m.amountCents]).sort()).toEqual([
      ["fee", "available", -fee],
      ["sale", "available", total],
    ]);
    const [wallet] = await db().select().from(wallets).where(eq(wallets.propertyId, g.shop.propertyId));
    expect(wallet).toMatchObject({ availableCents: total - fee, pendingCents: 0 });

    const receipts = h.outbox().filter((m) => m.to === BUYER.email && m.text.includes(orderId.slice(0, 8)));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain("2 x Água (R$\u00a04,50) = R$\u00a09,00");
    expect(receipts[0]?.text).toContain("Total: R$\u00a017,00");
  });

  it("refuses a webhook whose signature does not hold, storing nothing", async () => {
    const g = await guestWithCart(db(), menu, { Água: 1 });
    await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    const { orderId } = await startPixPayment(h.ctx, g.key);
    const pix = await pixOf(orderId);
    await h.sandbox.settle(pix.providerPaymentId ?? "", "approve");
    const { url, headers, body } = await h.sandbox.webhookFor(pix.providerPaymentId ?? "");
    // One hex digit of the signature changed (to a different one, whatever it was).
    headers.set(
      "x-signature",
      (headers.get("x-signature") ?? "").replace(/v1=(.)/, (_, d: string) => `v1=${d === "0" ? "1" : "0"}`),
    );
    const before = await db().select().from(paymentEvents);
    expect(
      await deliverWebhook(h.ctx, SANDBOX_PAYMENTS, { headers, body, query: new URL(url).searchParams }),
    ).toBe("refused");
    expect(await db().select().from(paymentEvents)).toHaveLength(before.length);
    expect((await latestGuestOrder(db(), g.cartId, g.deviceId))?.status).toBe("pending");
  });

  it("a lost webhook does not matter: the guest's status poll asks the provider itself", async () => {
    const g = await guestWithCart(db(), menu, { Água: 1 });
    await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: { ...BUYER, email: null } });
    const { orderId } = await startPixPayment(h.ctx, g.key);
    await h.sandbox.settle((await pixOf(orderId)).providerPaymentId ?? "", "approve");
    h.clock.advance(6_000);
    expect(await refreshGuestOrder(h.ctx, g.key)).toEqual({ orderId, status: "paid" });
  });

  it("an order not paid in time is cancelled once, its charge cancelled and its stock given back", async () => {
    const g = await guestWithCart(db(), menu, { Água: 2 });
    await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    const { orderId } = await startPixPayment(h.ctx, g.key);
    const agua = g.shop.productIds.Água ?? "";
    expect(await stockOf(g.shop.propertyId, agua)).toEqual({ current: 5, reserved: 2 });

    await expireOrder(h.ctx, orderId);
    expect((await latestGuestOrder(db(), g.cartId, g.deviceId))?.status).toBe("pending");
    h.clock.advance(30 * 60_000 + 1);
    await Promise.all([expireOrder(h.ctx, orderId), expireOrder(h.ctx, orderId), sweepCheckout(h.ctx)]);
    expect(await history(orderId)).toEqual(["∅→pending (created)", "pending→cancelled (expired)"]);
    expect(await stockOf(g.shop.propertyId, agua)).toEqual({ current: 5, reserved: 0 });
    expect((await h.sandbox.getPayment((await pixOf(orderId)).providerPaymentId ?? "")).status).toBe(
      "cancelled",
    );

    // Trying again makes a new order from the same cart and buyer.
    const retry = await startPixPayment(h.ctx, g.key);
    expect(retry.orderId).not.toBe(orderId);
    expect(await latestGuestOrder(db(), g.cartId, g.deviceId)).toMatchObject({
      status: "pending",
      buyerName: BUYER.name,
    });
    h.clock.advance(-30 * 60_000 - 1);
  });

  it("a PIX paid at the last moment, its webhook lost, pays the order instead of being cancelled", async () => {
    const g = await guestWithCart(db(), menu, { Água: 1 });
    await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    const { orderId } = await startPixPayment(h.ctx, g.key);
    await h.sandbox.settle((await pixOf(orderId)).providerPaymentId ?? "", "approve");
    h.clock.advance(31 * 60_000);
    await sweepCheckout(h.ctx);
    h.clock.advance(-31 * 60_000);
    expect((await latestGuestOrder(db(), g.cartId, g.deviceId))?.status).toBe("paid");
  });
});

describe("paying by card", () => {
  const token = async (name: string) => (await h.sandbox.tokenize({ ...TEST_CARD, holderName: name })).id;
  const card = (key: { cartId: string; deviceId: string; ip: string }, t: string) =>
    payByCard(h.ctx, { ...key, token: t, paymentMethodId: null, issuerId: null });

  it("an approved card pays the order at once and its money waits as a receivable", async () => {
    const g = await guestWithCart(db(), menu, { Água: 1 });
    await placeOrder(h.ctx, { ...g.key, method: "credit_card", buyer: BUYER });
    const result = await card(g.key, await token("APRO"));
    expect(result.status).toBe("paid");
    const [receivable] = await db().select().from(receivables).where(eq(receivables.orderId, result.orderId));
    const fee = Math.round((450 * 399) / 10000);
    expect(receivable?.amountCents).toBe(450 - fee);
    expect(receivable?.settlementForecastAt.getTime()).toBe(h.clock.now().getTime() + 30 * 86_400_000);
    const [wallet] = await db().select().from(wallets).where(eq(wallets.propertyId, g.shop.propertyId));
    expect(wallet).toMatchObject({ availableCents: 0, pendingCents: 450 - fee });
  });

  it("a refused card fails the order and gives the stock back; the guest tries again without retyping", async () => {
    const g = await guestWithCart(db(), menu, { Água: 2 });
    const agua = g.shop.productIds.Água ?? "";
    await placeOrder(h.ctx, { ...g.key, method: "credit_card", buyer: BUYER });
    const refused = await card(g.key, await token("FUND"));
    expect(refused).toMatchObject({
      status: "failed",
      reason: "Saldo ou limite insuficiente. Tente outro cartão ou pague com Pix.",
    });
    // The payment page, reloaded, reads the same sentence from the refused payment's row.
    const [row] = await db().select().from(payments).where(eq(payments.orderId, refused.orderId));
    expect(cardRefusalReason(row?.statusDetail ?? null)).toBe(
      "Saldo ou limite insuficiente. Tente outro cartão ou pague com Pix.",
    );
    expect(await stockOf(g.shop.propertyId, agua)).toEqual({ current: 5, reserved: 0 });
    expect(await history(refused.orderId)).toEqual([
      "∅→pending (created)",
      "pending→failed (payment_rejected)",
    ]);

    const approved = await card(g.key, await token("APRO"));
    expect(approved.status).toBe("paid");
    expect(approved.orderId).not.toBe(refused.orderId);
    expect(await latestGuestOrder(db(), g.cartId, g.deviceId)).toMatchObject({
      buyerEmail: BUYER.email,
      status: "paid",
    });
    expect(await stockOf(g.shop.propertyId, agua)).toEqual({ current: 3, reserved: 0 });
  });

  it("a card in review keeps the order processing until the provider decides", async () => {
    const g = await guestWithCart(db(), menu, { Água: 1 });
    await placeOrder(h.ctx, { ...g.key, method: "credit_card", buyer: BUYER });
    const review = await card(g.key, await token("CONT"));
    expect(review.status).toBe("processing");
    expect(await refusal(card(g.key, await token("APRO")))).toMatchObject({ kind: "conflict" });
    const [attempt] = await db().select().from(payments).where(eq(payments.orderId, review.orderId));
    await h.sandbox.settle(attempt?.providerPaymentId ?? "", "approve");
    h.clock.advance(6_000);
    expect((await refreshGuestOrder(h.ctx, g.key))?.status).toBe("paid");
  });

  it("money that arrives for an order another payment already paid is refunded", async () => {
    const g = await guestWithCart(db(), menu, { Água: 1 });
    await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    const { orderId } = await startPixPayment(h.ctx, g.key);
    const pix = await pixOf(orderId);
    // The guest paid the PIX (its webhook not in yet) and then paid by card as well.
    await h.sandbox.settle(pix.providerPaymentId ?? "", "approve");
    expect((await card(g.key, await token("APRO"))).status).toBe("paid");
    const [after] = await db().select().from(payments).where(eq(payments.id, pix.id));
    expect(after?.status).toBe("refunded");
    expect((await h.sandbox.getPayment(pix.providerPaymentId ?? "")).status).toBe("refunded");
    const money = await db().select().from(walletMovements).where(eq(walletMovements.orderId, orderId));
    expect(money.filter((m) => m.kind === "sale")).toHaveLength(1);
  });
});

describe("stock held by orders waiting for payment", () => {
  it("is not offered to other guests, while the guest whose order holds it keeps it", async () => {
    const g = await guestWithCart(db(), [{ name: "Vinho", priceCents: 5000, stock: 2 }], { Vinho: 2 });
    await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });

    forgetCachedShops();
    const other = newDeviceId();
    const shop = await loadShop(db(), g.shop.hash, other);
    expect(shop?.products[0]).toMatchObject({ name: "Vinho", stock: 0, soldOut: true });
    const vinho = g.shop.productIds.Vinho ?? "";
    expect(
      await refusal(
        addToCart(db(), { hash: g.shop.hash, productId: vinho, deviceId: other, ip: "203.0.113.77" }),
      ),
    ).toEqual({ kind: "insufficient_stock", message: "Produto esgotado" });
    // The guest's own summary still counts the two units their order holds.
    expect((await getOwnCart(db(), g.cartId, g.deviceId))?.lines[0]).toMatchObject({ quantity: 2, stock: 2 });
  });

  it("caps a cart line at 99 units", async () => {
    const g = await guestWithCart(db(), [{ name: "Bala", priceCents: 10, stock: null }], { Bala: 1 });
    const bala = g.shop.productIds.Bala ?? "";
    await db().update(cartItems).set({ quantity: 99 }).where(eq(cartItems.cartId, g.cartId));
    expect(
      await refusal(
        changeCartItem(db(), { cartId: g.cartId, productId: bala, deviceId: g.deviceId, delta: 1 }),
      ),
    ).toEqual({ kind: "invalid", message: "Máximo de 99 unidades por produto." });
  });
});
