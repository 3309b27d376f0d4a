// Lists read as Portuguese reads them on both databases (issue 49, ADR 0057): PGlite sorts by bytes
// ('Protetor solar' before 'Pão de queijo', 'Cerveja' before 'Água'), and a PostgreSQL's collation may be
// anything, so the order is decided in JavaScript with the pt-BR collator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { listMissingProducts } from "~/domain/restock/missing-products.server";
import { getReplacement } from "~/domain/restock/read-replacements.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

const pg = await postgresAvailable();
const NAMES = ["Protetor solar", "Cerveja", "Pão de queijo", "Água com gás", "Item 10", "Item 2"];
const READ = ["Água com gás", "Cerveja", "Item 2", "Item 10", "Pão de queijo", "Protetor solar"];

describe.each([
  ["PGlite", false],
  ["PostgreSQL", true],
] as const)("on %s", (_name, onPostgres) => {
  let handle: DatabaseHandle;
  let database: ThrowawayDatabase | undefined;
  beforeAll(async () => {
    if (onPostgres && !pg) return;
    database = onPostgres ? await createThrowawayDatabase() : undefined;
    handle = await connectDatabase(database ? { databaseUrl: database.url } : {});
    await migrateDatabase(handle);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it.runIf(!onPostgres || pg)(
    "the new restock run's products and a run's lines",
    async () => {
      const s = await shopFixture(
        handle.db,
        NAMES.map((name) => ({ name, priceCents: 500, stock: 0 })),
      );
      const owner = await ownerOf(handle.db, s.organizationId);
      const missing = await listMissingProducts(handle.db, owner);
      expect(missing.map((m) => m.productName)).toEqual(READ);
      const run = await createReplacement(
        handle.db,
        owner,
        NAMES.map((name) => ({ propertyId: s.propertyId, productId: s.productIds[name] ?? "" })),
      );
      const read = await getReplacement(handle.db, owner, run.id);
      expect(read.lines.map((l) => l.productName)).toEqual(READ);
    },
    60_000,
  );
});
