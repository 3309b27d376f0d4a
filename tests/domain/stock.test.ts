// Stock per property: what a property holds, adding and removing products, saving quantities in one
// transaction, the append-only ledger, roles, and tenancy. In-memory PGlite with the real migrations.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createProperty } from "~/domain/properties/create-property.server";
import { deleteProperty } from "~/domain/properties/delete-property.server";
import { addProductsToProperty } from "~/domain/stock/add-products.server";
import { listAddableProducts, listPropertyStock } from "~/domain/stock/list-property-stock.server";
import { removeProductFromProperty } from "~/domain/stock/remove-product.server";
import { returnToStock } from "~/domain/stock/return-to-stock.server";
import { saveStockQuantities } from "~/domain/stock/save-stock-quantities.server";
import type { Actor } from "~/domain/team/permissions";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle, Db } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { member, products, propertyProducts, stockMovements } from "~/platform/db/schema";
import { refusal } from "../support/refusal";

// Each user gets a real scrypt password hash, which takes a moment on a busy machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let handle: DatabaseHandle;
let db: Db;
let hostA: Actor;
let hostB: Actor;
let staffA: Actor;

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

async function actorFor(email: string): Promise<Actor> {
  const { userId, membership } = await createConfirmedUser(db, { name: email, email, password: "segredo1" });
  return { userId, organizationId: membership.organizationId, role: "owner" };
}

async function product(actor: Actor, name: string, priceCents = 1000, thumb: string | null = null) {
  const [row] = await db
    .insert(products)
    .values({ organizationId: actor.organizationId, name, priceCents, image: thumb, imageThumb: thumb })
    .returning({ id: products.id });
  if (!row) throw new Error("no product");
  return row.id;
}

async function property(actor: Actor, name = "Casa") {
  return (await createProperty(db, actor, { name, address: "Rua Um, 1" })).id;
}

async function stockRows(propertyId: string) {
  return db
    .select({
      productId: propertyProducts.productId,
      current: propertyProducts.currentQuantity,
      expected: propertyProducts.expectedQuantity,
    })
    .from(propertyProducts)
    .where(eq(propertyProducts.propertyId, propertyId))
    .orderBy(asc(propertyProducts.productId));
}

async function ledger(propertyId: string, productId?: string) {
  return db
    .select({
      productId: stockMovements.productId,
      old: stockMovements.oldQuantity,
      new: stockMovements.newQuantity,
      reason: stockMovements.reason,
      actor: stockMovements.actorUserId,
      organizationId: stockMovements.organizationId,
    })
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.propertyId, propertyId),
        productId ? eq(stockMovements.productId, productId) : undefined,
      ),
    )
    .orderBy(asc(stockMovements.createdAt));
}

beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  db = handle.db;
  hostA = await actorFor("estoque-a@example.com");
  hostB = await actorFor("estoque-b@example.com");
  const staff = await createConfirmedUser(db, {
    name: "Equipe",
    email: "equipe-estoque@example.com",
    password: "segredo1",
  });
  await db
    .insert(member)
    .values({ organizationId: hostA.organizationId, userId: staff.userId, role: "staff" });
  staffA = { userId: staff.userId, organizationId: hostA.organizationId, role: "staff" };
});
afterAll(async () => {
  await handle?.close();
});

describe("adding products to a property", () => {
  it("adds one or several, each at current 1 and expected 1, with an 'initial' movement (none → 1)", async () => {
    const house = await property(hostA);
    const water = await product(hostA, "Água");
    const beer = await product(hostA, "Cerveja");
    const wine = await product(hostA, "Vinho");
    expect(await addProductsToProperty(db, hostA, house, [water])).toEqual({ added: 1 });
    expect(await addProductsToProperty(db, hostA, house, [beer, wine])).toEqual({ added: 2 });

    const rows = await stockRows(house);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ current: 1, expected: 1 });
    const moves = await ledger(house);
    expect(moves).toHaveLength(3);
    for (const m of moves) {
      expect(m).toMatchObject({ old: null, new: 1, reason: "initial", actor: hostA.userId });
      expect(m.organizationId).toBe(hostA.organizationId);
    }
  });

  it("offers only the organization's live products that the property does not hold yet, by name", async () => {
    const house = await property(hostA);
    await product(hostA, "Zebra de pelúcia");
    await product(hostA, "Água de coco");
    const held = await product(hostA, "Biscoito");
    const gone = await product(hostA, "Arquivado");
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, gone));
    await product(hostB, "Produto de B");
    await addProductsToProperty(db, hostA, house, [held]);

    const names = (await listAddableProducts(db, hostA, house)).map((p) => p.name);
    expect(names).toContain("Água de coco");
    expect(names).toContain("Zebra de pelúcia");
    expect(names).not.toContain("Biscoito");
    expect(names).not.toContain("Arquivado");
    expect(names).not.toContain("Produto de B");
    // pt-BR order: 'Água' sorts with the A's, not after 'Z'.
    expect(names.indexOf("Água de coco")).toBeLessThan(names.indexOf("Zebra de pelúcia"));
  });

  it("refuses another organization's, unknown or archived products, and adds none of the batch", async () => {
    const house = await property(hostA);
    const mine = await product(hostA, "Meu");
    const theirs = await product(hostB, "Deles");
    const archived = await product(hostA, "Velho");
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived));

    for (const bad of [theirs, UNKNOWN_ID, archived, "nem-um-uuid"]) {
      const err = await refusal(addProductsToProperty(db, hostA, house, [mine, bad]));
      expect(err).toMatchObject({ kind: "not_found", message: "Produto não encontrado" });
    }
    expect(await stockRows(house)).toEqual([]);
    expect(await ledger(house)).toEqual([]);
  });

  it("refuses a product already in the property (conflict) and adds none of the batch", async () => {
    const house = await property(hostA);
    const first = await product(hostA, "Primeiro");
    const second = await product(hostA, "Segundo");
    await addProductsToProperty(db, hostA, house, [first]);
    const err = await refusal(addProductsToProperty(db, hostA, house, [second, first]));
    expect(err).toMatchObject({ kind: "conflict", message: "Este produto já está no imóvel" });
    expect((await stockRows(house)).map((r) => r.productId)).toEqual([first]);
    expect(await ledger(house)).toHaveLength(1);
  });

  it("needs at least one product", async () => {
    const house = await property(hostA);
    expect(await refusal(addProductsToProperty(db, hostA, house, []))).toMatchObject({
      kind: "invalid",
      message: "Selecione pelo menos um produto.",
    });
  });

  it("is not for staff, and another organization's or an archived property is not found", async () => {
    const house = await property(hostA);
    const mine = await product(hostA, "Item");
    expect((await refusal(addProductsToProperty(db, staffA, house, [mine]))).kind).toBe("forbidden");
    // B adding B's own product to A's property.
    const theirs = await product(hostB, "Item de B");
    expect(await refusal(addProductsToProperty(db, hostB, house, [theirs]))).toMatchObject({
      kind: "not_found",
      message: "Imóvel não encontrado",
    });
    const archivedHouse = await property(hostA, "Arquivada");
    await deleteProperty(db, hostA, archivedHouse);
    expect((await refusal(addProductsToProperty(db, hostA, archivedHouse, [mine]))).kind).toBe("not_found");
    expect(await stockRows(house)).toEqual([]);
    expect(await stockRows(archivedHouse)).toEqual([]);
  });
});

describe("listing a property's stock", () => {
  it("shows name, price, thumbnail and quantities by name, leaving out archived products", async () => {
    const house = await property(hostA);
    const soap = await product(hostA, "Sabonete", 450, "https://example.com/sabonete.jpg");
    const acai = await product(hostA, "Açaí", 1500);
    const old = await product(hostA, "Antigo");
    await addProductsToProperty(db, hostA, house, [soap, acai, old]);
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, old));

    expect(await listPropertyStock(db, staffA, house)).toEqual([
      { productId: acai, name: "Açaí", priceCents: 1500, imageThumb: null, current: 1, expected: 1 },
      {
        productId: soap,
        name: "Sabonete",
        priceCents: 450,
        imageThumb: "https://example.com/sabonete.jpg",
        current: 1,
        expected: 1,
      },
    ]);
  });

  it("is not found for another organization's, unknown or archived property", async () => {
    const house = await property(hostA);
    await addProductsToProperty(db, hostA, house, [await product(hostA, "Segredo de A")]);
    for (const [actor, id] of [
      [hostB, house],
      [hostA, UNKNOWN_ID],
      [hostA, "xyz"],
    ] as const) {
      expect((await refusal(listPropertyStock(db, actor, id))).kind).toBe("not_found");
      expect((await refusal(listAddableProducts(db, actor, id))).kind).toBe("not_found");
    }
    await deleteProperty(db, hostA, house);
    expect((await refusal(listPropertyStock(db, hostA, house))).kind).toBe("not_found");
  });
});

describe("saving quantities", () => {
  async function stocked(names: string[]) {
    const house = await property(hostA);
    const ids: string[] = [];
    for (const name of names) ids.push(await product(hostA, name));
    await addProductsToProperty(db, hostA, house, ids);
    return { house, ids };
  }

  it("saves every row at once and writes an 'adjustment' (old → new) for each changed current quantity", async () => {
    const { house, ids } = await stocked(["A", "B", "C"]);
    const [a = "", b = "", c = ""] = ids;
    const result = await saveStockQuantities(db, staffA, house, [
      { productId: a, current: "3", expected: "5" },
      { productId: b, current: "1", expected: "" }, // only the target changes: no movement
      { productId: c, current: 1, expected: 1 }, // nothing changes
    ]);
    expect(result).toEqual({ changed: 2 });
    const rows = new Map((await stockRows(house)).map((r) => [r.productId, r]));
    expect(rows.get(a)).toMatchObject({ current: 3, expected: 5 });
    expect(rows.get(b)).toMatchObject({ current: 1, expected: null });
    expect(rows.get(c)).toMatchObject({ current: 1, expected: 1 });

    const adjustments = (await ledger(house)).filter((m) => m.reason === "adjustment");
    expect(adjustments).toEqual([
      {
        productId: a,
        old: 1,
        new: 3,
        reason: "adjustment",
        actor: staffA.userId,
        organizationId: hostA.organizationId,
      },
    ]);
  });

  it("turns non-numeric or empty current quantities into 0 and keeps 'Sem limite' (null) explicit", async () => {
    const { house, ids } = await stocked(["Um", "Dois", "Três"]);
    const [one = "", two = "", three = ""] = ids;
    await saveStockQuantities(db, hostA, house, [
      { productId: one, current: "abc", expected: "2", lossReason: "broken" },
      { productId: two, current: "", expected: " ", lossReason: "expired" },
      { productId: three, current: null, expected: null },
    ]);
    const rows = new Map((await stockRows(house)).map((r) => [r.productId, r]));
    expect(rows.get(one)).toMatchObject({ current: 0, expected: 2 });
    expect(rows.get(two)).toMatchObject({ current: 0, expected: null });
    expect(rows.get(three)).toMatchObject({ current: null, expected: null });
    const moves = (await ledger(house)).filter((m) => m.reason !== "initial");
    expect(moves.map((m) => [m.productId, m.old, m.new])).toEqual(
      expect.arrayContaining([
        [one, 1, 0],
        [two, 1, 0],
        [three, 1, null],
      ]),
    );

    // Back from 'Sem limite' to a count.
    await saveStockQuantities(db, hostA, house, [{ productId: three, current: "4", expected: "" }]);
    expect((await ledger(house, three)).at(-1)).toMatchObject({ old: null, new: 4, reason: "adjustment" });
  });

  it("refuses negatives and fractions with pt-BR messages and changes nothing, not even the good rows", async () => {
    const { house, ids } = await stocked(["Bom", "Ruim"]);
    const [good = "", bad = ""] = ids;
    const before = await stockRows(house);
    const ledgerBefore = await ledger(house);
    for (const [current, expected, message] of [
      ["-1", "", "A quantidade não pode ser negativa."],
      ["2,5", "", "Use um número inteiro."],
      ["1", "1.5", "Use um número inteiro."],
      ["1", "-3", "A quantidade não pode ser negativa."],
      ["2000000", "", "A quantidade máxima é 1.000.000."],
    ] as const) {
      const err = await refusal(
        saveStockQuantities(db, hostA, house, [
          { productId: good, current: "9", expected: "9" },
          { productId: bad, current, expected },
        ]),
      );
      expect(err).toMatchObject({ kind: "invalid", message });
      expect(Object.values(err.fieldErrors ?? {})).toEqual([message]);
    }
    expect(await stockRows(house)).toEqual(before);
    expect(await ledger(house)).toEqual(ledgerBefore);
  });

  it("fails as a whole when one product is not in the property (another organization's included)", async () => {
    const { house, ids } = await stocked(["Aqui"]);
    const [here = ""] = ids;
    const elsewhere = await product(hostA, "Fora do imóvel");
    const theirs = await product(hostB, "De B");
    const before = await stockRows(house);
    for (const intruder of [elsewhere, theirs, UNKNOWN_ID, "nope"]) {
      const err = await refusal(
        saveStockQuantities(db, hostA, house, [
          { productId: here, current: "7", expected: "7" },
          { productId: intruder, current: "1", expected: "1" },
        ]),
      );
      expect(err).toMatchObject({ kind: "not_found", message: "Produto não encontrado neste imóvel" });
    }
    expect(await stockRows(house)).toEqual(before);
    expect((await ledger(house)).filter((m) => m.reason === "adjustment")).toEqual([]);
  });

  it("is not found for another organization's property, and changes nothing there", async () => {
    const { house, ids } = await stocked(["Alvo"]);
    const before = await stockRows(house);
    const err = await refusal(
      saveStockQuantities(db, hostB, house, [{ productId: ids[0] ?? "", current: "99", expected: "99" }]),
    );
    expect(err).toMatchObject({ kind: "not_found", message: "Imóvel não encontrado" });
    expect(await stockRows(house)).toEqual(before);
  });
});

describe("removing a product from a property", () => {
  it("deletes the row and writes a 'removal' (old → none); the product can be added again", async () => {
    const house = await property(hostA);
    const item = await product(hostA, "Toalha");
    await addProductsToProperty(db, hostA, house, [item]);
    await saveStockQuantities(db, hostA, house, [{ productId: item, current: "6", expected: "8" }]);
    await removeProductFromProperty(db, hostA, house, item);

    expect(await stockRows(house)).toEqual([]);
    expect((await ledger(house, item)).map((m) => [m.reason, m.old, m.new])).toEqual([
      ["initial", null, 1],
      ["adjustment", 1, 6],
      ["removal", 6, null],
    ]);
    expect((await listAddableProducts(db, hostA, house)).map((p) => p.id)).toContain(item);
  });

  it("is not for staff; another organization or a product not held is not found; nothing changes", async () => {
    const house = await property(hostA);
    const item = await product(hostA, "Fica");
    await addProductsToProperty(db, hostA, house, [item]);
    expect((await refusal(removeProductFromProperty(db, staffA, house, item))).kind).toBe("forbidden");
    expect((await refusal(removeProductFromProperty(db, hostB, house, item))).kind).toBe("not_found");
    const notHeld = await product(hostA, "Não está");
    expect(await refusal(removeProductFromProperty(db, hostA, house, notHeld))).toMatchObject({
      kind: "not_found",
      message: "Produto não encontrado neste imóvel",
    });
    expect(await stockRows(house)).toHaveLength(1);
    expect(await ledger(house)).toHaveLength(1);
  });
});

describe("units coming back into stock (a refund, a delivered run)", () => {
  it("adds to counted stock with a movement naming the cause; uncounted or removed products get nothing", async () => {
    const house = await property(hostA);
    const [counted, uncounted, removed] = [
      await product(hostA, "Volta"),
      await product(hostA, "Sem conta"),
      await product(hostA, "Saiu"),
    ];
    await addProductsToProperty(db, hostA, house, [counted, uncounted, removed]);
    await saveStockQuantities(db, hostA, house, [
      { productId: counted, current: "2", expected: "5" },
      { productId: uncounted, current: null, expected: null },
    ]);
    await removeProductFromProperty(db, hostA, house, removed);
    const stamp = async () =>
      (await db.select().from(propertyProducts).where(eq(propertyProducts.productId, counted)))[0]?.updatedAt;
    const before = await stamp();

    const orderId = crypto.randomUUID();
    const runId = crypto.randomUUID();
    await db.transaction(async (tx) => {
      const lines = [counted, uncounted, removed].map((productId) => ({
        propertyId: house,
        productId,
        quantity: 3,
        unitCostCents: null,
      }));
      await returnToStock(tx, hostA, { reason: "sale_reversal", reference: `order:${orderId}` }, lines);
    });
    await db.transaction((tx) =>
      returnToStock(tx, staffA, { reason: "restock", reference: `replacement:${runId}` }, [
        { propertyId: house, productId: counted, quantity: 4, unitCostCents: null },
        { propertyId: house, productId: uncounted, quantity: 4, unitCostCents: null },
      ]),
    );

    expect(await stockRows(house)).toEqual(
      expect.arrayContaining([
        { productId: counted, current: 9, expected: 5 },
        { productId: uncounted, current: null, expected: null },
      ]),
    );
    expect(await stamp()).not.toEqual(before);
    const back = await db
      .select({
        productId: stockMovements.productId,
        reason: stockMovements.reason,
        old: stockMovements.oldQuantity,
        new: stockMovements.newQuantity,
        reference: stockMovements.reference,
        actor: stockMovements.actorUserId,
      })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.propertyId, house),
          inArray(stockMovements.reason, ["sale_reversal", "restock"]),
        ),
      )
      .orderBy(asc(stockMovements.createdAt));
    expect(back).toEqual([
      {
        productId: counted,
        reason: "sale_reversal",
        old: 2,
        new: 5,
        reference: `order:${orderId}`,
        actor: hostA.userId,
      },
      {
        productId: counted,
        reason: "restock",
        old: 5,
        new: 9,
        reference: `replacement:${runId}`,
        actor: staffA.userId,
      },
    ]);
  });
});

describe("the stock ledger", () => {
  it("is append-only: the database refuses UPDATE and DELETE on stock_movements", async () => {
    const house = await property(hostA);
    await addProductsToProperty(db, hostA, house, [await product(hostA, "Imutável")]);
    // Drizzle wraps the database's error; the trigger's own message is its cause.
    const refusedBy = async (query: Promise<unknown>) =>
      query.then(
        () => "accepted",
        (err: unknown) => String((err as { cause?: unknown }).cause ?? err),
      );
    expect(
      await refusedBy(
        db.execute(sql`update stock_movements set new_quantity = 99 where property_id = ${house}`),
      ),
    ).toMatch(/stock_movements is append-only/);
    expect(
      await refusedBy(db.execute(sql`delete from stock_movements where property_id = ${house}`)),
    ).toMatch(/stock_movements is append-only/);
    expect(await ledger(house)).toMatchObject([{ old: null, new: 1, reason: "initial" }]);
  });
});
