import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { refundOrder } from "~/domain/payments/refund-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import { profitOf } from "~/domain/profit/read-profit.server";
import { keptProfit, recomputeProfit } from "~/domain/profit/recompute-profit.server";
import { advanceReplacement, setDeliveredQuantities } from "~/domain/restock/advance-replacement.server";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { getReplacement } from "~/domain/restock/read-replacements.server";
import { saveStockCount } from "~/domain/stock/stock-count.server";
import type { Actor } from "~/domain/team/permissions";
import { saoPauloDay } from "~/lib/dates";
import { NEXT_STEP, type ReplacementStatus } from "~/lib/replacement-status";
import { MIGRATIONS_FOLDER } from "~/platform/db/migrate.server";
import {
  organization,
  payments,
  products,
  profitDaily,
  profitProductDaily,
  propertyProducts,
} from "~/platform/db/schema";
import {
  BUYER,
  deliverWebhook,
  guestWithCartIn,
  SANDBOX_PAYMENTS,
  TEST_CARD,
} from "../support/checkout-fixtures";
import { embeddedCheckout } from "../support/embedded-checkout";
import { refusal } from "../support/refusal";
import { memberOf, ownerOf } from "../support/restock-fixtures";
import { secondProperty, shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 60_000 });

const { db, h } = embeddedCheckout();

type Shop = Awaited<ReturnType<typeof shopFixture>>;

async function paidSale(shop: Shop, quantities: Record<string, number>, method: "pix" | "credit_card") {
  const g = await guestWithCartIn(db(), shop, quantities);
  await placeOrder(h.ctx, { ...g.key, method, buyer: BUYER });
  if (method === "credit_card") {
    const token = (await h.sandbox.tokenize({ ...TEST_CARD, holderName: "APRO" })).id;
    return (await payByCard(h.ctx, { ...g.key, token, paymentMethodId: null, issuerId: null })).orderId;
  }
  const { orderId } = await startPixPayment(h.ctx, g.key);
  const [pix] = await db().select().from(payments).where(eq(payments.orderId, orderId));
  await h.sandbox.settle(pix?.providerPaymentId ?? "", "approve");
  const { url, headers, body } = await h.sandbox.webhookFor(pix?.providerPaymentId ?? "");
  await deliverWebhook(h.ctx, SANDBOX_PAYMENTS, { headers, body, query: new URL(url).searchParams });
  return orderId;
}

/** A restocking run of one product delivered with `delivered` units at `unitCost` (pt-BR text). */
async function delivered(
  owner: Actor,
  propertyId: string,
  productId: string,
  delivered: string,
  unitCost: string,
) {
  const { id } = await createReplacement(db(), owner, [{ propertyId, productId }]);
  const [line] = (await getReplacement(db(), owner, id)).lines;
  await setDeliveredQuantities(db(), owner, { id, lines: [{ itemId: line?.itemId, delivered, unitCost }] });
  let from: ReplacementStatus = "processing";
  for (let step = NEXT_STEP[from]; step; step = NEXT_STEP[from]) {
    await advanceReplacement(db(), owner, { id, from, to: step.to });
    from = step.to;
  }
}

/** The scenario: house A sells Vinho (costed) and Água (no cost); house B sells Vinho bought before. */
async function scenario() {
  // Vinho in A starts empty, Água has 10 units and no cost; the shop is past its free days, so Estadia's
  // 3% is taken on each sale (and the sandbox's 3,99%).
  const shop = await shopFixture(db(), [
    { name: "Vinho", priceCents: 5000, stock: 0 },
    { name: "Água", priceCents: 800, stock: 10 },
  ]);
  const vinho = shop.productIds.Vinho ?? "";
  const agua = shop.productIds.Água ?? "";
  await db()
    .update(organization)
    .set({ createdAt: sql`now() - interval '8 days'` })
    .where(eq(organization.id, shop.organizationId));
  await db().update(products).set({ costCents: 400 }).where(eq(products.id, vinho));
  const owner = await ownerOf(db(), shop.organizationId);
  // House B holds 2 Vinho at an average of R$ 4,50.
  const { id: houseB, hash: hashB } = await secondProperty(db(), shop.organizationId);
  await db().insert(propertyProducts).values({
    organizationId: shop.organizationId,
    propertyId: houseB,
    productId: vinho,
    currentQuantity: 2,
    expectedQuantity: 5,
    averageCostCents: 450,
  });
  const shopB = { ...shop, propertyId: houseB, hash: hashB };

  // A: 5 Vinho delivered at R$ 4,00 (average 400).
  await delivered(owner, shop.propertyId, vinho, "5", "4,00");
  // A, PIX: 2 Vinho + 1 Água = 10800; fees 431 (3,99%) + 324 (3%); cost 2 × 400, Água 'sem custo'.
  await paidSale(shop, { Vinho: 2, Água: 1 }, "pix");
  // A: 2 Vinho delivered at R$ 6,00: (3 × 400 + 2 × 600) / 5 = 480.
  await delivered(owner, shop.propertyId, vinho, "2", "6,00");
  // A, card: 1 Vinho = 5000; fees 200 + 150; cost 480. Refunded the same day: all of it comes off.
  const card = await paidSale(shop, { Vinho: 1 }, "credit_card");
  await refundOrder(h.ctx, owner, { orderId: card, reason: "Hóspede desistiu" });
  // B, PIX: 1 Vinho = 5000; fees 200 + 150; cost 450.
  await paidSale(shopB, { Vinho: 1 }, "pix");
  // A's count: Vinho 5 → 3 (2 lost at 480 = 960), Água 9 → 8 (1 lost without cost).
  await saveStockCount(db(), owner, shop.propertyId, {
    lines: [
      { productId: vinho, counted: "3" },
      { productId: agua, counted: "8" },
    ],
    lossReason: "broken",
  });
  // B's count: Vinho 1 → 3 (2 found at 450 = 900).
  await saveStockCount(db(), owner, houseB, {
    lines: [{ productId: vinho, counted: "3" }],
    lossReason: "count_adjustment",
  });
  return { shop, owner, houseB, vinho, agua };
}

describe("the profit summary", () => {
  it("adds up a worked day by hand: sales, fees, refund, cost, losses, gains, and 'sem custo' apart", async () => {
    const { shop, owner, houseB, vinho, agua } = await scenario();
    const today = saoPauloDay(h.ctx.now());
    const report = await profitOf(db(), owner, { from: today, to: today });

    expect(report.totals).toEqual({
      grossCents: 20800, // 10800 + 5000 (A) + 5000 (B)
      refundedCents: 5000,
      providerFeeCents: 631, // 431 + 200 − 200 (given back) + 200
      platformFeeCents: 474, // 324 + 150 − 150 + 150
      orders: 3,
      refundedOrders: 1,
      cogsCents: 1250, // 800 + 480 − 480 + 450
      uncostedUnits: 1,
      uncostedGrossCents: 800,
      lossCents: 960,
      lossUnitsUncosted: 1,
      gainCents: 900,
      salesCents: 15800,
      netCents: 14695, // 15800 − 631 − 474
      profitCents: 12485, // 14695 − 1250 − 960
      margin: 11685 / 15000, // (12485 − 800 of Água) / (15800 − 800)
      averageTicketCents: 6933, // 20800 / 3
      lossShare: 960 / 15800,
    });
    expect(report.properties.map((p) => [p.propertyId, p.profitCents, p.orders])).toEqual([
      [shop.propertyId, 8285, 2], // 10800 − 431 − 324 − 800 − 960
      [houseB, 4200, 1], // 5000 − 200 − 150 − 450
    ]);
    expect(report.daily).toEqual([{ day: today, ...report.totals }]);
    // Nothing the day before: the comparison is with zeros.
    expect(report.previous).toMatchObject({
      grossCents: 0,
      orders: 0,
      margin: null,
      averageTicketCents: null,
    });
    expect(report.topProducts).toEqual([
      {
        productId: vinho,
        name: "Vinho",
        units: 3,
        grossCents: 15000,
        cogsCents: 1250,
        uncostedUnits: 0,
        // After its share of the fees (1105 × 15000 / 15800 = 1049), as 'Lucro' is (issue 49): the products'
        // profits and the losses add up to it.
        profitCents: 15000 - 1250 - 1049,
      },
      // No unit of Água had a cost: no profit to show ('sem custo'), never its whole price.
      {
        productId: agua,
        name: "Água",
        units: 1,
        grossCents: 800,
        cogsCents: 0,
        uncostedUnits: 1,
        profitCents: null,
      },
    ]);

    // The next day is compared with this one.
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    const next = await profitOf(db(), owner, { from: tomorrow, to: tomorrow });
    expect(next.previous).toEqual(report.totals);
    expect(next.previousPeriod).toEqual({ from: today, to: today });
    expect(next.totals).toMatchObject({ grossCents: 0, orders: 0 });

    const onlyB = await profitOf(db(), owner, { from: today, to: today, propertyId: houseB });
    expect(onlyB.totals).toMatchObject({
      grossCents: 5000,
      cogsCents: 450,
      gainCents: 900,
      profitCents: 4200,
    });
    expect(onlyB.totals.margin).toBe(4200 / 5000);

    expect(await keptProfit(db(), shop.organizationId)).toEqual(
      await recomputeProfit(db(), shop.organizationId),
    );
  });

  it("is rebuilt by the migration's backfill from what was sold before it, the same as kept", async () => {
    const { shop } = await scenario();
    const kept = await keptProfit(db(), shop.organizationId);
    const backfill = readFileSync(path.join(MIGRATIONS_FOLDER, "0014_profit_summary.sql"), "utf8")
      .split("--> statement-breakpoint")
      .filter((statement) => statement.includes("INSERT INTO"));
    expect(backfill).toHaveLength(2);
    await db().delete(profitDaily);
    await db().delete(profitProductDaily);
    for (const statement of backfill) await db().execute(sql.raw(statement));
    expect(await keptProfit(db(), shop.organizationId)).toEqual(kept);
  });

  it("is for owners and managers, over a real period of at most a year", async () => {
    const shop = await shopFixture(db(), [{ name: "Vinho", priceCents: 5000, stock: 1 }]);
    const staff = (await memberOf(db(), shop.organizationId, "staff")).actor;
    const owner = await ownerOf(db(), shop.organizationId);
    expect((await refusal(profitOf(db(), staff, { from: "2026-01-01", to: "2026-01-31" }))).kind).toBe(
      "forbidden",
    );
    expect(await refusal(profitOf(db(), owner, { from: "2026-02-01", to: "2026-01-01" }))).toMatchObject({
      kind: "invalid",
    });
    expect(await refusal(profitOf(db(), owner, { from: "2026-02-31", to: "2026-03-01" }))).toMatchObject({
      kind: "invalid",
    });
    expect(await refusal(profitOf(db(), owner, { from: "2025-01-01", to: "2026-01-02" }))).toMatchObject({
      kind: "invalid",
    });
    const month = await profitOf(db(), owner, { from: "2026-01-01", to: "2026-01-31" });
    expect(month.daily).toHaveLength(31);
    expect(month.previous).toMatchObject({ grossCents: 0 });
    expect(month.totals).toMatchObject({ grossCents: 0, profitCents: 0, margin: null });
  });
});
