// Losses with a reason: a lowered quantity on the stock sheet says why, and a stock count ('Conferência')
// records its differences as losses or gains, each valued at the unit's average cost. In-memory PGlite.
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOSS_REASON_LABEL, LOSS_REASONS } from "~/domain/stock/loss-reasons";
import { movementLabel } from "~/domain/stock/movement-reasons";
import { listStockHistory } from "~/domain/stock/read-stock-history.server";
import { saveStockQuantities } from "~/domain/stock/save-stock-quantities.server";
import { listCountLines, readCountStay, saveStockCount } from "~/domain/stock/stock-count.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle, Db } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { propertyProducts, stays, stockCounts, stockMovements } from "~/platform/db/schema";
import { refusal } from "../support/refusal";
import { memberOf, ownerOf } from "../support/restock-fixtures";
import { secondProperty, shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let handle: DatabaseHandle;
let db: Db;
beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  db = handle.db;
});
afterAll(async () => {
  await handle?.close();
});

const ALL_HISTORY = {
  propertyId: null,
  productId: null,
  reason: null,
  from: null,
  to: null,
  dateError: null,
};

/** A host's property holding these products (expected 5 each), with their average cost in cents. */
async function host(stock: Record<string, { current: number | null; cost?: number | null }>) {
  const shop = await shopFixture(
    db,
    Object.entries(stock).map(([name, s]) => ({ name, priceCents: 800, stock: s.current })),
    { receiving: false },
  );
  for (const [name, s] of Object.entries(stock)) {
    await db
      .update(propertyProducts)
      .set({ averageCostCents: s.cost ?? null })
      .where(eq(propertyProducts.productId, shop.productIds[name] ?? ""));
  }
  const owner = await ownerOf(db, shop.organizationId);
  const id = (name: string) => shop.productIds[name] ?? "";
  return { ...shop, owner, id };
}

async function quantities(propertyId: string) {
  const rows = await db
    .select({
      productId: propertyProducts.productId,
      current: propertyProducts.currentQuantity,
      expected: propertyProducts.expectedQuantity,
    })
    .from(propertyProducts)
    .where(eq(propertyProducts.propertyId, propertyId))
    .orderBy(asc(propertyProducts.productId));
  return rows;
}

async function ledger(propertyId: string) {
  return db
    .select({
      productId: stockMovements.productId,
      old: stockMovements.oldQuantity,
      new: stockMovements.newQuantity,
      reason: stockMovements.reason,
      lossReason: stockMovements.lossReason,
      unitCostCents: stockMovements.unitCostCents,
      actor: stockMovements.actorUserId,
    })
    .from(stockMovements)
    .where(eq(stockMovements.propertyId, propertyId))
    .orderBy(asc(stockMovements.createdAt), asc(stockMovements.productId));
}

describe("lowering a quantity on the stock sheet", () => {
  it("is refused without a reason, with a message on that row, and nothing of the save is kept", async () => {
    const h = await host({ Água: { current: 5, cost: 150 }, Café: { current: 2 } });
    const before = await quantities(h.propertyId);
    for (const lossReason of [undefined, "", "roubado"]) {
      const err = await refusal(
        saveStockQuantities(db, h.owner, h.propertyId, [
          { productId: h.id("Café"), current: "9", expected: "9" },
          { productId: h.id("Água"), current: "3", expected: "5", lossReason },
        ]),
      );
      expect(err).toEqual({
        kind: "invalid",
        message: "Diga por que a quantidade baixou.",
        fieldErrors: { [`${h.id("Água")}.lossReason`]: "Diga por que a quantidade baixou." },
      });
    }
    expect(await quantities(h.propertyId)).toEqual(before);
    expect(await ledger(h.propertyId)).toEqual([]);
  });

  it("records a loss with each reason and the unit's average cost; the history reads 'Perda · <reason>'", async () => {
    const h = await host({ Vinho: { current: 50, cost: 2500 } });
    const staff = (await memberOf(db, h.organizationId, "staff")).actor;
    let current = 50;
    for (const lossReason of LOSS_REASONS) {
      current -= 1;
      await saveStockQuantities(db, staff, h.propertyId, [
        { productId: h.id("Vinho"), current: String(current), expected: "5", lossReason },
      ]);
    }
    expect(await ledger(h.propertyId)).toEqual(
      LOSS_REASONS.map((lossReason, i) => ({
        productId: h.id("Vinho"),
        old: 50 - i,
        new: 49 - i,
        reason: "loss",
        lossReason,
        unitCostCents: 2500,
        actor: staff.userId,
      })),
    );
    const history = await listStockHistory(db, h.owner, { ...ALL_HISTORY, propertyId: h.propertyId }, null);
    expect(history.rows.map((r) => movementLabel(r.reason, r.lossReason)).reverse()).toEqual([
      "Perda · Consumido sem pagar",
      "Perda · Vencido",
      "Perda · Quebrado",
      "Perda · Uso do anfitrião",
      "Perda · Ajuste de contagem",
    ]);
    expect(LOSS_REASONS.map((r) => LOSS_REASON_LABEL[r])).toEqual([
      "Consumido sem pagar",
      "Vencido",
      "Quebrado",
      "Uso do anfitrião",
      "Ajuste de contagem",
    ]);
  });

  it("asks nothing when the quantity goes up or stops being counted: an adjustment with the cost", async () => {
    const h = await host({ Água: { current: 2, cost: 120 }, Chá: { current: 4 } });
    await saveStockQuantities(db, h.owner, h.propertyId, [
      { productId: h.id("Água"), current: "6", expected: "5" },
      { productId: h.id("Chá"), current: null, expected: "5" },
    ]);
    expect(await ledger(h.propertyId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: h.id("Água"), old: 2, new: 6, reason: "adjustment" }),
        expect.objectContaining({ productId: h.id("Chá"), old: 4, new: null, reason: "adjustment" }),
      ]),
    );
    const [water] = (await ledger(h.propertyId)).filter((m) => m.productId === h.id("Água"));
    expect(water).toMatchObject({ lossReason: null, unitCostCents: 120 });
  });
});

describe("a stock count ('Conferência')", () => {
  it("lists the property's counted products by name with the system's number, for staff too", async () => {
    const h = await host({ Vinho: { current: 3 }, Água: { current: 0 }, Toalha: { current: null } });
    const staff = (await memberOf(db, h.organizationId, "staff")).actor;
    const lines = await listCountLines(db, staff, h.propertyId);
    expect(lines.map((l) => [l.name, l.current])).toEqual([
      ["Água", 0],
      ["Vinho", 3],
    ]);
  });

  it("records a loss with the count's reason, a gain as a count adjustment, and leaves the rest", async () => {
    const h = await host({
      Água: { current: 6, cost: 150 },
      Café: { current: 2, cost: 400 },
      Chá: { current: 3, cost: 90 },
      Toalha: { current: null },
    });
    const summary = await saveStockCount(db, h.owner, h.propertyId, {
      lines: [
        { productId: h.id("Água"), counted: "4" },
        { productId: h.id("Café"), counted: "3" },
        { productId: h.id("Chá"), counted: "3" },
        // Not counted ('Sem limite'): a count does not start counting it.
        { productId: h.id("Toalha"), counted: "7" },
      ],
      lossReason: "consumed_unpaid",
    });
    expect(summary).toEqual({
      countId: expect.any(String),
      replayed: false,
      checked: 3,
      missing: { units: 2, value: { cents: 300, uncostedUnits: 0 } },
      found: { units: 1, value: { cents: 400, uncostedUnits: 0 } },
    });
    const byProduct = new Map((await quantities(h.propertyId)).map((r) => [r.productId, r]));
    expect(byProduct.get(h.id("Água"))).toEqual({ productId: h.id("Água"), current: 4, expected: 5 });
    expect(byProduct.get(h.id("Café"))).toEqual({ productId: h.id("Café"), current: 3, expected: 5 });
    expect(byProduct.get(h.id("Toalha"))).toMatchObject({ current: null });
    const moves = await ledger(h.propertyId);
    expect(moves).toHaveLength(2);
    expect(moves).toEqual(
      expect.arrayContaining([
        {
          productId: h.id("Água"),
          old: 6,
          new: 4,
          reason: "loss",
          lossReason: "consumed_unpaid",
          unitCostCents: 150,
          actor: h.owner.userId,
        },
        {
          productId: h.id("Café"),
          old: 2,
          new: 3,
          reason: "adjustment",
          lossReason: "count_adjustment",
          unitCostCents: 400,
          actor: h.owner.userId,
        },
      ]),
    );
  });

  it("records each shortage line with its own reason when it has one, the count's otherwise (issue 49)", async () => {
    const h = await host({
      Água: { current: 6, cost: 150 },
      Copo: { current: 4, cost: 300 },
      Chá: { current: 3 },
    });
    await saveStockCount(db, h.owner, h.propertyId, {
      lines: [
        { productId: h.id("Água"), counted: "4", lossReason: "" },
        { productId: h.id("Copo"), counted: "3", lossReason: "broken" },
        { productId: h.id("Chá"), counted: "2" },
      ],
      lossReason: "consumed_unpaid",
    });
    const reasons = new Map((await ledger(h.propertyId)).map((m) => [m.productId, m.lossReason]));
    expect(reasons).toEqual(
      new Map([
        [h.id("Água"), "consumed_unpaid"],
        [h.id("Copo"), "broken"],
        [h.id("Chá"), "consumed_unpaid"],
      ]),
    );
    const refused = await refusal(
      saveStockCount(db, h.owner, h.propertyId, {
        lines: [{ productId: h.id("Copo"), counted: "1", lossReason: "sumiu" }],
        lossReason: "broken",
      }),
    );
    expect(refused).toMatchObject({
      kind: "invalid",
      fieldErrors: { [`${h.id("Copo")}.lossReason`]: "Diga por que a quantidade baixou." },
    });
  });

  it("is open to staff, whose summary carries no money; units of unknown cost are left out of the value", async () => {
    const h = await host({ Vinho: { current: 4, cost: 3000 }, Biscoito: { current: 5 } });
    const staff = (await memberOf(db, h.organizationId, "staff")).actor;
    const manager = (await memberOf(db, h.organizationId, "manager")).actor;
    const count = (actor: typeof staff, wine: string, biscuits: string) =>
      saveStockCount(db, actor, h.propertyId, {
        lines: [
          { productId: h.id("Vinho"), counted: wine },
          { productId: h.id("Biscoito"), counted: biscuits },
        ],
        lossReason: "broken",
      });
    expect(await count(staff, "3", "2")).toEqual({
      countId: expect.any(String),
      replayed: false,
      checked: 2,
      missing: { units: 4 },
      found: { units: 0 },
    });
    expect(await count(manager, "1", "2")).toEqual({
      countId: expect.any(String),
      replayed: false,
      checked: 2,
      missing: { units: 2, value: { cents: 6000, uncostedUnits: 0 } },
      found: { units: 0, value: { cents: 0, uncostedUnits: 0 } },
    });
    expect(await count(manager, "1", "0")).toMatchObject({
      missing: { units: 2, value: { cents: 0, uncostedUnits: 2 } },
    });
    const biscuits = (await ledger(h.propertyId)).filter((m) => m.productId === h.id("Biscoito"));
    expect(biscuits.map((m) => [m.old, m.new, m.reason, m.lossReason, m.unitCostCents])).toEqual([
      [5, 2, "loss", "broken", null],
      [2, 0, "loss", "broken", null],
    ]);
  });

  it("refuses another organization's property as not found, and a count without a reason, changing nothing", async () => {
    const a = await host({ Vinho: { current: 4 } });
    const b = await host({ Café: { current: 2 } });
    const lines = [{ productId: a.id("Vinho"), counted: "1" }];
    expect(await refusal(listCountLines(db, b.owner, a.propertyId))).toMatchObject({ kind: "not_found" });
    expect(
      await refusal(saveStockCount(db, b.owner, a.propertyId, { lines, lossReason: "broken" })),
    ).toMatchObject({ kind: "not_found", message: "Imóvel não encontrado" });
    // B's own property with A's product, or a product that never existed.
    for (const productId of [a.id("Vinho"), randomUUID()]) {
      expect(
        await refusal(
          saveStockCount(db, b.owner, b.propertyId, {
            lines: [{ productId, counted: "0" }],
            lossReason: "broken",
          }),
        ),
      ).toMatchObject({ kind: "not_found", message: "Produto não encontrado neste imóvel" });
    }
    expect(
      await refusal(saveStockCount(db, a.owner, a.propertyId, { lines, lossReason: "sumiu" })),
    ).toMatchObject({ kind: "invalid", fieldErrors: { lossReason: "Diga por que a quantidade baixou." } });
    expect(
      await refusal(
        saveStockCount(db, a.owner, a.propertyId, {
          lines: [{ productId: a.id("Vinho"), counted: "-2" }],
          lossReason: "broken",
        }),
      ),
    ).toMatchObject({
      kind: "invalid",
      fieldErrors: { [`${a.id("Vinho")}.counted`]: "A quantidade não pode ser negativa." },
    });
    expect((await quantities(a.propertyId)).map((r) => r.current)).toEqual([4]);
    expect(
      await db.select().from(stockMovements).where(eq(stockMovements.organizationId, a.organizationId)),
    ).toEqual([]);
  });
});

describe("a turnover count ('Conferir saída')", () => {
  async function stayAt(organizationId: string, propertyId: string, kind: "stay" | "block" = "stay") {
    const [row] = await db
      .insert(stays)
      .values({
        organizationId,
        propertyId,
        kind,
        source: "direct",
        checkIn: "2026-12-03",
        checkOut: "2026-12-08",
      })
      .returning({ id: stays.id });
    return row?.id ?? "";
  }

  it("belongs to the stay and the moment it was taken; a future moment is taken as the server's now", async () => {
    const h = await host({ Vinho: { current: 4 } });
    const stayId = await stayAt(h.organizationId, h.propertyId);
    expect(await readCountStay(db, h.owner, h.propertyId, stayId)).toEqual({
      id: stayId,
      checkIn: "2026-12-03",
      checkOut: "2026-12-08",
    });
    const takenAt = new Date(Date.now() - 90_000);
    const summary = await saveStockCount(db, h.owner, h.propertyId, {
      lines: [{ productId: h.id("Vinho"), counted: "3" }],
      lossReason: "consumed_unpaid",
      stayId,
      takenAt: takenAt.toISOString(),
      clientId: "phone-count-0001",
    });
    const [count] = await db.select().from(stockCounts).where(eq(stockCounts.id, summary.countId));
    expect(count).toMatchObject({
      stayId,
      takenAt,
      countedBy: h.owner.userId,
      lossReason: "consumed_unpaid",
    });
    // Sent again (the answer was lost): the same count, nothing moved twice.
    const again = await saveStockCount(db, h.owner, h.propertyId, {
      lines: [{ productId: h.id("Vinho"), counted: "3" }],
      lossReason: "consumed_unpaid",
      stayId,
      takenAt: takenAt.toISOString(),
      clientId: "phone-count-0001",
    });
    expect(again).toEqual({ ...summary, replayed: true });
    expect((await quantities(h.propertyId)).map((r) => r.current)).toEqual([3]);

    const ahead = await saveStockCount(db, h.owner, h.propertyId, {
      lines: [{ productId: h.id("Vinho"), counted: "3" }],
      lossReason: "consumed_unpaid",
      takenAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const [future] = await db.select().from(stockCounts).where(eq(stockCounts.id, ahead.countId));
    expect(future?.takenAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("refuses another organization's or another property's stay, a block and a bad id as not found", async () => {
    const a = await host({ Vinho: { current: 4 } });
    const b = await host({ Café: { current: 2 } });
    const { id: otherHouse } = await secondProperty(db, a.organizationId);
    const lines = [{ productId: a.id("Vinho"), counted: "1" }];
    const foreign = [
      await stayAt(b.organizationId, b.propertyId),
      await stayAt(a.organizationId, otherHouse),
      await stayAt(a.organizationId, a.propertyId, "block"),
      "not-a-uuid",
      randomUUID(),
    ];
    for (const stayId of foreign) {
      expect(await readCountStay(db, a.owner, a.propertyId, stayId)).toBeNull();
      expect(
        await refusal(saveStockCount(db, a.owner, a.propertyId, { lines, lossReason: "broken", stayId })),
      ).toMatchObject({ kind: "not_found", message: "Estadia não encontrada." });
    }
    // B sending A's count id to its own property, a bad moment, one older than the phone keeps.
    await saveStockCount(db, a.owner, a.propertyId, {
      lines,
      lossReason: "broken",
      clientId: "shared-id-0001",
    });
    expect(
      await refusal(
        saveStockCount(db, a.owner, otherHouse, {
          lines: [],
          lossReason: "broken",
          clientId: "shared-id-0001",
        }),
      ),
    ).toMatchObject({ kind: "invalid", message: "Esta conferência já foi registrada em outro imóvel." });
    expect(
      await refusal(
        saveStockCount(db, a.owner, a.propertyId, { lines, lossReason: "broken", takenAt: "ontem" }),
      ),
    ).toMatchObject({ kind: "invalid", message: "O horário da conferência não é válido." });
    const old = new Date(Date.now() - 8 * 24 * 3_600_000).toISOString();
    expect(
      await refusal(saveStockCount(db, a.owner, a.propertyId, { lines, lossReason: "broken", takenAt: old })),
    ).toMatchObject({ kind: "invalid" });
    expect(
      await refusal(
        saveStockCount(db, a.owner, a.propertyId, { lines, lossReason: "broken", clientId: "x" }),
      ),
    ).toMatchObject({ kind: "invalid", message: "Identificador da conferência inválido." });
    expect((await quantities(a.propertyId)).map((r) => r.current)).toEqual([1]);
    const counts = await db
      .select()
      .from(stockCounts)
      .where(eq(stockCounts.organizationId, b.organizationId));
    expect(counts).toEqual([]);
  });
});
