// 'Criar reposições' (issue 48) on real PostgreSQL with many clients at once: three app instances (three
// pools) on one throwaway database; twelve planners and four hosts ticking a card of 'Iniciar uma reposição'
// press at the same moment. What is asserted is what a host sees: each missing line is in exactly one run,
// for what was missing, and everyone else is told there is nothing left.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { createPlannedRuns } from "~/domain/restock/plan-restock.server";
import { addDays } from "~/lib/dates";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { replacementItems, replacements } from "~/platform/db/schema";
import { hold, productIn, propertyIn, stayIn } from "../support/plan-fixtures";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { memberOf, ownerOf } from "../support/restock-fixtures";
import { newHost } from "../support/shop-fixtures";

const available = await postgresAvailable();

const TODAY = "2026-06-10";
const NOTHING_LEFT =
  "Nada a planejar: os imóveis com check-in neste período já têm o nível de reposição, contando o que está a caminho.";
const NOT_MISSING = "Este produto não está mais faltando neste imóvel.";

describe.runIf(available)("planning restocking runs on PostgreSQL, across instances", () => {
  let database: ThrowawayDatabase;
  let handles: DatabaseHandle[] = [];
  const dbAt = (i: number) => (handles[i % handles.length] as DatabaseHandle).db;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    handles = await Promise.all(
      [1, 2, 3].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 8 })),
    );
    await migrateDatabase(handles[0] as DatabaseHandle);
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await database?.drop();
  });

  it("twelve planners and four ticked cards at once put each missing line in one run, once", async () => {
    const db = dbAt(0);
    const org = await newHost(db);
    const owner = await ownerOf(db, org);
    const manager = (await memberOf(db, org, "manager")).actor;
    const agua = await productIn(db, org, "Água");
    const cafe = await productIn(db, org, "Café");
    // Three properties with a check-in within 7 days; each holds 1 Água of 5 and 2 Café of 3 (no history:
    // rate 0, so what to bring is par − stock: 4 Água and 1 Café each).
    const places = [];
    for (const [name, inDays] of [
      ["Casa 1", 1],
      ["Casa 2", 2],
      ["Casa 3", 2],
    ] as const) {
      const id = await propertyIn(db, org, name, "Centro");
      await hold(db, org, id, agua, { par: 5, current: 1 });
      await hold(db, org, id, cafe, { par: 3, current: 2 });
      await stayIn(db, org, id, addDays(TODAY, inDays), addDays(TODAY, inDays + 3));
      places.push(id);
    }
    const first = places[0] ?? "";

    const settled = await Promise.allSettled([
      ...Array.from({ length: 12 }, (_, i) =>
        createPlannedRuns(dbAt(i), i % 2 ? manager : owner, { today: TODAY, days: 7, cover: false }),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        createReplacement(dbAt(i + 1), owner, [{ propertyId: first, productId: agua }], { today: TODAY }),
      ),
    ]);
    const refusals = settled.flatMap((r) => {
      if (r.status === "fulfilled") return [];
      if (!(r.reason instanceof AppError)) throw r.reason;
      return [r.reason.message];
    });
    const planned = settled.slice(0, 12).filter((r) => r.status === "fulfilled");
    const ticked = settled.slice(12).filter((r) => r.status === "fulfilled");
    // One planner creates the runs; a ticked card may have won Casa 1's water first, at most once.
    expect(planned).toHaveLength(1);
    expect(ticked.length).toBeLessThanOrEqual(1);
    expect(refusals.filter((m) => m === NOTHING_LEFT)).toHaveLength(11);
    expect(refusals.filter((m) => m === NOT_MISSING)).toHaveLength(4 - ticked.length);
    expect(refusals).toHaveLength(15 - ticked.length);

    const lines = await db
      .select({
        propertyId: replacementItems.propertyId,
        productId: replacementItems.productId,
        quantity: replacementItems.quantity,
      })
      .from(replacementItems)
      .where(eq(replacementItems.organizationId, org));
    const expected = places.flatMap((p) => [
      [p, agua, 4],
      [p, cafe, 1],
    ]);
    expect(lines.map((l) => [l.propertyId, l.productId, l.quantity]).sort()).toEqual(expected.sort());
    // One run per deadline day from the planner (days 1 and 2), plus the ticked card's run if it won.
    const runs = await db
      .select({ deliverBy: replacements.deliverBy })
      .from(replacements)
      .where(eq(replacements.organizationId, org));
    expect(runs).toHaveLength(2 + ticked.length);
  });
});
