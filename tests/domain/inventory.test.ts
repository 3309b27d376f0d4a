// The inventory read models (/inventory): every product of every property with its quantities, missing and
// low marks and filters; the alert level per property product; the stock history with its filters, keyset
// pages and the CSV's full walk. Tenancy: another host's ids read nothing and change nothing.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addProductsToProperty } from "~/domain/stock/add-products.server";
import { causeLabel, movementLabel, moverLabel, quantityLabel } from "~/domain/stock/movement-reasons";
import { sellHeldStock } from "~/domain/stock/order-stock.server";
import { type InventoryRow, inventoryFilter, readInventoryPage } from "~/domain/stock/read-inventory.server";
import {
  allStockHistory,
  type HistoryFilter,
  historyFilter,
  listStockHistory,
} from "~/domain/stock/read-stock-history.server";
import { recordMovements } from "~/domain/stock/record-movement.server";
import { removeProductFromProperty } from "~/domain/stock/remove-product.server";
import { saveStockQuantities } from "~/domain/stock/save-stock-quantities.server";
import { setAlertQuantity } from "~/domain/stock/set-alert-quantity.server";
import type { Actor } from "~/domain/team/permissions";
import { DATE_RANGE_TEXT } from "~/lib/dates";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle, Db } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { member, products, properties, propertyProducts, stockMovements } from "~/platform/db/schema";
import { afterInstant } from "../support/database-clock";
import { refusal } from "../support/refusal";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

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

const NO_FILTER = { propertyId: null, categoryId: null, onlyMissing: false };
const ALL_HISTORY: HistoryFilter = {
  propertyId: null,
  productId: null,
  reason: null,
  from: null,
  to: null,
  dateError: null,
};

async function teamMember(organizationId: string, role: "manager" | "staff", name: string): Promise<Actor> {
  const { userId } = await createConfirmedUser(db, {
    name,
    email: `${randomUUID()}@example.com`,
    password: "segredo1",
  });
  await db.insert(member).values({ organizationId, userId, role });
  return { userId, organizationId, role };
}

/** A host's shop (expected 5 for every product) plus a second property holding the first product. */
async function host(stock: Record<string, { current: number | null; category?: string }>) {
  const shop = await shopFixture(
    db,
    Object.entries(stock).map(([name, s]) => ({
      name,
      priceCents: 500,
      stock: s.current,
      category: s.category,
    })),
  );
  const owner = await ownerOf(db, shop.organizationId);
  return { ...shop, owner };
}

async function secondProperty(organizationId: string, name: string) {
  const [row] = await db
    .insert(properties)
    .values({ organizationId, name, address: "Rua B, 2", hash: randomUUID() })
    .returning({ id: properties.id });
  if (!row) throw new Error("no property");
  return row.id;
}

/** What orders waiting for payment do to a property's stock: hold units of it. */
async function holdUnits(propertyId: string, productId: string, units: number) {
  await db
    .update(propertyProducts)
    .set({ reservedQuantity: sql`${propertyProducts.reservedQuantity} + ${units}::int` })
    .where(and(eq(propertyProducts.propertyId, propertyId), eq(propertyProducts.productId, productId)));
}

const view = (rows: InventoryRow[]) =>
  rows.map((r) => [r.productName, r.current, r.expected, r.alertLevel, r.missing, r.low]);

describe("the inventory", () => {
  it("lists every product of every live property with its quantities, what is missing and what is low", async () => {
    const h = await host({
      Água: { current: 1, category: "Bebidas" },
      Café: { current: 5, category: "Bebidas" },
      Biscoito: { current: 0, category: "Lanches" },
      Toalha: { current: null },
      Vinho: { current: 3 },
    });
    // Orders waiting for payment hold 2 of the 5 coffees.
    await holdUnits(h.propertyId, h.productIds.Café ?? "", 2);
    const gone = await secondProperty(h.organizationId, "Casa arquivada");
    const beach = await secondProperty(h.organizationId, "Apartamento Praia");
    await addProductsToProperty(db, h.owner, gone, [h.productIds.Água]);
    await addProductsToProperty(db, h.owner, beach, [h.productIds.Água]);
    await db.update(properties).set({ archivedAt: new Date() }).where(eq(properties.id, gone));
    await db
      .update(products)
      .set({ archivedAt: new Date() })
      .where(eq(products.id, h.productIds.Vinho ?? ""));

    const { rows, properties: live, categories } = await readInventoryPage(db, h.owner, NO_FILTER);
    // The filters offer the live properties and the categories, by name.
    expect(live.map((p) => p.name)).toEqual(["Apartamento Praia", expect.stringMatching(/^Casa /)]);
    expect(live.map((p) => p.id)).toEqual([beach, h.propertyId]);
    expect(categories.map((c) => c.name)).toEqual(["Bebidas", "Lanches"]);
    // Properties by name ('Apartamento Praia' before 'Casa …'), products by name within each.
    expect(rows.map((r) => r.propertyName)).toEqual([
      "Apartamento Praia",
      ...Array(4).fill(expect.stringMatching(/^Casa /)),
    ]);
    // Expected 5: the default alert level is a quarter, 1 unit. A new property product is at 1 of 1 (level 0).
    expect(view(rows)).toEqual([
      ["Água", 1, 1, 0, false, false],
      ["Água", 1, 5, 1, true, true],
      ["Biscoito", 0, 5, 1, true, true],
      ["Café", 5, 5, 1, false, false],
      ["Toalha", null, 5, 1, false, false],
    ]);
    expect(rows.find((r) => r.productName === "Café")).toMatchObject({
      reserved: 2,
      categoryName: "Bebidas",
      categoryColor: "#112233",
    });
    expect(rows.find((r) => r.productName === "Toalha")).toMatchObject({ categoryName: null, reserved: 0 });
  });

  it("filters by property, by category and to what is missing, as the URL says", async () => {
    const h = await host({
      Água: { current: 1, category: "Bebidas" },
      Café: { current: 5, category: "Bebidas" },
      Biscoito: { current: 0, category: "Lanches" },
      Toalha: { current: null },
    });
    const beach = await secondProperty(h.organizationId, "Apartamento Praia");
    await addProductsToProperty(db, h.owner, beach, [h.productIds.Café]);
    const [bebidas] = await db
      .select({ id: products.categoryId })
      .from(products)
      .where(eq(products.id, h.productIds.Café ?? ""));

    const query = async (q: string) =>
      (await readInventoryPage(db, h.owner, inventoryFilter(new URLSearchParams(q)))).rows;
    const names = async (q: string) =>
      (await query(q)).map((r) => `${r.productName}@${r.propertyId === beach ? "praia" : "casa"}`);
    expect(await names(`imovel=${beach}`)).toEqual(["Café@praia"]);
    expect(await names(`categoria=${bebidas?.id}`)).toEqual(["Café@praia", "Água@casa", "Café@casa"]);
    expect(await names("falta=1")).toEqual(["Água@casa", "Biscoito@casa"]);
    expect(await names(`falta=1&categoria=${bebidas?.id}&imovel=${h.propertyId}`)).toEqual(["Água@casa"]);
    // Anything that is not a filter is no filter.
    expect(inventoryFilter(new URLSearchParams("imovel=1;drop&categoria=x&falta=sim"))).toEqual(NO_FILTER);
  });

  it("shows nothing of another host, whatever ids the filters carry", async () => {
    const a = await host({ "Vinho de A": { current: 1 } });
    const b = await host({ "Café de B": { current: 2 } });
    const own = await readInventoryPage(db, b.owner, NO_FILTER);
    expect(own.rows.map((r) => r.productName)).toEqual(["Café de B"]);
    expect(own.properties.map((p) => p.id)).toEqual([b.propertyId]);
    expect((await readInventoryPage(db, b.owner, { ...NO_FILTER, propertyId: a.propertyId })).rows).toEqual(
      [],
    );
  });
});

describe("the alert level of a property product", () => {
  it("is set by owners and managers, goes back to the default when emptied, and marks what is low", async () => {
    const h = await host({ Água: { current: 3 }, Café: { current: 4 } });
    const manager = await teamMember(h.organizationId, "manager", "Gerente");
    const water = h.productIds.Água ?? "";
    const lowOnes = async () =>
      (await readInventoryPage(db, h.owner, NO_FILTER)).rows.filter((r) => r.low).map((r) => r.productName);
    expect(await lowOnes()).toEqual([]);

    expect(await setAlertQuantity(db, h.owner, h.propertyId, water, "3")).toEqual({
      alertQuantity: 3,
      alertLevel: 3,
    });
    expect(await lowOnes()).toEqual(["Água"]);
    const [row] = (await readInventoryPage(db, h.owner, NO_FILTER)).rows.filter(
      (r) => r.productName === "Água",
    );
    expect(row).toMatchObject({ alertQuantity: 3, alertLevel: 3 });

    // Emptied: back to a quarter of the expected 5.
    expect(await setAlertQuantity(db, manager, h.propertyId, water, " ")).toEqual({
      alertQuantity: null,
      alertLevel: 1,
    });
    expect(await lowOnes()).toEqual([]);
    expect(await setAlertQuantity(db, manager, h.propertyId, water, 0)).toEqual({
      alertQuantity: 0,
      alertLevel: 0,
    });
  });

  it("refuses what is not a whole number from 0, and staff, changing nothing", async () => {
    const h = await host({ Água: { current: 3 } });
    const staff = await teamMember(h.organizationId, "staff", "Equipe");
    const water = h.productIds.Água ?? "";
    await setAlertQuantity(db, h.owner, h.propertyId, water, "2");
    for (const [value, message] of [
      ["-1", "A quantidade não pode ser negativa."],
      ["2,5", "Use um número inteiro."],
      ["2000000", "A quantidade máxima é 1.000.000."],
    ]) {
      expect(await refusal(setAlertQuantity(db, h.owner, h.propertyId, water, value))).toMatchObject({
        kind: "invalid",
        message,
      });
    }
    expect((await refusal(setAlertQuantity(db, staff, h.propertyId, water, "4"))).kind).toBe("forbidden");
    const [row] = (await readInventoryPage(db, h.owner, NO_FILTER)).rows;
    expect(row?.alertQuantity).toBe(2);
  });

  it("is not_found for another host's property or product, or one the property does not hold", async () => {
    const a = await host({ "Vinho de A": { current: 1 }, "Fora do imóvel": { current: 1 } });
    const b = await host({ "Café de B": { current: 2 } });
    const wine = a.productIds["Vinho de A"] ?? "";
    const outside = a.productIds["Fora do imóvel"] ?? "";
    await removeProductFromProperty(db, a.owner, a.propertyId, outside);
    const attempts: [Actor, string, string][] = [
      [b.owner, a.propertyId, wine],
      [b.owner, b.propertyId, wine],
      [a.owner, a.propertyId, b.productIds["Café de B"] ?? ""],
      [a.owner, a.propertyId, outside],
      [a.owner, a.propertyId, "not-an-id"],
      [a.owner, "not-an-id", wine],
    ];
    for (const [actor, propertyId, productId] of attempts) {
      expect((await refusal(setAlertQuantity(db, actor, propertyId, productId, "4"))).kind).toBe("not_found");
    }
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, wine));
    expect((await refusal(setAlertQuantity(db, a.owner, a.propertyId, wine, "4"))).kind).toBe("not_found");
    const levels = await db
      .select({ alert: propertyProducts.alertQuantity })
      .from(propertyProducts)
      .where(eq(propertyProducts.organizationId, a.organizationId));
    expect(levels).toEqual([{ alert: null }]);
  });
});

/** Waits until the database clock is past the newest stock movement (see afterInstant). */
async function tick() {
  const { rows } = await db.execute(sql`select max(created_at) as at from stock_movements`);
  const at = (rows[0] as { at?: string | Date | null } | undefined)?.at;
  if (at) await afterInstant(db, new Date(at));
}

describe("the stock history", () => {
  it("tells every kind of movement newest first: who, why and its reference, old → new", async () => {
    const h = await host({ Água: { current: 5 } });
    const staff = await teamMember(h.organizationId, "staff", "Joana da Limpeza");
    const water = h.productIds.Água ?? "";
    const orderId = randomUUID();
    const runId = randomUUID();
    await tick();
    await saveStockQuantities(db, staff, h.propertyId, [
      { productId: water, current: "4", expected: "5", lossReason: "broken" },
    ]);
    await tick();
    await holdUnits(h.propertyId, water, 2);
    await db.transaction(async (tx) => {
      await sellHeldStock(tx, { id: orderId, organizationId: h.organizationId, propertyId: h.propertyId }, [
        { productId: water, quantity: 2, reserved: 2 },
      ]);
    });
    await tick();
    const move = (reason: "sale_reversal" | "restock", from: number, to: number, reference: string) =>
      recordMovements(db, h.owner, [
        { propertyId: h.propertyId, productId: water, oldQuantity: from, newQuantity: to, reason, reference },
      ]);
    await move("sale_reversal", 2, 4, `order:${orderId}`);
    await tick();
    await move("restock", 4, 6, `replacement:${runId}`);
    await tick();
    // Those two were written straight to the ledger: the stock follows them.
    await db
      .update(propertyProducts)
      .set({ currentQuantity: 6 })
      .where(eq(propertyProducts.productId, water));
    await saveStockQuantities(db, h.owner, h.propertyId, [
      { productId: water, current: null, expected: "5" },
    ]);
    await tick();
    await removeProductFromProperty(db, h.owner, h.propertyId, water);
    await tick();
    await addProductsToProperty(db, h.owner, h.propertyId, [water]);
    await tick();

    const { rows, next } = await listStockHistory(db, h.owner, ALL_HISTORY, null);
    expect(next).toBeNull();
    const seen = rows.map((r) => [
      movementLabel(r.reason, r.lossReason),
      moverLabel(r.reason, r.actorName),
      r.cause ? causeLabel(r.cause) : "",
      `${quantityLabel(r.oldQuantity, "old", r.reason)} → ${quantityLabel(r.newQuantity, "new", r.reason)}`,
    ]);
    const ownerName = rows[0]?.actorName;
    expect(ownerName).toMatch(/^Anfitrião /);
    expect(seen).toEqual([
      ["Entrada no imóvel", ownerName, "", "— → 1"],
      ["Saída do imóvel", ownerName, "", "Sem limite → —"],
      ["Ajuste", ownerName, "", "6 → Sem limite"],
      ["Reposição", ownerName, `Reposição #${runId.slice(0, 8)}`, "4 → 6"],
      ["Reembolso", ownerName, `Pedido #${orderId.slice(0, 8)}`, "2 → 4"],
      ["Venda", "Hóspede", `Pedido #${orderId.slice(0, 8)}`, "4 → 2"],
      ["Perda · Quebrado", "Joana da Limpeza", "", "5 → 4"],
    ]);
    expect(rows[3]?.cause).toEqual({ kind: "replacement", id: runId });
    expect(rows.every((r) => r.productName === "Água" && r.propertyName.startsWith("Casa "))).toBe(true);
  });

  it("filters by property, product, reason and São Paulo days, and keeps archived products' history", async () => {
    const h = await host({ Água: { current: 5 }, Café: { current: 5 } });
    const beach = await secondProperty(h.organizationId, "Apartamento Praia");
    const water = h.productIds.Água ?? "";
    const coffee = h.productIds.Café ?? "";
    // Written with their dates: 23:30 in São Paulo on Jan 9 is already Jan 10 in UTC.
    const at = (iso: string, propertyId: string, productId: string, reason: string) =>
      db.insert(stockMovements).values({
        organizationId: h.organizationId,
        propertyId,
        productId,
        oldQuantity: 1,
        newQuantity: 2,
        reason,
        actorUserId: h.owner.userId,
        createdAt: new Date(iso),
      });
    await at("2026-01-10T02:30:00Z", h.propertyId, water, "adjustment");
    await at("2026-01-10T12:00:00Z", h.propertyId, coffee, "restock");
    await at("2026-01-11T02:59:00Z", beach, water, "adjustment");
    await at("2026-01-11T03:00:00Z", beach, coffee, "sale");
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, coffee));

    const listed = async (q: string) =>
      (await listStockHistory(db, h.owner, historyFilter(new URLSearchParams(q)), null)).rows.map(
        (r) => `${r.productName}@${r.propertyId === beach ? "praia" : "casa"}:${r.reason}`,
      );
    expect(await listed("de=2026-01-10&ate=2026-01-10")).toEqual([
      "Água@praia:adjustment",
      "Café@casa:restock",
    ]);
    expect(await listed("ate=2026-01-09")).toEqual(["Água@casa:adjustment"]);
    expect(await listed("de=2026-01-11")).toEqual(["Café@praia:sale"]);
    expect(await listed(`imovel=${beach}`)).toEqual(["Café@praia:sale", "Água@praia:adjustment"]);
    expect(await listed(`produto=${coffee}&motivo=restock`)).toEqual(["Café@casa:restock"]);
    expect(await listed("motivo=sale_reversal")).toEqual([]);
    // Anything unknown filters nothing; a date that is no day we take also says so.
    expect(historyFilter(new URLSearchParams("motivo=hack&de=2026-02-31&ate=ontem&produto=x"))).toEqual({
      ...ALL_HISTORY,
      dateError: DATE_RANGE_TEXT,
    });
  });

  it("goes 50 rows a page, newest first, without skipping rows of the same millisecond", async () => {
    const h = await host({ Água: { current: 5 } });
    const water = h.productIds.Água ?? "";
    // 126 movements in 18 milliseconds, 7 in each, a few microseconds apart: pages end mid-millisecond.
    for (let ms = 0; ms < 18; ms++) {
      await db.insert(stockMovements).values(
        Array.from({ length: 7 }, (_, i) => ({
          organizationId: h.organizationId,
          propertyId: h.propertyId,
          productId: water,
          oldQuantity: ms * 7 + i,
          newQuantity: ms * 7 + i + 1,
          reason: "adjustment",
          createdAt: sql`${`2026-02-01T12:00:00.${String(ms).padStart(3, "0")}0${i}0Z`}::timestamptz`,
        })),
      );
    }
    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listStockHistory>> = await listStockHistory(
        db,
        h.owner,
        ALL_HISTORY,
        cursor,
      );
      pages.push(page.rows.map((r) => r.newQuantity ?? -1));
      cursor = page.next;
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([50, 50, 26]);
    expect(pages.flat()).toEqual(Array.from({ length: 126 }, (_, i) => 126 - i));

    const all: number[] = [];
    for await (const row of allStockHistory(db, h.owner, ALL_HISTORY)) all.push(row.newQuantity ?? -1);
    expect(all).toEqual(pages.flat());
    // A cursor that is not one starts from the top.
    const garbage = await listStockHistory(db, h.owner, ALL_HISTORY, "2026|x");
    expect(garbage.rows[0]?.newQuantity).toBe(126);
  });

  it("shows nothing of another host, whatever ids the filters carry", async () => {
    const a = await host({ "Vinho de A": { current: 1 } });
    const b = await host({ "Café de B": { current: 2 } });
    await saveStockQuantities(db, a.owner, a.propertyId, [
      { productId: a.productIds["Vinho de A"], current: "0", expected: "5", lossReason: "expired" },
    ]);
    expect((await listStockHistory(db, b.owner, ALL_HISTORY, null)).rows).toEqual([]);
    const aimed = { ...ALL_HISTORY, propertyId: a.propertyId, productId: a.productIds["Vinho de A"] ?? null };
    expect((await listStockHistory(db, b.owner, aimed, null)).rows).toEqual([]);
    const own = await db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.organizationId, a.organizationId), eq(stockMovements.reason, "loss")));
    expect(own).toHaveLength(1);
  });
});
