import { afterAll, beforeAll } from "vitest";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { type CheckoutHarness, checkoutHarness } from "./checkout-fixtures";
import { createThrowawayDatabase, type ThrowawayDatabase } from "./postgres";

/**
 * Three app instances (three pools of ten) on one throwaway PostgreSQL database, for the suite it is called
 * in: `at(i)` is instance i modulo three, so a loop spreads its clients over them; `db()` is the first's.
 */
export function appInstances() {
  let database: ThrowawayDatabase | undefined;
  let handles: DatabaseHandle[] = [];
  let harnesses: CheckoutHarness[] = [];
  beforeAll(async () => {
    database = await createThrowawayDatabase();
    handles = await Promise.all(
      [1, 2, 3].map(() => connectDatabase({ databaseUrl: database?.url ?? "", poolSize: 10 })),
    );
    await migrateDatabase(handles[0] as DatabaseHandle);
    harnesses = handles.map((handle) => checkoutHarness(handle.db));
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await database?.drop();
  });
  const at = (i: number) => harnesses[i % harnesses.length] as CheckoutHarness;
  return { at, db: () => at(0).ctx.db };
}
