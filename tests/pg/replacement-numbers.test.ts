// 'Reposição #n' on real PostgreSQL with three app instances (three pools) on one throwaway database: runs
// started at once get distinct numbers in creation order per organization, the counter alone hands out
// distinct numbers to concurrent transactions, and a refused start takes no number.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { listReplacements } from "~/domain/restock/read-replacements.server";
import { nextReplacementNumber } from "~/domain/restock/replacement-number.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

describe.runIf(available)("restocking run numbers on PostgreSQL, across instances", () => {
  let database: ThrowawayDatabase;
  let handles: DatabaseHandle[] = [];
  const dbAt = (i: number) => (handles[i % handles.length] as DatabaseHandle).db;
  const db = () => dbAt(0);

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    handles = await Promise.all(
      [1, 2, 3].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 12 })),
    );
    await migrateDatabase(handles[0] as DatabaseHandle);
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await database?.drop();
  });

  const names = ["Água", "Café", "Chá", "Vinho", "Granola", "Suco"];

  it("six runs started at once get #1 to #6 once each; another organization starts at #1", async () => {
    const shop = await shopFixture(
      db(),
      names.map((name) => ({ name, priceCents: 500, stock: 0 })),
    );
    const other = await shopFixture(db(), [{ name: "Água", priceCents: 450, stock: 0 }]);
    const owner = await ownerOf(db(), shop.organizationId);
    const created = await Promise.all(
      names.map((name, i) =>
        createReplacement(dbAt(i), owner, [
          { propertyId: shop.propertyId, productId: shop.productIds[name] ?? "" },
        ]),
      ),
    );
    expect(created.map((r) => r.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    // Runs made at the same moment are numbered in the order they took the counter, which need not be the
    // order of their clocks: the list shows each number once.
    const listed = await listReplacements(db(), owner);
    expect(listed.map((r) => r.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(listed.every((r) => r.productCount === 1 && r.propertyCount === 1)).toBe(true);

    const otherOwner = await ownerOf(db(), other.organizationId);
    const first = await createReplacement(db(), otherOwner, [
      { propertyId: other.propertyId, productId: other.productIds.Água ?? "" },
    ]);
    expect(first.number).toBe(1);
  });

  it("the counter alone gives 30 concurrent transactions 30 distinct numbers", async () => {
    const shop = await shopFixture(db(), [{ name: "Água", priceCents: 450, stock: 0 }]);
    const numbers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        dbAt(i).transaction(async (tx) => {
          const n = await nextReplacementNumber(tx, shop.organizationId);
          // Hold the transaction open a moment, as a run's creation does while it writes its lines.
          await tx.execute("select pg_sleep(0.01)");
          return n;
        }),
      ),
    );
    expect(new Set(numbers).size).toBe(30);
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("a refused start takes no number: the next run gets the next one", async () => {
    const shop = await shopFixture(db(), [
      { name: "Água", priceCents: 450, stock: 0 },
      { name: "Café", priceCents: 800, stock: 0 },
    ]);
    const owner = await ownerOf(db(), shop.organizationId);
    const line = (name: string) => [{ propertyId: shop.propertyId, productId: shop.productIds[name] ?? "" }];
    expect((await createReplacement(db(), owner, line("Água"))).number).toBe(1);
    // Água is on its way now: refused, in a transaction that rolls its counter bump back.
    await expect(createReplacement(dbAt(1), owner, line("Água"))).rejects.toThrow();
    expect((await createReplacement(dbAt(2), owner, line("Café"))).number).toBe(2);
  });
});
