import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { throttleClear, throttleHit, throttleHits, throttleRelease } from "~/platform/throttle.server";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";

const available = await postgresAvailable();
const policy = { name: "test-policy", limit: 10, windowSeconds: 900 };

describe.runIf(available)("throttling on PostgreSQL", () => {
  let database: ThrowawayDatabase;
  let instances: DatabaseHandle[];

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    // Three app instances sharing one database, like three web processes behind a load balancer.
    instances = await Promise.all(
      [1, 2, 3].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 10 })),
    );
    await migrateDatabase(instances[0] as DatabaseHandle);
  });
  afterAll(async () => {
    await Promise.all((instances ?? []).map((i) => i.close()));
    await database?.drop();
  });

  it("lets exactly `limit` of 90 simultaneous hits through, across instances", async () => {
    const results = await Promise.all(
      Array.from({ length: 90 }, (_, i) =>
        throttleHit((instances[i % 3] as DatabaseHandle).db, policy, "alvo@example.com"),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    for (const r of results) expect(r.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("counts each subject apart, gives back released hits, and starts over in the next window", async () => {
    const db = (instances[0] as DatabaseHandle).db;
    const now = new Date("2026-01-01T10:00:00Z");
    for (let i = 0; i < 10; i++) await throttleHit(db, policy, "a", now);
    expect((await throttleHit(db, policy, "a", now)).allowed).toBe(false);
    expect((await throttleHit(db, policy, "b", now)).allowed).toBe(true);

    await throttleRelease(db, policy, "a", now);
    await throttleRelease(db, policy, "a", now);
    expect((await throttleHit(db, policy, "a", now)).allowed).toBe(true);

    const nextWindow = new Date(now.getTime() + 900_000);
    expect(await throttleHit(db, policy, "a", nextWindow)).toEqual({ allowed: true, retryAfterSeconds: 900 });

    await throttleClear(db, policy, "a");
    expect((await throttleHit(db, policy, "a", now)).allowed).toBe(true);
  });

  it("counts several policies in one statement, each against its own limit, answering in order", async () => {
    const db = (instances[0] as DatabaseHandle).db;
    const now = new Date("2026-02-01T10:00:00Z");
    const perCart = { name: "test-per-cart", limit: 2, windowSeconds: 600 };
    const perIp = { name: "test-per-ip", limit: 5, windowSeconds: 3600 };
    const both = (cart: string) =>
      throttleHits(
        db,
        [
          [perCart, cart],
          [perIp, "10.0.0.1"],
        ],
        now,
      );
    const answers = await Promise.all(Array.from({ length: 4 }, () => both("c1")));
    // Each cart's third attempt is past its limit; the address's hits are counted all the same.
    expect(answers.filter(([cart]) => cart?.allowed)).toHaveLength(2);
    expect(answers.every(([, ip]) => ip?.allowed)).toBe(true);
    // The address's fifth hit is its last.
    expect((await both("c2")).map((r) => r.allowed)).toEqual([true, true]);
    expect((await throttleHit(db, perIp, "10.0.0.1", now)).allowed).toBe(false);
    expect(await both("c3")).toEqual([
      { allowed: true, retryAfterSeconds: 600 },
      { allowed: false, retryAfterSeconds: 3600 },
    ]);
  });
});
