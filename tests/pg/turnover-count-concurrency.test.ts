// Turnover counts ('Conferir saída') on real PostgreSQL with three pools: a count is applied as of the moment
// it was taken on the phone (ADR 0055), so sales paid and deliveries made while it waited for the connection
// are neither counted twice nor missed, and a count sent again is recorded once.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { includeUnpaidInDamage } from "~/domain/damages/claim-unpaid-consumption.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import { advanceReplacement, setDeliveredQuantities } from "~/domain/restock/advance-replacement.server";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { getReplacement } from "~/domain/restock/read-replacements.server";
import { forgiveStayCount } from "~/domain/stock/stay-count-account.server";
import { saveStockCount } from "~/domain/stock/stock-count.server";
import type { Actor } from "~/domain/team/permissions";
import { addDays, saoPauloDay } from "~/lib/dates";
import { NEXT_STEP, type ReplacementStatus } from "~/lib/replacement-status";
import {
  damageItems,
  damageRecords,
  payments,
  propertyProducts,
  stays,
  stockCountLines,
  stockCounts,
  stockMovements,
} from "~/platform/db/schema";
import { appInstances } from "../support/app-instances";
import { BUYER, deliverWebhook, guestWithCartIn, SANDBOX_PAYMENTS } from "../support/checkout-fixtures";
import { postgresAvailable } from "../support/postgres";
import { currentOf, memberOf, ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

type Shop = Awaited<ReturnType<typeof shopFixture>>;

describe.runIf(available)("turnover counts on PostgreSQL, under concurrency", () => {
  const { at, db } = appInstances();

  async function paidSale(shop: Shop, quantities: Record<string, number>, i: number) {
    const { ctx, sandbox } = at(i);
    const g = await guestWithCartIn(ctx.db, shop, quantities);
    await placeOrder(ctx, { ...g.key, method: "pix", buyer: BUYER });
    const { orderId } = await startPixPayment(ctx, g.key);
    const [pix] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
    await sandbox.settle(pix?.providerPaymentId ?? "", "approve");
    const { url, headers, body } = await sandbox.webhookFor(pix?.providerPaymentId ?? "");
    await deliverWebhook(ctx, SANDBOX_PAYMENTS, { headers, body, query: new URL(url).searchParams });
    return orderId;
  }

  async function deliver(owner: Actor, propertyId: string, productId: string, units: number, i: number) {
    const { id } = await createReplacement(db(), owner, [{ propertyId, productId }]);
    const [line] = (await getReplacement(db(), owner, id)).lines;
    const d = at(i).ctx.db;
    await setDeliveredQuantities(d, owner, {
      id,
      lines: [{ itemId: line?.itemId, delivered: String(units), unitCost: "2,00" }],
    });
    let from: ReplacementStatus = "processing";
    for (let step = NEXT_STEP[from]; step; step = NEXT_STEP[from]) {
      await advanceReplacement(d, owner, { id, from, to: step.to });
      from = step.to;
    }
  }

  /** A guest's stay that checked out today at the shop's property. */
  async function stayOf(shop: Shop) {
    const today = saoPauloDay(new Date());
    const [row] = await db()
      .insert(stays)
      .values({
        organizationId: shop.organizationId,
        propertyId: shop.propertyId,
        kind: "stay",
        source: "direct",
        checkIn: addDays(today, -3),
        checkOut: today,
      })
      .returning({ id: stays.id });
    return row?.id ?? "";
  }

  async function shopWithWater(units: number) {
    const shop = await shopFixture(db(), [{ name: "Água", priceCents: 800, stock: units }]);
    const water = shop.productIds.Água ?? "";
    await db()
      .update(propertyProducts)
      .set({ expectedQuantity: 100, averageCostCents: 200 })
      .where(eq(propertyProducts.propertyId, shop.propertyId));
    const owner = await ownerOf(db(), shop.organizationId);
    const cleaner = (await memberOf(db(), shop.organizationId, "staff")).actor;
    return { shop, water, owner, cleaner, stayId: await stayOf(shop) };
  }

  it("a count taken offline and synced after a sale was paid finds the units really missing", async () => {
    // 10 bottles; the guest drank 3 without paying; the cleaner counts 7 in the elevator, offline.
    const { shop, water, cleaner, stayId } = await shopWithWater(10);
    const takenAt = new Date(Date.now() - 60_000).toISOString();
    // While the phone has no signal, the next guest buys and pays 2 of those 7.
    await paidSale(shop, { Água: 2 }, 0);
    expect(await currentOf(db(), shop.propertyId, water)).toBe(8);

    const summary = await saveStockCount(at(1).ctx.db, cleaner, shop.propertyId, {
      lines: [{ productId: water, counted: "7" }],
      lossReason: "consumed_unpaid",
      stayId,
      takenAt,
      clientId: "offline-count-0001",
    });
    // 3 missing, as counted, not 1 (7 against the 8 of now) and not 5 (the sale taken twice).
    expect(summary).toMatchObject({ missing: { units: 3 }, found: { units: 0 }, replayed: false });
    expect(await currentOf(db(), shop.propertyId, water)).toBe(5);
    const [count] = await db().select().from(stockCounts).where(eq(stockCounts.id, summary.countId));
    expect(count).toMatchObject({ stayId, countedBy: cleaner.userId, takenAt: new Date(takenAt) });
    const [line] = await db()
      .select()
      .from(stockCountLines)
      .where(eq(stockCountLines.countId, summary.countId));
    expect(line).toMatchObject({ expected: 10, counted: 7, applied: true, unitPriceCents: 800 });
    const losses = await db()
      .select({ old: stockMovements.oldQuantity, new: stockMovements.newQuantity })
      .from(stockMovements)
      .where(eq(stockMovements.reference, `count:${summary.countId}`));
    expect(losses).toEqual([{ old: 8, new: 5 }]);
  });

  it("the same count sent 6 times at once from three pools is recorded once and moves the stock once", async () => {
    const { shop, water, cleaner, stayId } = await shopWithWater(12);
    const takenAt = new Date(Date.now() - 5_000).toISOString();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        saveStockCount(at(i).ctx.db, cleaner, shop.propertyId, {
          lines: [{ productId: water, counted: "9" }],
          lossReason: "consumed_unpaid",
          stayId,
          takenAt,
          clientId: "sent-again-0001",
        }),
      ),
    );
    expect(new Set(results.map((r) => r.countId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    for (const r of results) expect(r.missing.units).toBe(3);
    const counts = await db()
      .select({ id: stockCounts.id })
      .from(stockCounts)
      .where(
        and(eq(stockCounts.organizationId, shop.organizationId), eq(stockCounts.clientId, "sent-again-0001")),
      );
    expect(counts).toHaveLength(1);
    expect(await currentOf(db(), shop.propertyId, water)).toBe(9);
  });

  it("an offline count, 8 paid sales and a delivery of one property at once: the stock ends exactly right", async () => {
    // 50 bottles; the count (taken before any of it) found 45. Then, all at once: 8 sales of 1, a delivery of
    // 10, and the count's arrival. Whatever the order, 45 − 8 + 10 are there.
    const { shop, water, owner, cleaner, stayId } = await shopWithWater(50);
    const takenAt = new Date(Date.now() - 1_000).toISOString();
    const count = saveStockCount(at(2).ctx.db, cleaner, shop.propertyId, {
      lines: [{ productId: water, counted: "45" }],
      lossReason: "consumed_unpaid",
      stayId,
      takenAt,
      clientId: "raced-count-0001",
    });
    const [summary] = await Promise.all([
      count,
      deliver(owner, shop.propertyId, water, 10, 1),
      ...Array.from({ length: 8 }, (_, i) => paidSale(shop, { Água: 1 }, i)),
    ]);
    expect(summary.missing.units).toBe(5);
    expect(await currentOf(db(), shop.propertyId, water)).toBe(47);
    const [line] = await db()
      .select()
      .from(stockCountLines)
      .where(eq(stockCountLines.countId, summary.countId));
    expect(line).toMatchObject({ expected: 50, counted: 45 });
    // The ledger's chain has no gap and ends at the stored value.
    const moves = await db()
      .select({ old: stockMovements.oldQuantity, new: stockMovements.newQuantity })
      .from(stockMovements)
      .where(eq(stockMovements.productId, water))
      .orderBy(stockMovements.createdAt);
    moves.slice(1).forEach((m, i) => {
      expect(m.old, `movement ${i + 1}`).toBe(moves[i]?.new);
    });
    expect(moves.at(-1)?.new).toBe(47);
  });

  it("an older count arriving after a newer one moves no stock: the newer one already set it", async () => {
    const { shop, water, cleaner, stayId } = await shopWithWater(10);
    const older = new Date(Date.now() - 120_000).toISOString();
    const newer = new Date(Date.now() - 60_000).toISOString();
    await saveStockCount(db(), cleaner, shop.propertyId, {
      lines: [{ productId: water, counted: "6" }],
      lossReason: "consumed_unpaid",
      takenAt: newer,
      clientId: "newer-count-0001",
    });
    const late = await saveStockCount(db(), cleaner, shop.propertyId, {
      lines: [{ productId: water, counted: "8" }],
      lossReason: "consumed_unpaid",
      stayId,
      takenAt: older,
      clientId: "older-count-0001",
    });
    expect(late.missing.units).toBe(0);
    expect(await currentOf(db(), shop.propertyId, water)).toBe(6);
    const [line] = await db().select().from(stockCountLines).where(eq(stockCountLines.countId, late.countId));
    expect(line?.applied).toBe(false);
  });

  it("'Incluir na avaria' and 'Perdoar' clicked 6 times at once from three pools: settled once, items added once", async () => {
    const { shop, water, owner, cleaner, stayId } = await shopWithWater(10);
    const { countId } = await saveStockCount(db(), cleaner, shop.propertyId, {
      lines: [{ productId: water, counted: "6" }],
      lossReason: "consumed_unpaid",
      stayId,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        i % 3 === 2
          ? forgiveStayCount(at(i).ctx.db, owner, countId)
          : includeUnpaidInDamage(at(i).ctx.db, owner, countId),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const records = await db()
      .select({ id: damageRecords.id })
      .from(damageRecords)
      .where(eq(damageRecords.stayId, stayId));
    const [count] = await db().select().from(stockCounts).where(eq(stockCounts.id, countId));
    if (count?.accountStatus === "in_damage") {
      expect(records).toHaveLength(1);
      const items = await db()
        .select()
        .from(damageItems)
        .where(eq(damageItems.damageId, records[0]?.id ?? ""));
      expect(items.map((i) => i.estimatedCents)).toEqual([4 * 800]);
    } else {
      expect(count?.accountStatus).toBe("forgiven");
      expect(records).toEqual([]);
    }
  });
});
