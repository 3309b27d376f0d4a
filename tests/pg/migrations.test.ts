import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "~/platform/db/connect.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { leads } from "~/platform/db/schema/leads";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { expectRefundParts, refundPartsAcrossMigration } from "../support/refund-parts-migration";

const available = await postgresAvailable();

describe.runIf(available)("migrations on PostgreSQL", () => {
  let database: ThrowawayDatabase;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("several instances migrating at once apply each migration exactly once", async () => {
    const handles = await Promise.all(
      Array.from({ length: 6 }, () => connectDatabase({ databaseUrl: database.url, poolSize: 2 })),
    );
    try {
      await Promise.all(handles.map((h) => migrateDatabase(h)));
      const [first] = handles;
      if (!first) throw new Error("no handle");
      const applied = await first.db.execute(
        sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
      );
      expect(applied.rows.length).toBeGreaterThan(0);
      for (const row of applied.rows) expect(row.n).toBe(1);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });

  it("creates the schema the app reads and writes, and a second run changes nothing", async () => {
    const handle = await connectDatabase({ databaseUrl: database.url });
    try {
      const before = await handle.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      await migrateDatabase(handle);
      const after = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(after.rows[0]).toEqual(before.rows[0]);
      const [row] = await handle.db
        .insert(leads)
        .values({ email: "ana@example.com", language: "pt-BR" })
        .returning();
      expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row?.createdAt).toBeInstanceOf(Date);
      expect(await handle.ping()).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it("gives the refunds posted before migration 0024 their parts, and keeps the ledger append-only", async () => {
    const fresh = await createThrowawayDatabase();
    const handle = await connectDatabase({ databaseUrl: fresh.url });
    try {
      expectRefundParts(await refundPartsAcrossMigration(handle));
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });

  it("fails at connect, not later, when the server cannot be reached", async () => {
    await expect(connectDatabase({ databaseUrl: "postgres://postgres@127.0.0.1:1/none" })).rejects.toThrow();
  });
});
