// Orders before arrival on real PostgreSQL, three app instances at once (issue 48, ADR 0060): guests paying
// pre-arrival orders while the run that serves their turnover is driven to delivery, and other guests buy the
// same product from the unit's own shop. Every pre-arrival order ends on exactly one run: on the delivered one
// and marked delivered, or on a later open run and not; the unit's stock is what it held plus the run's own
// line minus the unit's sales, never touched by the guests' orders.
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToStayCart } from "~/domain/carts/stay-shop.server";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { advanceReplacement } from "~/domain/restock/advance-replacement.server";
import { addDays, saoPauloDay } from "~/lib/dates";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import {
  orderItems,
  orders,
  products,
  replacementCounters,
  replacementItems,
  replacements,
  stays,
  stockMovements,
} from "~/platform/db/schema";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import {
  BUYER,
  type CheckoutHarness,
  checkoutHarness,
  guestWithCartIn,
  TEST_CARD,
} from "../support/checkout-fixtures";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { currentOf, ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";
import { insertStay } from "../support/stay-fixtures";

const available = await postgresAvailable();

type Instance = { handle: DatabaseHandle; harness: CheckoutHarness; ctx: PaymentsContext };

describe.runIf(available)("pre-arrival orders on PostgreSQL, under concurrency and across instances", () => {
  let database: ThrowawayDatabase;
  let instances: Instance[] = [];
  const at = (i: number) => instances[i % instances.length] as Instance;
  const db = () => at(0).handle.db;

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
  });
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.handle.close()));
    await database?.drop();
  });

  async function pay(instance: number, key: { cartId: string; deviceId: string; ip: string }) {
    const { ctx, harness } = at(instance);
    const token = (await harness.sandbox.tokenize({ ...TEST_CARD, holderName: "APRO" })).id;
    const paid = await payByCard(ctx, { ...key, token, paymentMethodId: null, issuerId: null });
    expect(paid.status).toBe("paid");
    return paid.orderId;
  }

  it("a guest order and a run delivery at once leave stock and the order right", async () => {
    const shop = await shopFixture(db(), [{ name: "Água", priceCents: 500, stock: 5 }]);
    const owner = await ownerOf(db(), shop.organizationId);
    const agua = shop.productIds.Água ?? "";
    const [espumante] = await db()
      .insert(products)
      .values({ organizationId: shop.organizationId, name: "Espumante", priceCents: 8990, madeToOrder: true })
      .returning({ id: products.id });
    const checkIn = addDays(saoPauloDay(new Date()), 10);
    const stayId = await insertStay(db(), shop, checkIn, addDays(checkIn, 3));
    const [stay] = await db().select({ token: stays.shopToken }).from(stays).where(eq(stays.id, stayId));
    // The run that serves the turnover: 3 Água for the unit, due the day before check-in.
    await db().insert(replacementCounters).values({ organizationId: shop.organizationId, lastNumber: 1 });
    const [run] = await db()
      .insert(replacements)
      .values({ organizationId: shop.organizationId, number: 1, deliverBy: addDays(checkIn, -1) })
      .returning({ id: replacements.id });
    const runId = run?.id ?? "";
    await db().insert(replacementItems).values({
      organizationId: shop.organizationId,
      replacementId: runId,
      propertyId: shop.propertyId,
      productId: agua,
      quantity: 3,
    });

    // Eight guests with pre-arrival orders placed (1 Água + 1 Espumante each), three unit-shop buyers.
    const guests = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const deviceId = randomBytes(16).toString("base64url");
        const ip = `203.0.113.${i + 1}`;
        const add = (productId: string) =>
          addToStayCart(db(), { token: stay?.token ?? "", productId, deviceId, ip });
        await add(agua);
        const cart = await add(espumante?.id ?? "");
        const key = { cartId: cart.id, deviceId, ip };
        expect((await placeOrder(at(i).ctx, { ...key, method: "credit_card", buyer: BUYER })).ok).toBe(true);
        return key;
      }),
    );
    const buyers = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const g = await guestWithCartIn(db(), shop, { Água: 1 });
        await placeOrder(at(i).ctx, { ...g.key, method: "credit_card", buyer: BUYER });
        return g.key;
      }),
    );

    // Three guests pay while the run is still being packed; then, all at once, the other five pay, the unit's
    // buyers pay, and the run goes all the way to delivered.
    const early = await Promise.all(guests.slice(0, 3).map((key, i) => pay(i, key)));
    const driving = (async () => {
      await advanceReplacement(at(0).handle.db, owner, {
        id: runId,
        from: "processing",
        to: "separated_for_replacement",
      });
      await advanceReplacement(at(1).handle.db, owner, {
        id: runId,
        from: "separated_for_replacement",
        to: "in_transit",
      });
      return advanceReplacement(at(2).handle.db, owner, { id: runId, from: "in_transit", to: "delivered" });
    })();
    const [delivery, rest] = await Promise.all([
      driving,
      Promise.all(guests.slice(3).map((key, i) => pay(i, key))),
      Promise.all(buyers.map((key, i) => pay(i + 1, key))),
    ]);
    expect(delivery.status).toBe("delivered");
    const guestOrders = [...early, ...rest];

    const rows = await db().select().from(orders).where(inArray(orders.id, guestOrders));
    expect(rows).toHaveLength(8);
    const onDelivered = rows.filter((o) => o.replacementId === runId);
    const later = rows.filter((o) => o.replacementId !== runId);
    // On the delivered run: each marked delivered; the others not.
    for (const id of early) expect(onDelivered.map((o) => o.id)).toContain(id);
    for (const o of onDelivered) expect(o.deliveredAt).not.toBeNull();
    // Paid once the run had been packed: together on one new open run due at check-in, not delivered.
    for (const o of later) expect(o.deliveredAt).toBeNull();
    const laterRuns = [...new Set(later.map((o) => o.replacementId))];
    expect(laterRuns.length).toBeLessThanOrEqual(1);
    for (const id of laterRuns) {
      const [r] = await db()
        .select()
        .from(replacements)
        .where(eq(replacements.id, id ?? ""));
      expect(r).toMatchObject({ status: "processing", deliverBy: checkIn });
    }
    for (const o of rows) expect(o).toMatchObject({ status: "paid", stayId });

    // The unit: 5 + the run's 3 − the unit's 3 sales; the guests' Água never held nor moved its stock.
    expect(await currentOf(db(), shop.propertyId, agua)).toBe(5);
    const held = await db()
      .select({ reserved: orderItems.reservedQuantity })
      .from(orderItems)
      .where(inArray(orderItems.orderId, guestOrders));
    expect(held.every((i) => i.reserved === 0)).toBe(true);
    const movements = await db()
      .select({ reason: stockMovements.reason, reference: stockMovements.reference })
      .from(stockMovements)
      .where(and(eq(stockMovements.propertyId, shop.propertyId), eq(stockMovements.productId, agua)));
    expect(movements.filter((m) => m.reason === "restock")).toEqual([
      { reason: "restock", reference: `replacement:${runId}` },
    ]);
    expect(movements.filter((m) => m.reason === "sale")).toHaveLength(3);
    expect(movements.some((m) => guestOrders.some((id) => m.reference === `order:${id}`))).toBe(false);
  });
});
