import { execFileSync } from "node:child_process";
// Issue 48's orders before arrival (ADR 0060): a guest who opens the stay's link before check-in orders what the
// unit holds and what is 'sob encomenda', pays at once; the order takes nothing from the unit's stock, rides on
// the run that serves the turnover as 'Pedido do hóspede', is a sale of that stay, and its delivery marks it
// delivered and emails the guest in their language. Too late for a run, it is refused before payment.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { changeCartItem } from "~/domain/carts/change-cart-item.server";
import { addToStayCart, findStayShop, stayShopProducts } from "~/domain/carts/stay-shop.server";
import { sendDeliveryEmail } from "~/domain/orders/send-delivery-email.server";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { refundOrder } from "~/domain/payments/refund-order.server";
import { advanceReplacement } from "~/domain/restock/advance-replacement.server";
import { warnUndeliveredGuestOrders } from "~/domain/restock/late-guest-orders.server";
import { pickingListPdf } from "~/domain/restock/picking-list.server";
import { getReplacement, listReplacements } from "~/domain/restock/read-replacements.server";
import { notifyRestockRuns } from "~/domain/restock/run-reminders.server";
import { readStay } from "~/domain/stays/read-stay.server";
import type { Actor } from "~/domain/team/permissions";
import { shortId } from "~/lib/short-id";
import { orderItems, orders, products, properties, replacements, stays } from "~/platform/db/schema";
import { BUYER, TEST_CARD } from "../support/checkout-fixtures";
import { embeddedCheckout } from "../support/embedded-checkout";
import { refusal } from "../support/refusal";
import { currentOf, emailOf, ownerOf } from "../support/restock-fixtures";
import { newDeviceId, shopFixture } from "../support/shop-fixtures";
import { insertStay } from "../support/stay-fixtures";

vi.setConfig({ testTimeout: 60_000 });

const { db, h } = embeddedCheckout();

/** An instant written in São Paulo time. */
const sp = (text: string) => new Date(`${text}-03:00`);
const at = (text: string) => h.clock.advance(sp(text).getTime() - h.clock.now().getTime());

/** A host with a unit holding 5 Água, an Espumante 'sob encomenda', and a stay checking in on 2027-03-10. */
async function scenario() {
  const shop = await shopFixture(db(), [{ name: "Água", priceCents: 500, stock: 5 }]);
  const owner = await ownerOf(db(), shop.organizationId);
  const [espumante] = await db()
    .insert(products)
    .values({
      organizationId: shop.organizationId,
      name: "Espumante",
      nameEn: "Sparkling wine",
      priceCents: 8990,
      costCents: 4000,
      madeToOrder: true,
    })
    .returning({ id: products.id });
  const stayId = await insertStay(db(), shop, "2027-03-10", "2027-03-14");
  const [stay] = await db().select({ token: stays.shopToken }).from(stays).where(eq(stays.id, stayId));
  return {
    shop,
    owner,
    stayId,
    token: stay?.token ?? "",
    agua: shop.productIds.Água ?? "",
    espumante: espumante?.id ?? "",
  };
}

type Scenario = Awaited<ReturnType<typeof scenario>>;

/** A guest of the stay's link puts `units` of each product in the cart; the cart's key. */
async function guestCart(s: Scenario, units: Record<string, number>) {
  const deviceId = newDeviceId();
  const ip = "198.51.100.7";
  let cartId = "";
  for (const [productId, n] of Object.entries(units))
    for (let i = 0; i < n; i++)
      cartId = (await addToStayCart(db(), { token: s.token, productId, deviceId, ip }, h.clock.now())).id;
  return { cartId, deviceId, ip };
}

async function payCard(key: { cartId: string; deviceId: string; ip: string }) {
  const token = (await h.sandbox.tokenize({ ...TEST_CARD, holderName: "APRO" })).id;
  return (await payByCard(h.ctx, { ...key, token, paymentMethodId: null, issuerId: null })).orderId;
}

async function orderRow(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("no order");
  return row;
}

async function deliver(owner: Actor, runId: string) {
  await advanceReplacement(db(), owner, { id: runId, from: "processing", to: "separated_for_replacement" });
  await advanceReplacement(db(), owner, { id: runId, from: "separated_for_replacement", to: "in_transit" });
  return advanceReplacement(db(), owner, { id: runId, from: "in_transit", to: "delivered" });
}

describe("a stay's link before check-in", () => {
  it("offers the unit's products and the 'sob encomenda' ones, in the guest's language", async () => {
    const s = await scenario();
    at("2027-03-05T10:00:00");
    const shop = await findStayShop(db(), s.token, h.clock.now());
    expect(shop?.phase).toBe("open");
    if (!shop) throw new Error("no shop");
    const shown = await stayShopProducts(db(), shop, "en");
    expect(shown.map((p) => [p.name, p.madeToOrder])).toEqual([
      ["Água", false],
      ["Sparkling wine", true],
    ]);
    // Another host's 'sob encomenda' product is not this shop's.
    const stranger = await shopFixture(db(), []);
    const [theirs] = await db()
      .insert(products)
      .values({ organizationId: stranger.organizationId, name: "Vinho", priceCents: 5000, madeToOrder: true })
      .returning({ id: products.id });
    expect(
      await refusal(
        addToStayCart(
          db(),
          { token: s.token, productId: theirs?.id ?? "", deviceId: newDeviceId(), ip: "198.51.100.9" },
          h.clock.now(),
        ),
      ),
    ).toMatchObject({ kind: "not_found" });
  });

  it("lets the guest change quantities on the cart summary, not capped by what the unit holds", async () => {
    const s = await scenario();
    at("2027-03-05T10:00:00");
    const key = await guestCart(s, { [s.espumante]: 1, [s.agua]: 5 });
    const more = (productId: string) => changeCartItem(db(), { ...key, productId, delta: 1 });
    await more(s.espumante);
    const cart = await more(s.agua);
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [s.espumante, 2],
      [s.agua, 6],
    ]);
    expect(cart.totalCents).toBe(2 * 8990 + 6 * 500);
    // The unit's own shop still sells its 5, none held.
    expect(await currentOf(db(), s.shop.propertyId, s.agua)).toBe(5);
  });

  it("is paid at once, takes nothing from the unit, rides on a run due at check-in and is the stay's sale", async () => {
    const s = await scenario();
    at("2027-03-05T10:00:00");
    const key = await guestCart(s, { [s.espumante]: 1, [s.agua]: 2 });
    const placed = await placeOrder(h.ctx, { ...key, method: "credit_card", buyer: BUYER, locale: "en" });
    expect(placed.ok).toBe(true);
    const orderId = await payCard(key);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: "paid",
      stayId: s.stayId,
      totalCents: 8990 + 2 * 500,
      locale: "en",
    });
    // The unit's 5 Água stay: a run brings the guest's two (ADR 0060).
    expect(await currentOf(db(), s.shop.propertyId, s.agua)).toBe(5);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.find((i) => i.productId === s.espumante)).toMatchObject({
      reservedQuantity: 0,
      unitCostCents: 4000,
    });

    expect(order.replacementId).not.toBeNull();
    const run = await getReplacement(db(), s.owner, order.replacementId, "2027-03-05");
    expect(run).toMatchObject({ status: "processing", deliverBy: "2027-03-10" });
    expect(run.lines.map((l) => [l.productName, l.quantity, l.guestOrder?.orderId])).toEqual([
      ["Água", 2, orderId],
      ["Espumante", 1, orderId],
    ]);
    // The runs' list counts its products and properties.
    const listed = (await listReplacements(db(), s.owner, "2027-03-05")).find((r) => r.id === run.id);
    expect(listed).toMatchObject({ productCount: 2, propertyCount: 1, late: false });
    expect(run.lines[0]?.guestOrder).toMatchObject({
      buyerName: BUYER.name,
      checkIn: "2027-03-10",
      deliveredAt: null,
    });
    // The cleaner's kit says whose it is.
    const kit = await pickingListPdf(db(), s.owner, run.id, "imovel");
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: kit.bytes }).toString();
    expect(text).toContain(`Espumante · Pedido do hóspede #${shortId(orderId)} (${BUYER.name})`);

    // A sale of that stay, though paid before its check-in day.
    const page = await readStay(db(), s.owner, s.stayId);
    expect(page?.salesCount).toBe(1);
    expect(page?.sales?.rows.map((r) => r.id)).toEqual([orderId]);
    expect(page?.sales?.totals.grossCents).toBe(9990);

    // On its 'entregar até' day the team is told the run, with the property it goes to.
    at("2027-03-10T08:00:00");
    await notifyRestockRuns(h.ctx);
    const ownerEmail = await emailOf(db(), s.owner.userId);
    const told = h.outbox().filter((m) => m.to.includes(ownerEmail) && /Reposição/.test(m.subject));
    const [house] = await db()
      .select({ name: properties.name })
      .from(properties)
      .where(eq(properties.id, s.shop.propertyId));
    expect(told.map((m) => m.text).join("\n")).toContain(house?.name ?? "?");
    at("2027-03-05T10:30:00");

    // A second guest order for the same turnover rides on the same run.
    const second = await guestCart(s, { [s.espumante]: 1 });
    await placeOrder(h.ctx, { ...second, method: "credit_card", buyer: BUYER });
    const secondId = await payCard(second);
    expect((await orderRow(secondId)).replacementId).toBe(order.replacementId);
  });

  it("delivery marks it delivered, adds nothing to the unit, and emails the guest once in their language", async () => {
    const s = await scenario();
    at("2027-03-05T10:00:00");
    const key = await guestCart(s, { [s.espumante]: 1, [s.agua]: 1 });
    await placeOrder(h.ctx, {
      ...key,
      method: "credit_card",
      buyer: { ...BUYER, email: "guest48@example.com" },
      locale: "en",
    });
    const orderId = await payCard(key);
    const runId = (await orderRow(orderId)).replacementId ?? "";
    at("2027-03-09T15:00:00");
    const delivered = await deliver(s.owner, runId);
    expect(delivered).toEqual({ status: "delivered" });
    expect((await orderRow(orderId)).deliveredAt).not.toBeNull();
    expect(await currentOf(db(), s.shop.propertyId, s.agua)).toBe(5);

    expect(await sendDeliveryEmail(h.ctx, orderId)).toBe(true);
    expect(await sendDeliveryEmail(h.ctx, orderId)).toBe(false);
    const mails = h.outbox().filter((m) => m.to.includes("guest48@example.com") && /arrived/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("1 x Sparkling wine");
    expect(mails[0]?.text).toContain("it will be there when you arrive");
  });

  it("refunds once and gives nothing back to the unit's stock", async () => {
    const s = await scenario();
    at("2027-03-05T10:00:00");
    const key = await guestCart(s, { [s.agua]: 1 });
    await placeOrder(h.ctx, { ...key, method: "credit_card", buyer: BUYER });
    const orderId = await payCard(key);
    await refundOrder(h.ctx, s.owner, { orderId, reason: "Não entregue a tempo" });
    expect((await orderRow(orderId)).status).toBe("refunded");
    expect(await currentOf(db(), s.shop.propertyId, s.agua)).toBe(5);
    expect(await refusal(refundOrder(h.ctx, s.owner, { orderId, reason: "de novo" }))).toMatchObject({
      kind: "conflict",
    });
    // A refunded order no longer rides on its run.
    const run = await getReplacement(db(), s.owner, (await orderRow(orderId)).replacementId, "2027-03-05");
    expect(run.lines).toEqual([]);
  });
});

describe("not delivered by check-in", () => {
  it("warns the owner once, not for an order already delivered, and the refund is one step, once", async () => {
    const s = await scenario();
    at("2027-03-05T10:00:00");
    const late = await guestCart(s, { [s.espumante]: 1 });
    await placeOrder(h.ctx, { ...late, method: "credit_card", buyer: BUYER });
    const lateId = await payCard(late);
    const onTime = await guestCart(s, { [s.agua]: 1 });
    await placeOrder(h.ctx, { ...onTime, method: "credit_card", buyer: BUYER });
    const onTimeId = await payCard(onTime);
    // The day before check-in nobody is warned yet.
    at("2027-03-09T20:00:00");
    expect(await warnUndeliveredGuestOrders(h.ctx)).toBe(0);
    // The on-time one goes on a run of its own making and is delivered; the other's run never leaves.
    await db().update(orders).set({ deliveredAt: h.clock.now() }).where(eq(orders.id, onTimeId));
    at("2027-03-10T09:00:00");
    // (Other tests' hosts in this database have late orders too: this host's owner is counted by mail.)
    expect(await warnUndeliveredGuestOrders(h.ctx)).toBeGreaterThanOrEqual(1);
    expect(await warnUndeliveredGuestOrders(h.ctx)).toBe(0);
    const ownerEmail = await emailOf(db(), s.owner.userId);
    const warnings = h.outbox().filter((m) => m.to.includes(ownerEmail) && /não entregue/.test(m.subject));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.text).toContain("10/03/2027");
    expect(warnings[0]?.text).toContain(shortId(lateId));
    expect(warnings.some((m) => m.text.includes(shortId(onTimeId)))).toBe(false);
    expect(warnings[0]?.text).toContain(`/sales?estadia=${s.stayId}`);

    await refundOrder(h.ctx, s.owner, { orderId: lateId, reason: "Não entregue até o check-in" });
    expect((await orderRow(lateId)).status).toBe("refunded");
    expect(await refusal(refundOrder(h.ctx, s.owner, { orderId: lateId, reason: "de novo" }))).toMatchObject({
      kind: "conflict",
    });
  });
});

describe("another host", () => {
  it("finds none of the stay's order, its run or its stay: not found, and nothing changes", async () => {
    const s = await scenario();
    at("2027-03-05T10:00:00");
    const key = await guestCart(s, { [s.espumante]: 1 });
    await placeOrder(h.ctx, { ...key, method: "credit_card", buyer: BUYER });
    const orderId = await payCard(key);
    const runId = (await orderRow(orderId)).replacementId;
    const stranger = await ownerOf(db(), (await shopFixture(db(), [])).organizationId);
    expect(await readStay(db(), stranger, s.stayId)).toBeNull();
    expect(await refusal(getReplacement(db(), stranger, runId))).toMatchObject({ kind: "not_found" });
    expect(await refusal(refundOrder(h.ctx, stranger, { orderId, reason: "x" }))).toMatchObject({
      kind: "not_found",
    });
    expect(
      await refusal(advanceReplacement(db(), stranger, { id: runId, from: "processing", to: "cancelled" })),
    ).toMatchObject({ kind: "not_found" });
    expect(await orderRow(orderId)).toMatchObject({
      status: "paid",
      deliveredAt: null,
      replacementId: runId,
    });
  });
});

describe("too late for a run", () => {
  it("from noon the day before check-in, adding and ordering are refused with the sentence saying so", async () => {
    const s = await scenario();
    at("2027-03-09T11:00:00");
    const key = await guestCart(s, { [s.espumante]: 1 });
    at("2027-03-09T12:00:00");
    expect((await findStayShop(db(), s.token, h.clock.now()))?.phase).toBe("too_late");
    const adding = await refusal(
      addToStayCart(
        db(),
        { token: s.token, productId: s.agua, deviceId: key.deviceId, ip: key.ip },
        h.clock.now(),
      ),
    );
    expect(adding).toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("meio-dia da véspera"),
    });
    const ordering = await refusal(placeOrder(h.ctx, { ...key, method: "pix", buyer: BUYER }));
    expect(ordering).toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("meio-dia da véspera"),
    });
    expect(await db().select().from(orders).where(eq(orders.cartId, key.cartId))).toEqual([]);
    // No run was made for it either.
    const runs = await db()
      .select()
      .from(replacements)
      .where(eq(replacements.organizationId, s.shop.organizationId));
    expect(runs).toEqual([]);
  });

  it("from the check-in day the link is the unit's shop", async () => {
    const s = await scenario();
    at("2027-03-10T00:00:00");
    expect((await findStayShop(db(), s.token, h.clock.now()))?.phase).toBe("arrived");
  });
});
