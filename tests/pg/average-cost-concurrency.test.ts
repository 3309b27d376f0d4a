// The weighted average cost on real PostgreSQL: two restocking runs of the same product for the same
// property, delivered at the same moment from two app instances (two pools) at different unit costs. Each
// delivery computes the average in the update that adds its units, so neither can lose the other's.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceReplacement, setDeliveredQuantities } from "~/domain/restock/advance-replacement.server";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { getReplacement } from "~/domain/restock/read-replacements.server";
import type { Actor } from "~/domain/team/permissions";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle, Db } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { propertyProducts } from "~/platform/db/schema";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

describe.runIf(available)("the average cost on PostgreSQL, across instances", () => {
  let database: ThrowawayDatabase;
  let handles: DatabaseHandle[] = [];
  const dbAt = (i: number) => (handles[i % handles.length] as DatabaseHandle).db;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    handles = await Promise.all(
      [1, 2].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 4 })),
    );
    await migrateDatabase(handles[0] as DatabaseHandle);
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await database?.drop();
  });

  /** A run for what is missing of the product, its line at this unit cost, on its way (in transit). */
  async function runOnItsWay(
    db: Db,
    owner: Actor,
    line: { propertyId: string; productId: string },
    cost: string,
  ) {
    const { id } = await createReplacement(db, owner, [line]);
    const [item] = (await getReplacement(db, owner, id)).lines;
    await setDeliveredQuantities(db, owner, {
      id,
      lines: [{ itemId: item?.itemId, delivered: String(item?.quantity), unitCost: cost }],
    });
    await advanceReplacement(db, owner, { id, from: "processing", to: "separated_for_replacement" });
    await advanceReplacement(db, owner, { id, from: "separated_for_replacement", to: "in_transit" });
    return id;
  }

  it("two deliveries at once at different costs both count: the average is the hand-computed one", async () => {
    const db = dbAt(0);
    for (let round = 0; round < 5; round++) {
      const shop = await shopFixture(db, [{ name: "Vinho", priceCents: 5000, stock: 2 }]);
      const owner = await ownerOf(db, shop.organizationId);
      const line = { propertyId: shop.propertyId, productId: shop.productIds.Vinho ?? "" };
      const row = and(
        eq(propertyProducts.propertyId, line.propertyId),
        eq(propertyProducts.productId, line.productId),
      );
      await db.update(propertyProducts).set({ averageCostCents: 300 }).where(row);
      // 3 missing (expected 5) go in the first run; expecting 8 makes 3 more missing for the second.
      const first = await runOnItsWay(db, owner, line, "4,00");
      await db.update(propertyProducts).set({ expectedQuantity: 8 }).where(row);
      const second = await runOnItsWay(db, owner, line, "7,00");

      await Promise.all(
        [first, second].map((id, i) =>
          advanceReplacement(dbAt(i), owner, { id, from: "in_transit", to: "delivered" }),
        ),
      );
      // Either order: (2 × 300 + 3 × 400) / 5 = 360, then (5 × 360 + 3 × 700) / 8 = 487,5 → 488;
      // or (2 × 300 + 3 × 700) / 5 = 540, then (5 × 540 + 3 × 400) / 8 = 487,5 → 488.
      const [after] = await db
        .select({ current: propertyProducts.currentQuantity, average: propertyProducts.averageCostCents })
        .from(propertyProducts)
        .where(row);
      expect(after, `round ${round}`).toEqual({ current: 8, average: 488 });
    }
  });
});
