import { afterAll, beforeAll } from "vitest";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle, Db } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { type CheckoutHarness, checkoutHarness } from "./checkout-fixtures";

/**
 * A test file's embedded database, migrated before its tests and closed after them, with a checkout harness
 * on it. Call at the top of the file; `db()` and `h` are ready inside the tests.
 */
export function embeddedCheckout(): { db: () => Db; h: CheckoutHarness } {
  let handle: DatabaseHandle | undefined;
  let harness: CheckoutHarness | undefined;
  beforeAll(async () => {
    handle = await connectDatabase({});
    await migrateDatabase(handle);
    harness = checkoutHarness(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });
  const ready = () => {
    if (!handle || !harness) throw new Error("embeddedCheckout is ready only inside the file's tests");
    return { db: handle.db, harness };
  };
  const h: CheckoutHarness = {
    get ctx() {
      return ready().harness.ctx;
    },
    get sandbox() {
      return ready().harness.sandbox;
    },
    get payouts() {
      return ready().harness.payouts;
    },
    get clock() {
      return ready().harness.clock;
    },
    outbox: () => ready().harness.outbox(),
  };
  return { db: () => ready().db, h };
}
