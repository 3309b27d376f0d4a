// 'Planejar reposições' (issue 48, ADR 0058) on a hand-made history whose rates, expected stock and lines are
// worked out by hand below. Every stay counts as 2 guests (GUESTS_PER_STAY). Today is fixed at TODAY, so the
// history window is the 90 days before it and the plan looks 7 days ahead.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertRun } from "~/domain/restock/insert-run.server";
import { createPlannedRuns, planRestock } from "~/domain/restock/plan-restock.server";
import type { Actor } from "~/domain/team/permissions";
import { addDays } from "~/lib/dates";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { replacementItems, replacements } from "~/platform/db/schema";
import { countIn, hold, middayOf, productIn, propertyIn, saleIn, stayIn } from "../support/plan-fixtures";
import { refusal } from "../support/refusal";
import { ownerOf } from "../support/restock-fixtures";
import { newHost } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000 });

const TODAY = "2026-06-10";
const day = (n: number) => addDays(TODAY, n);
const LONG_AGO = new Date("2025-01-01T12:00:00Z");
const NOTHING_LEFT =
  "Nada a planejar: os imóveis com check-in neste período já têm o nível de reposição, contando o que está a caminho.";

let handle: DatabaseHandle;
let owner: Actor;
const ids = { praia: "", jardim: "", nova: "", sitio: "", agua: "", cafe: "" };

beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  const db = handle.db;
  const org = await newHost(db);
  owner = await ownerOf(db, org);
  ids.agua = await productIn(db, org, "Água");
  ids.cafe = await productIn(db, org, "Café");

  // Casa da Praia (Centro), holding both for long. Stays in the 90 days: 8 nights (−40 → −32), 5 nights
  // (−20 → −15) and the guest there now since −2 (2 nights before today): 15 nights × 2 = 30 guest-nights.
  // Água used: 8 + 4 sold, 3 found 'Consumido sem pagar' = 15 → 15 / 30 = 0,5 per guest-night.
  // Café used: 3 sold (the 2 broken are not guest use) → 3 / 30 = 0,1 per guest-night.
  // Left out: 50 Água sold 100 days ago (before the window), a cancelled order of 20 Água.
  ids.praia = await propertyIn(db, org, "Casa da Praia", "Centro");
  await hold(db, org, ids.praia, ids.agua, { par: 10, current: 6, since: LONG_AGO });
  await hold(db, org, ids.praia, ids.cafe, { par: 4, current: 4, since: LONG_AGO });
  await stayIn(db, org, ids.praia, day(-40), day(-32));
  await stayIn(db, org, ids.praia, day(-20), day(-15));
  await stayIn(db, org, ids.praia, day(-2), day(1));
  await stayIn(db, org, ids.praia, day(3), day(7));
  await saleIn(db, org, ids.praia, ids.agua, 8, middayOf(day(-35)));
  await saleIn(db, org, ids.praia, ids.agua, 4, middayOf(day(-18)));
  await saleIn(db, org, ids.praia, ids.cafe, 3, middayOf(day(-18)));
  await saleIn(db, org, ids.praia, ids.agua, 50, middayOf(day(-100)));
  await saleIn(db, org, ids.praia, ids.agua, 20, middayOf(day(-18)), "cancelled");
  const found = { expected: 5, counted: 2 };
  await countIn(
    db,
    org,
    ids.praia,
    { productId: ids.agua, ...found, reason: "consumed_unpaid" },
    middayOf(day(-15)),
  );
  await countIn(db, org, ids.praia, { productId: ids.cafe, ...found, reason: "broken" }, middayOf(day(-15)));

  // Apto Jardim (Aldeota): one stay of 10 nights (−60 → −50) = 20 guest-nights, 4 Água sold → 0,2. An open run
  // already takes 1 Água there. Next check-in on day 3 (as Casa da Praia), 2 nights.
  ids.jardim = await propertyIn(db, org, "Apto Jardim", "Aldeota");
  await hold(db, org, ids.jardim, ids.agua, { par: 6, current: 2, since: LONG_AGO });
  await stayIn(db, org, ids.jardim, day(-60), day(-50));
  await stayIn(db, org, ids.jardim, day(3), day(5));
  await saleIn(db, org, ids.jardim, ids.agua, 4, middayOf(day(-55)));
  await handle.db.transaction((tx) =>
    insertRun(tx, owner, {
      deliverBy: null,
      lines: [{ propertyId: ids.jardim, productId: ids.agua, quantity: 1 }],
    }),
  );

  // Casa Nova (Centro): new, no stay in the window: the organization's averages. Água: (15 + 4) units over
  // (30 + 20) guest-nights = 0,38; Café: only Casa da Praia has it, 0,1. Check-in tomorrow, 3 nights.
  ids.nova = await propertyIn(db, org, "Casa Nova", "Centro");
  await hold(db, org, ids.nova, ids.agua, { par: 5, current: 0 });
  await hold(db, org, ids.nova, ids.cafe, { par: 2, current: 2 });
  await stayIn(db, org, ids.nova, day(1), day(4));

  // Sítio: its check-in is in 10 days, out of the 7-day plan but among the next 14 days' stays.
  ids.sitio = await propertyIn(db, org, "Sítio", null);
  await hold(db, org, ids.sitio, ids.agua, { par: 3, current: 3, since: LONG_AGO });
  await stayIn(db, org, ids.sitio, day(10), day(12));
});
afterAll(async () => {
  await handle?.close();
});

const linesOf = (plan: Awaited<ReturnType<typeof planRestock>>) =>
  plan.properties.map((p) => [
    p.propertyName,
    p.deadline,
    p.lines.map((l) => [l.productName, l.par, l.expectedAtCheckIn, l.comingStayUse, l.toBring, l.rateSource]),
  ]);

describe("restock planning", () => {
  it("suggests what to bring before each check-in, in visit order, from per-guest-night rates", async () => {
    const plan = await planRestock(handle.db, owner, { today: TODAY, days: "7", cover: false });
    expect(plan.guestsPerStay).toBe(2);
    // Casa Nova first (tomorrow); then day 3: Aldeota before Centro.
    // Casa Nova Água: expected 0 → bring 5; coming use 0,38 × 2 × 3 = 2,28 → 3. Café: 2 of 2; 0,1 × 2 × 3 → 1.
    // Apto Jardim Água: 2 + 1 on the way = 3 → bring 3; coming 0,2 × 2 × 2 = 0,8 → 1.
    // Casa da Praia: the guest there now uses 1 night × 2 × rate before leaving tomorrow. Água: 0,5 × 2 = 1
    // → 6 − 1 = 5 → bring 5; coming 0,5 × 2 × 4 = 4. Café: 0,2 → 1 unit → 3 → bring 1; coming 0,8 → 1.
    expect(linesOf(plan)).toEqual([
      [
        "Casa Nova",
        day(1),
        [
          ["Água", 5, 0, 3, 5, "organization"],
          ["Café", 2, 2, 1, 0, "organization"],
        ],
      ],
      ["Apto Jardim", day(3), [["Água", 6, 3, 1, 3, "property"]]],
      [
        "Casa da Praia",
        day(3),
        [
          ["Água", 10, 5, 4, 5, "property"],
          ["Café", 4, 3, 1, 1, "property"],
        ],
      ],
    ]);
    expect(plan.properties.find((p) => p.propertyName === "Casa da Praia")?.ongoingCheckOut).toBe(day(1));
  });

  it("adds the coming stay's forecast when the host asks to cover it", async () => {
    const plan = await planRestock(handle.db, owner, { today: TODAY, days: 7, cover: true });
    expect(plan.properties.map((p) => [p.propertyName, p.lines.map((l) => l.toBring)])).toEqual([
      ["Casa Nova", [5 + 3, 0 + 1]],
      ["Apto Jardim", [3 + 1]],
      ["Casa da Praia", [5 + 4, 1 + 1]],
    ]);
  });

  it("forecasts the next 14 days' stays and checks the last 30 days against what was used", async () => {
    const plan = await planRestock(handle.db, owner, { today: TODAY, days: 7, cover: false });
    expect(
      plan.upcoming.map((s) => [
        s.propertyName,
        s.nights,
        s.uses.map((u) => [u.productName, +u.units.toFixed(2)]),
      ]),
    ).toEqual([
      [
        "Casa Nova",
        3,
        [
          ["Água", 2.28],
          ["Café", 0.6],
        ],
      ],
      ["Apto Jardim", 2, [["Água", 0.8]]],
      [
        "Casa da Praia",
        4,
        [
          ["Água", 4],
          ["Café", 0.8],
        ],
      ],
      // Sítio has no stay in the window: the organization's 0,38 × 2 × 2.
      ["Sítio", 2, [["Água", 1.52]]],
    ]);
    // Last 30 days at Casa da Praia: 5 + 2 nights → Água 0,5 × 2 × 7 = 7, Café 0,1 × 2 × 7 = 1,4: 8,4
    // forecast; used 4 + 3 sold and 3 consumed unpaid = 10. The others had no night and used nothing.
    expect(plan.trust.map((t) => [t.propertyName, +t.forecast.toFixed(2), t.used])).toEqual([
      ["Apto Jardim", 0, 0],
      ["Casa da Praia", 8.4, 10],
      ["Casa Nova", 0, 0],
      ["Sítio", 0, 0],
    ]);
  });

  it("refuses a number of days outside 1 to 30", async () => {
    for (const days of ["0", "31", "sete", 2.5, ""]) {
      expect(await refusal(planRestock(handle.db, owner, { today: TODAY, days, cover: false }))).toEqual({
        kind: "invalid",
        message: "Informe um número de dias entre 1 e 30.",
      });
    }
  });

  it("creates one run per deadline day with the lines to bring, then has nothing left to plan", async () => {
    const runs = await createPlannedRuns(handle.db, owner, { today: TODAY, days: 7, cover: false });
    expect(runs.map((r) => r.deliverBy)).toEqual([day(1), day(3)]);
    const lines = await handle.db
      .select({
        replacementId: replacementItems.replacementId,
        propertyId: replacementItems.propertyId,
        productId: replacementItems.productId,
        quantity: replacementItems.quantity,
      })
      .from(replacementItems)
      .where(eq(replacementItems.organizationId, owner.organizationId));
    const byRun = (i: number) =>
      lines
        .filter((l) => l.replacementId === runs[i]?.id)
        .map((l) => [l.propertyId, l.productId, l.quantity])
        .sort();
    expect(byRun(0)).toEqual([[ids.nova, ids.agua, 5]]);
    expect(byRun(1)).toEqual(
      [
        [ids.jardim, ids.agua, 3],
        [ids.praia, ids.agua, 5],
        [ids.praia, ids.cafe, 1],
      ].sort(),
    );
    const [run] = await handle.db
      .select({ status: replacements.status })
      .from(replacements)
      .where(eq(replacements.id, runs[0]?.id ?? ""));
    expect(run?.status).toBe("processing");
    // Everything is on the way now: planning again creates nothing.
    expect(
      await refusal(createPlannedRuns(handle.db, owner, { today: TODAY, days: 7, cover: false })),
    ).toEqual({
      kind: "conflict",
      message: NOTHING_LEFT,
    });
    const after = await planRestock(handle.db, owner, { today: TODAY, days: 7, cover: false });
    expect(after.properties.flatMap((p) => p.lines.map((l) => l.toBring))).toEqual([0, 0, 0, 0, 0]);
  });

  it("shows and changes nothing of another organization's", async () => {
    const db = handle.db;
    const otherOrg = await newHost(db);
    const other = await ownerOf(db, otherOrg);
    const runIds = async () =>
      (await db.select({ id: replacements.id }).from(replacements)).map((r) => r.id).sort();
    const before = await runIds();
    const plan = await planRestock(db, other, { today: TODAY, days: 30, cover: true });
    expect(plan.properties).toEqual([]);
    expect(plan.trust).toEqual([]);
    expect(await refusal(createPlannedRuns(db, other, { today: TODAY, days: 30, cover: true }))).toEqual({
      kind: "conflict",
      message: NOTHING_LEFT,
    });
    expect(await runIds()).toEqual(before);
  });
});
