import type pg from "pg";
import { Gauge } from "prom-client";
import type { DatabaseHandle } from "../db/database-handle.server";
import { processMetric } from "./registry.server";

const state = globalThis as typeof globalThis & { __estadiaPoolHandle?: DatabaseHandle };

processMetric(
  "estadia_db_pool_connections",
  (registry) =>
    new Gauge({
      name: "estadia_db_pool_connections",
      help:
        "The web process's PostgreSQL pool, read at scrape time: connections open (total), idle, and queries " +
        "waiting for one. The embedded database (PGlite) is a single connection: total 1, nothing else reported.",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        this.reset();
        const handle = state.__estadiaPoolHandle;
        if (!handle) return;
        if (handle.kind === "pglite") {
          this.set({ state: "total" }, 1);
          return;
        }
        // Drizzle keeps the driver's client on the database object (migrate.server.ts reads it too).
        const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    }),
);

/** The database whose pool /metrics reports (the process's own). */
export function watchDatabasePool(handle: DatabaseHandle): void {
  state.__estadiaPoolHandle = handle;
}
