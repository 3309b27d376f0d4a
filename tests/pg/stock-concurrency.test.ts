// Stock saves racing each other on real PostgreSQL, from two app instances (two connection pools): the
// row locks make them queue, so the ledger's chain of old → new values has no gap and ends at the stored value.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "~/domain/errors";
import { createProperty } from "~/domain/properties/create-property.server";
import { addProductsToProperty } from "~/domain/stock/add-products.server";
import { saveStockQuantities } from "~/domain/stock/save-stock-quantities.server";
import type { Actor } from "~/domain/team/permissions";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { products, propertyProducts, stockMovements } from "~/platform/db/schema";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";

const available = await postgresAvailable();

describe.runIf(available)("stock quantities under concurrency on PostgreSQL", () => {
  let database: ThrowawayDatabase;
  let instances: DatabaseHandle[];
  let host: Actor;
  const db = (i: number) => (instances[i % instances.length] as DatabaseHandle).db;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    instances = await Promise.all(
      [1, 2].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 15 })),
    );
    await migrateDatabase(instances[0] as DatabaseHandle);
    const created = await createConfirmedUser(db(0), {
      name: "Anfitriã",
      email: "concorrencia@example.com",
      password: "segredo1",
    });
    host = { userId: created.userId, organizationId: created.membership.organizationId, role: "owner" };
  });
  afterAll(async () => {
    await Promise.all((instances ?? []).map((i) => i.close()));
    await database?.drop();
  });

  async function stockedProperty(names: string[]) {
    const property = await createProperty(db(0), host, { name: "Casa concorrida", address: "Rua 1" });
    const ids = [];
    for (const name of names) {
      const [row] = await db(0)
        .insert(products)
        .values({ organizationId: host.organizationId, name, priceCents: 500 })
        .returning({ id: products.id });
      if (row) ids.push(row.id);
    }
    await addProductsToProperty(db(0), host, property.id, ids);
    return { propertyId: property.id, ids };
  }

  async function chain(propertyId: string, productId: string) {
    return db(0)
      .select({
        old: stockMovements.oldQuantity,
        new: stockMovements.newQuantity,
        reason: stockMovements.reason,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.propertyId, propertyId), eq(stockMovements.productId, productId)))
      .orderBy(asc(stockMovements.createdAt));
  }

  async function currentOf(propertyId: string, productId: string) {
    const [row] = await db(0)
      .select({ current: propertyProducts.currentQuantity })
      .from(propertyProducts)
      .where(and(eq(propertyProducts.propertyId, propertyId), eq(propertyProducts.productId, productId)));
    return row?.current;
  }

  it("40 simultaneous saves of two rows leave a gap-free ledger per row that ends at the stored quantity", async () => {
    const { propertyId, ids } = await stockedProperty(["Água", "Café"]);
    const [water = "", coffee = ""] = ids;
    const saves = Array.from({ length: 40 }, (_, i) => {
      // Every save writes values no other save writes, so each one really changes both rows; half of
      // them list the rows in the other order (the locks are still taken in one order: no deadlock).
      const rows = [
        { productId: water, current: String(i + 2), expected: "50", lossReason: "count_adjustment" },
        { productId: coffee, current: String(100 + i), expected: "", lossReason: "count_adjustment" },
      ];
      return saveStockQuantities(db(i), host, propertyId, i % 2 ? rows.reverse() : rows);
    });
    const results = await Promise.allSettled(saves);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);

    for (const productId of [water, coffee]) {
      const moves = await chain(propertyId, productId);
      expect(moves).toHaveLength(41);
      expect(moves[0]).toEqual({ old: null, new: 1, reason: "initial" });
      for (let i = 1; i < moves.length; i++) {
        // A save that found fewer than the one before it records a loss; more, an adjustment.
        const fewer = (moves[i]?.new ?? 0) < (moves[i]?.old ?? 0);
        expect(moves[i]?.reason).toBe(fewer ? "loss" : "adjustment");
        // The value each save replaced is the value the previous one left.
        expect(moves[i]?.old, `movement ${i} of ${productId}`).toBe(moves[i - 1]?.new);
      }
      expect(await currentOf(propertyId, productId)).toBe(moves.at(-1)?.new);
    }
  });

  it("the same product added 10 times at once goes in once, with one 'initial' movement", async () => {
    const property = await createProperty(db(0), host, { name: "Casa nova", address: "Rua 2" });
    const [row] = await db(0)
      .insert(products)
      .values({ organizationId: host.organizationId, name: "Vinho", priceCents: 9000 })
      .returning({ id: products.id });
    const productId = row?.id ?? "";
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => addProductsToProperty(db(i), host, property.id, [productId])),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected")
        expect(r.reason).toMatchObject({ kind: "conflict" } satisfies Partial<AppError>);
    }
    expect(await chain(property.id, productId)).toEqual([{ old: null, new: 1, reason: "initial" }]);
  });
});
