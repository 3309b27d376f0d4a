import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { refundOrder } from "~/domain/payments/refund-order.server";
import { advanceReplacement, setDeliveredQuantities } from "~/domain/restock/advance-replacement.server";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { getReplacement } from "~/domain/restock/read-replacements.server";
import { returnToStock } from "~/domain/stock/return-to-stock.server";
import type { Actor } from "~/domain/team/permissions";
import { NEXT_STEP, type ReplacementStatus } from "~/lib/replacement-status";
import { orderItems, products, propertyProducts, stockMovements } from "~/platform/db/schema";
import { paidPixSale } from "../support/checkout-fixtures";
import { embeddedCheckout } from "../support/embedded-checkout";
import { refusal } from "../support/refusal";
import { memberOf, ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000 });

const { db, h } = embeddedCheckout();

type Shop = Awaited<ReturnType<typeof shopFixture>>;

/** A shop with one product (expected 5) held at `current`, with this average cost and product cost. */
async function oneProduct(current: number | null, averageCostCents: number | null, costCents: number | null) {
  const shop = await shopFixture(db(), [{ name: "Vinho", priceCents: 5000, stock: current }]);
  const productId = shop.productIds.Vinho ?? "";
  await db().update(products).set({ costCents }).where(eq(products.id, productId));
  await db()
    .update(propertyProducts)
    .set({ averageCostCents })
    .where(eq(propertyProducts.productId, productId));
  return { shop, productId, owner: await ownerOf(db(), shop.organizationId) };
}

async function stockOf(shop: Shop, productId: string) {
  const [row] = await db()
    .select({ current: propertyProducts.currentQuantity, average: propertyProducts.averageCostCents })
    .from(propertyProducts)
    .where(and(eq(propertyProducts.propertyId, shop.propertyId), eq(propertyProducts.productId, productId)));
  return row;
}

/** Starts a run for the product, lets `change` set its line, and takes it to 'delivered'. */
async function deliveredRun(
  owner: Actor,
  shop: Shop,
  productId: string,
  change?: { delivered: string; unitCost?: string },
) {
  const { id } = await createReplacement(db(), owner, [{ propertyId: shop.propertyId, productId }]);
  const [line] = (await getReplacement(db(), owner, id)).lines;
  if (change) await setDeliveredQuantities(db(), owner, { id, lines: [{ itemId: line?.itemId, ...change }] });
  let from: ReplacementStatus = "processing";
  for (let step = NEXT_STEP[from]; step; step = NEXT_STEP[from]) {
    await advanceReplacement(db(), owner, { id, from, to: step.to });
    from = step.to;
  }
  return { id, line };
}

async function saleCostOf(orderId: string) {
  const [line] = await db()
    .select({ unitCostCents: orderItems.unitCostCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return line?.unitCostCents;
}

describe("a delivered restocking run", () => {
  it("brings its units in at the line's cost: the average is weighted by quantity, rounded half up", async () => {
    const { shop, productId, owner } = await oneProduct(0, null, 400);
    const first = await deliveredRun(owner, shop, productId);
    expect(first.line?.unitCostCents).toBe(400); // the product's cost when the run was made
    // Nothing in stock before: the delivery's cost is the average.
    expect(await stockOf(shop, productId)).toEqual({ current: 5, average: 400 });

    await db()
      .update(propertyProducts)
      .set({ currentQuantity: 2 })
      .where(eq(propertyProducts.productId, productId));
    await deliveredRun(owner, shop, productId, { delivered: "1", unitCost: "5,55" });
    // (2 × 400 + 1 × 555) / 3 = 1355 / 3 = 451,67 → 452.
    expect(await stockOf(shop, productId)).toEqual({ current: 3, average: 452 });
  });

  it("with an unknown cost leaves the average as it was", async () => {
    const { shop, productId, owner } = await oneProduct(1, 250, 400);
    const { line } = await deliveredRun(owner, shop, productId, { delivered: "4", unitCost: "" });
    expect(line?.unitCostCents).toBe(400);
    expect(await stockOf(shop, productId)).toEqual({ current: 5, average: 250 });
  });

  it("into uncounted stock leaves it uncounted, with no movement, and its cost is the average", async () => {
    const { shop, productId, owner } = await oneProduct(null, 300, null);
    const reference = `replacement:${crypto.randomUUID()}` as const;
    await db().transaction((tx) =>
      returnToStock(tx, owner, { reason: "restock", reference }, [
        { propertyId: shop.propertyId, productId, quantity: 4, unitCostCents: 500 },
      ]),
    );
    expect(await stockOf(shop, productId)).toEqual({ current: null, average: 500 });
    expect(await db().select().from(stockMovements).where(eq(stockMovements.reference, reference))).toEqual(
      [],
    );
  });

  it("takes a line's unit cost only from those who manage runs, read like a price, before delivery", async () => {
    const { shop, productId, owner } = await oneProduct(1, 250, 400);
    const { id } = await createReplacement(db(), owner, [{ propertyId: shop.propertyId, productId }]);
    const [line] = (await getReplacement(db(), owner, id)).lines;
    const itemId = line?.itemId ?? "";
    for (const unitCost of ["-5", "1e3", "abc"]) {
      const refused = await refusal(
        setDeliveredQuantities(db(), owner, { id, lines: [{ itemId, delivered: "4", unitCost }] }),
      );
      expect(refused, `cost '${unitCost}'`).toMatchObject({
        kind: "invalid",
        message: "Digite o custo só com números e vírgula, como 4,90.",
        fieldErrors: { [`cost:${itemId}`]: "Digite o custo só com números e vírgula, como 4,90." },
      });
    }
    const staff = (await memberOf(db(), shop.organizationId, "staff")).actor;
    expect(
      (
        await refusal(
          setDeliveredQuantities(db(), staff, { id, lines: [{ itemId, delivered: "4", unitCost: "1" }] }),
        )
      ).kind,
    ).toBe("forbidden");
    // Staff still lower quantities; the cost they cannot see stays.
    await setDeliveredQuantities(db(), staff, { id, lines: [{ itemId, delivered: "3" }] });
    expect((await getReplacement(db(), owner, id)).lines[0]).toMatchObject({
      delivered: 3,
      unitCostCents: 400,
    });
    await setDeliveredQuantities(db(), owner, { id, lines: [{ itemId, delivered: "3", unitCost: "0" }] });
    expect((await getReplacement(db(), owner, id)).lines[0]).toMatchObject({
      delivered: 3,
      unitCostCents: 0,
    });
  });
});

describe("a sale", () => {
  it("keeps the average cost of its moment; a later delivery at another cost does not rewrite it", async () => {
    const { shop, productId, owner } = await oneProduct(5, 400, null);
    const orderId = await paidPixSale(h, shop, { Vinho: 2 });
    expect(await saleCostOf(orderId)).toBe(400);

    await db().transaction((tx) =>
      returnToStock(tx, owner, { reason: "restock", reference: `replacement:${crypto.randomUUID()}` }, [
        { propertyId: shop.propertyId, productId, quantity: 3, unitCostCents: 1000 },
      ]),
    );
    // (3 × 400 + 3 × 1000) / 6 = 700.
    expect(await stockOf(shop, productId)).toEqual({ current: 6, average: 700 });
    expect(await saleCostOf(orderId)).toBe(400);
  });

  it("of unknown cost keeps none, never zero", async () => {
    const { shop } = await oneProduct(5, null, null);
    expect(await saleCostOf(await paidPixSale(h, shop, { Vinho: 1 }))).toBeNull();
  });

  it("refunded returns its units at the sale's cost", async () => {
    const { shop, productId, owner } = await oneProduct(5, 400, null);
    const orderId = await paidPixSale(h, shop, { Vinho: 2 });
    await db()
      .update(propertyProducts)
      .set({ averageCostCents: 700 })
      .where(eq(propertyProducts.productId, productId));
    await refundOrder(h.ctx, owner, { orderId, reason: "Hóspede não consumiu" });
    // (3 × 700 + 2 × 400) / 5 = 2900 / 5 = 580.
    expect(await stockOf(shop, productId)).toEqual({ current: 5, average: 580 });
  });
});
