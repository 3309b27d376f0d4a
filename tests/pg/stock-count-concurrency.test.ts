// Counts ('Conferência') and stock-sheet saves racing each other on real PostgreSQL, from two app
// instances: whether a change is a loss is decided under the row lock, so every movement of the ledger
// says `loss` exactly when its quantity went down, and the chain of old → new values has no gap.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProperty } from "~/domain/properties/create-property.server";
import { addProductsToProperty } from "~/domain/stock/add-products.server";
import { saveStockQuantities } from "~/domain/stock/save-stock-quantities.server";
import { saveStockCount } from "~/domain/stock/stock-count.server";
import type { Actor } from "~/domain/team/permissions";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { member, products, propertyProducts, stockMovements } from "~/platform/db/schema";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";

const available = await postgresAvailable();

describe.runIf(available)("stock counts under concurrency on PostgreSQL", () => {
  let database: ThrowawayDatabase;
  let instances: DatabaseHandle[];
  let host: Actor;
  let staff: Actor;
  const db = (i: number) => (instances[i % instances.length] as DatabaseHandle).db;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    instances = await Promise.all(
      [1, 2].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 15 })),
    );
    await migrateDatabase(instances[0] as DatabaseHandle);
    const created = await createConfirmedUser(db(0), {
      name: "Anfitriã",
      email: "conferencia@example.com",
      password: "segredo1",
    });
    host = { userId: created.userId, organizationId: created.membership.organizationId, role: "owner" };
    const cleaner = await createConfirmedUser(db(0), {
      name: "Equipe",
      email: "equipe-conferencia@example.com",
      password: "segredo1",
    });
    await db(0).delete(member).where(eq(member.userId, cleaner.userId));
    await db(0)
      .insert(member)
      .values({ organizationId: host.organizationId, userId: cleaner.userId, role: "staff" });
    staff = { userId: cleaner.userId, organizationId: host.organizationId, role: "staff" };
  });
  afterAll(async () => {
    await Promise.all((instances ?? []).map((i) => i.close()));
    await database?.drop();
  });

  it("30 counts and sheet saves at once: a loss exactly when the quantity went down, and no gap", async () => {
    const property = await createProperty(db(0), host, { name: "Casa conferida", address: "Rua 1" });
    const ids: string[] = [];
    for (const name of ["Água", "Café"]) {
      const [row] = await db(0)
        .insert(products)
        .values({ organizationId: host.organizationId, name, priceCents: 500 })
        .returning({ id: products.id });
      if (row) ids.push(row.id);
    }
    await addProductsToProperty(db(0), host, property.id, ids);
    await db(0)
      .update(propertyProducts)
      .set({ averageCostCents: 210 })
      .where(eq(propertyProducts.propertyId, property.id));
    const [water = "", coffee = ""] = ids;

    const operations = Array.from({ length: 30 }, (_, i) => {
      // Values go up and down around each other, so which saves are losses depends on who locks first.
      const a = (i * 7) % 11;
      const b = (i * 5) % 9;
      if (i % 2) {
        return saveStockCount(db(i), staff, property.id, {
          lines: [
            { productId: coffee, counted: String(b) },
            { productId: water, counted: String(a) },
          ],
          lossReason: "consumed_unpaid",
        });
      }
      return saveStockQuantities(db(i), host, property.id, [
        { productId: water, current: String(a), expected: "5", lossReason: "expired" },
        { productId: coffee, current: String(b), expected: "5", lossReason: "expired" },
      ]);
    });
    const results = await Promise.allSettled(operations);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);

    for (const productId of [water, coffee]) {
      const moves = await db(0)
        .select({
          old: stockMovements.oldQuantity,
          new: stockMovements.newQuantity,
          reason: stockMovements.reason,
          lossReason: stockMovements.lossReason,
          unitCostCents: stockMovements.unitCostCents,
          actor: stockMovements.actorUserId,
        })
        .from(stockMovements)
        .where(eq(stockMovements.productId, productId))
        .orderBy(asc(stockMovements.createdAt));
      expect(moves[0]).toMatchObject({ old: null, new: 1, reason: "initial" });
      const changes = moves.slice(1);
      expect(changes.length).toBeGreaterThan(0);
      changes.forEach((m, i) => {
        expect(m.old, `movement ${i + 1}`).toBe(moves[i]?.new);
        const down = (m.new ?? 0) < (m.old ?? 0);
        const counted = m.actor === staff.userId;
        expect([m.reason, m.lossReason, m.unitCostCents]).toEqual(
          down
            ? ["loss", counted ? "consumed_unpaid" : "expired", 210]
            : ["adjustment", counted ? "count_adjustment" : null, 210],
        );
      });
      const [row] = await db(0)
        .select({ current: propertyProducts.currentQuantity })
        .from(propertyProducts)
        .where(eq(propertyProducts.productId, productId));
      expect(row?.current).toBe(moves.at(-1)?.new);
    }
  });
});
