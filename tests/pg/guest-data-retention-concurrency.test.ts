// The guest data retention job on real PostgreSQL: two app instances (two connection pools) run it at the
// same moment. Every order past retention is anonymized exactly once, recent ones keep their data, and the
// ledger is untouched.
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retentionCutoff, runGuestDataRetention } from "~/domain/guests/retention-job.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { carts, orders } from "~/platform/db/schema";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

describe.runIf(available)("guest data retention on PostgreSQL, across instances", () => {
  let database: ThrowawayDatabase;
  let handles: DatabaseHandle[] = [];

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

  it("two runs at once anonymize each old order once and leave the recent ones", async () => {
    const db = (handles[0] as DatabaseHandle).db;
    const shop = await shopFixture(db, [], { receiving: false });
    const now = new Date();
    const cutoff = retentionCutoff(now, 24);
    // Past one batch (200), so the runs meet on several.
    const made = async (count: number, createdAt: Date) => {
      const rows = [];
      for (let i = 0; i < count; i++) {
        rows.push({
          organizationId: shop.organizationId,
          propertyId: shop.propertyId,
          deviceId: `device-${randomUUID()}`,
          status: "cancelled",
          createdAt,
        });
      }
      const made = await db.insert(carts).values(rows).returning({ id: carts.id, deviceId: carts.deviceId });
      const placed = await db
        .insert(orders)
        .values(
          made.map((c, i) => ({
            organizationId: shop.organizationId,
            propertyId: shop.propertyId,
            cartId: c.id,
            deviceId: c.deviceId,
            status: "cancelled",
            paymentMethod: "pix",
            buyerName: `Hóspede ${i}`,
            buyerEmail: `guest-${i}-${randomUUID().slice(0, 6)}@example.com`,
            buyerPhone: "11987654321",
            buyerCpf: "12345678909",
            totalCents: 1000 + i,
            expiresAt: createdAt,
            createdAt,
          })),
        )
        .returning({ id: orders.id });
      return placed.map((o) => o.id);
    };
    const old = await made(450, new Date(cutoff.getTime() - 86_400_000));
    const recent = await made(20, new Date(cutoff.getTime() + 86_400_000));

    const runs = await Promise.all(
      handles.map((h) =>
        runGuestDataRetention({
          db: h.db,
          months: 24,
          outboxDir: null,
          log: pino({ level: "silent" }),
          now: () => now,
        }),
      ),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(old.length);

    const erased = await db
      .select({
        email: orders.buyerEmail,
        cpf: orders.buyerCpf,
        name: orders.buyerName,
        at: orders.anonymizedAt,
      })
      .from(orders)
      .where(inArray(orders.id, old));
    expect(erased).toHaveLength(old.length);
    expect(erased.every((o) => o.email === null && o.cpf === null && o.at !== null)).toBe(true);
    expect(new Set(erased.map((o) => o.name))).toEqual(new Set(["Hóspede anonimizado"]));
    const kept = await db.select({ email: orders.buyerEmail }).from(orders).where(inArray(orders.id, recent));
    expect(kept.every((o) => o.email?.startsWith("guest-"))).toBe(true);
    const [sum] = await db
      .select({ total: sql<string>`sum(${orders.totalCents})` })
      .from(orders)
      .where(eq(orders.organizationId, shop.organizationId));
    const expected = [...old.keys(), ...recent.keys()].reduce((a, i) => a + 1000 + i, 0);
    expect(Number(sum?.total)).toBe(expected);
  });
});
