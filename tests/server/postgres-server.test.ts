import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { type RunningServer, removeDir, startServer } from "../support/server-process";

const available = await postgresAvailable();

describe.runIf(available)("the same build on PostgreSQL", () => {
  let database: ThrowawayDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
    server = await startServer({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await server?.stop();
    if (server) removeDir(server.dataDir);
    await database?.drop();
  });

  it("migrated the database at start and answers /healthz on postgres", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(await res.json()).toEqual({ status: "ok", db: "postgres" });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    await client.end();
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it("does not touch the embedded data folder", async () => {
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(server.dataDir).filter((f) => f === "db" || f === "db.lock")).toEqual([]);
  });

  it("answers 503 while the database refuses connections, and 200 again once it is back", async () => {
    await database.admin(`alter database ${database.name} allow_connections false`);
    await database.admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database.name}'`,
    );
    const down = await fetch(`${server.url}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable", db: "postgres" });
    await database.admin(`alter database ${database.name} allow_connections true`);
    const up = await fetch(`${server.url}/healthz`);
    expect(up.status).toBe(200);
    await up.text();
  });
});
