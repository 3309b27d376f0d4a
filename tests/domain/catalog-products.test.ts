import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_TEXT as T } from "~/domain/catalog/catalog-text";
import { createCategory } from "~/domain/catalog/categories.server";
import {
  createProduct,
  deleteProduct,
  getProduct,
  listCatalogProductsForPicker,
  listProducts,
  updateProduct,
} from "~/domain/catalog/products.server";
import { addProductsToProperty } from "~/domain/stock/add-products.server";
import type { Actor } from "~/domain/team/permissions";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { member, products, properties, propertyProducts } from "~/platform/db/schema";
import { refusal } from "../support/refusal";

let handle: DatabaseHandle;
let owner: Actor; // organization A
let manager: Actor; // organization A
let staff: Actor; // organization A
let otherOwner: Actor; // organization B
let n = 0;

const photo = (name: string) => ({ image: `/media/${name}.webp`, imageThumb: `/media/${name}-thumb.webp` });

async function host(name: string): Promise<Actor> {
  const { userId, membership } = await createConfirmedUser(handle.db, {
    name,
    email: `produtos-${++n}@example.com`,
    password: "segredo1",
  });
  return { userId, organizationId: membership.organizationId, role: "owner" };
}

async function teammate(organizationId: string, role: "manager" | "staff"): Promise<Actor> {
  const { userId } = await host(`Equipe ${role}`);
  await handle.db.insert(member).values({ organizationId, userId, role });
  return { userId, organizationId, role };
}

async function storedProduct(id: string) {
  const [row] = await handle.db.select().from(products).where(eq(products.id, id));
  return row;
}

beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  owner = await host("Anfitriã A");
  otherOwner = await host("Anfitrião B");
  manager = await teammate(owner.organizationId, "manager");
  staff = await teammate(owner.organizationId, "staff");
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

describe("createProduct", () => {
  it("creates a product with its category and photo; the price is written the pt-BR way", async () => {
    const drinks = await createCategory(handle.db, owner, { name: "Bebidas", color: "#0077CC" });
    const beer = await createProduct(handle.db, owner, {
      name: "  Cerveja  ",
      price: "R$ 12,5",
      categoryId: drinks.id,
      image: photo("cerveja"),
    });
    expect(beer).toMatchObject({
      name: "Cerveja",
      priceCents: 1250,
      categoryId: drinks.id,
      categoryName: "Bebidas",
      categoryColor: "#0077CC",
      image: "/media/cerveja.webp",
      imageThumb: "/media/cerveja-thumb.webp",
    });
    expect(await storedProduct(beer.id)).toMatchObject({
      organizationId: owner.organizationId,
      archivedAt: null,
    });
  });

  it("reads prices written the pt-BR way: empty is 0, thousands dots, two decimals at most", async () => {
    const cases: [string | undefined, number][] = [
      ["", 0],
      [undefined, 0],
      ["1.234,5", 123450],
      ["0,99", 99],
      ["100000", 10_000_000],
      // One dot and two digits: the decimal point of a pasted '12.50'.
      ["12.50", 1250],
    ];
    for (const [price, cents] of cases) {
      const p = await createProduct(handle.db, manager, { name: `Preço ${price}`, price });
      expect(p.priceCents, `price '${price}'`).toBe(cents);
    }
    for (const price of ["-5", "0,999", "1,234.56", "1e9"]) {
      const refused = await refusal(createProduct(handle.db, manager, { name: `Preço ${price}`, price }));
      expect(refused.fieldErrors?.price, `price '${price}'`).toBe(
        "Digite o preço só com números e vírgula, como 12,50.",
      );
    }
  });

  it("refuses a missing name, a price above R$ 100.000,00 and creates nothing", async () => {
    const before = (await listProducts(handle.db, owner)).length;
    const blank = await refusal(createProduct(handle.db, owner, { name: " ", price: "10" }));
    expect(blank).toMatchObject({ kind: "invalid", message: "Informe o nome do produto." });
    expect(blank.fieldErrors).toEqual({ name: "Informe o nome do produto." });

    const dear = await refusal(createProduct(handle.db, owner, { name: "Caro", price: "100000,01" }));
    expect(dear.fieldErrors).toEqual({ price: T.priceTooHigh });
    const huge = await refusal(createProduct(handle.db, owner, { name: "Enorme", price: "9".repeat(30) }));
    expect(huge.fieldErrors).toEqual({ price: T.priceTooHigh });

    expect(await listProducts(handle.db, owner)).toHaveLength(before);
  });

  it("answers not_found for another organization's category (or an unknown one) and creates nothing", async () => {
    const theirs = await createCategory(handle.db, otherOwner, { name: "Deles" });
    const before = (await listProducts(handle.db, owner)).length;
    for (const categoryId of [theirs.id, "00000000-0000-4000-8000-000000000000", "lixo"]) {
      const err = await refusal(createProduct(handle.db, owner, { name: "Intruso", price: "1", categoryId }));
      expect(err).toMatchObject({ kind: "not_found", message: T.categoryNotFound });
    }
    expect(await listProducts(handle.db, owner)).toHaveLength(before);
  });

  it("refuses staff", async () => {
    const err = await refusal(createProduct(handle.db, staff, { name: "Da equipe", price: "1" }));
    expect(err).toMatchObject({
      kind: "forbidden",
      message: expect.stringContaining("Você não tem permissão"),
    });
    expect((await listProducts(handle.db, owner)).map((p) => p.name)).not.toContain("Da equipe");
  });
});

describe("listProducts, getProduct and the picker", () => {
  it("show only the actor's organization's live products: newest first, and by name for the picker", async () => {
    const a = await host("Lista A");
    const b = await host("Lista B");
    const snacks = await createCategory(handle.db, a, { name: "Lanches", color: "#F5A623" });
    await createProduct(handle.db, a, { name: "Chocolate", price: "7,00", categoryId: snacks.id });
    await createProduct(handle.db, a, { name: "água", price: "3,50", image: photo("agua") });
    const gone = await createProduct(handle.db, a, { name: "Amendoim", price: "5" });
    await createProduct(handle.db, a, { name: "Biscoito", price: "4" });
    await createProduct(handle.db, b, { name: "De outro anfitrião", price: "1" });
    await deleteProduct(handle.db, a, { id: gone.id });

    const list = await listProducts(handle.db, a);
    expect(list.map((p) => p.name)).toEqual(["Biscoito", "água", "Chocolate"]);
    expect(list.find((p) => p.name === "Chocolate")).toMatchObject({
      priceCents: 700,
      categoryName: "Lanches",
      categoryColor: "#F5A623",
    });
    expect(list.find((p) => p.name === "água")).toMatchObject({ categoryId: null, categoryName: null });

    expect(await listCatalogProductsForPicker(handle.db, a)).toEqual([
      { id: expect.any(String), name: "água", priceCents: 350, imageThumb: "/media/agua-thumb.webp" },
      { id: expect.any(String), name: "Biscoito", priceCents: 400, imageThumb: null },
      { id: expect.any(String), name: "Chocolate", priceCents: 700, imageThumb: null },
    ]);

    // Staff read the catalogue too.
    const aStaff = await teammate(a.organizationId, "staff");
    expect(await listProducts(handle.db, aStaff)).toHaveLength(3);
    expect(await listCatalogProductsForPicker(handle.db, aStaff)).toHaveLength(3);
  });

  it("getProduct finds a live product and answers not_found for another organization's, an archived or an unknown id", async () => {
    const mine = await createProduct(handle.db, owner, { name: "Café", price: "12" });
    expect(await getProduct(handle.db, staff, { id: mine.id })).toMatchObject({
      name: "Café",
      priceCents: 1200,
    });

    const theirs = await createProduct(handle.db, otherOwner, { name: "Chá deles", price: "9" });
    expect(await refusal(getProduct(handle.db, owner, { id: theirs.id }))).toMatchObject({
      kind: "not_found",
      message: T.productNotFound,
    });
    const archived = await createProduct(handle.db, owner, { name: "Arquivado", price: "1" });
    await deleteProduct(handle.db, owner, { id: archived.id });
    expect((await refusal(getProduct(handle.db, owner, { id: archived.id }))).kind).toBe("not_found");
    expect((await refusal(getProduct(handle.db, owner, { id: "123" }))).kind).toBe("not_found");
  });
});

describe("updateProduct", () => {
  it("changes name, price and category, keeps the photo when none is sent", async () => {
    const cat = await createCategory(handle.db, owner, { name: "Frios", color: "#00FFFF" });
    const p = await createProduct(handle.db, owner, { name: "Queijo", price: "10", image: photo("queijo") });
    const { product, replacedImage } = await updateProduct(handle.db, manager, {
      id: p.id,
      name: "Queijo minas",
      price: "12,5",
      categoryId: cat.id,
    });
    expect(product).toMatchObject({
      name: "Queijo minas",
      priceCents: 1250,
      categoryName: "Frios",
      image: "/media/queijo.webp",
    });
    expect(replacedImage).toBeNull();

    // 'Nenhuma' takes the category away.
    const cleared = await updateProduct(handle.db, owner, {
      id: p.id,
      name: "Queijo minas",
      price: "12,50",
      categoryId: "",
    });
    expect(cleared.product).toMatchObject({ categoryId: null, categoryName: null });
  });

  it("returns the photo it replaced or removed, so its files can be deleted", async () => {
    const p = await createProduct(handle.db, owner, { name: "Vinho", price: "50", image: photo("v1") });
    const replaced = await updateProduct(handle.db, owner, {
      id: p.id,
      name: "Vinho",
      price: "50",
      image: photo("v2"),
    });
    expect(replaced.replacedImage).toEqual(photo("v1"));
    expect(replaced.product.imageThumb).toBe("/media/v2-thumb.webp");

    const removed = await updateProduct(handle.db, owner, {
      id: p.id,
      name: "Vinho",
      price: "50",
      image: null,
    });
    expect(removed.replacedImage).toEqual(photo("v2"));
    expect(removed.product).toMatchObject({ image: null, imageThumb: null });
  });

  it("validates like create and leaves the product as it was", async () => {
    const p = await createProduct(handle.db, owner, { name: "Suco", price: "6" });
    const err = await refusal(updateProduct(handle.db, owner, { id: p.id, name: "", price: "7" }));
    expect(err.fieldErrors).toEqual({ name: T.productNameRequired });
    const dear = await refusal(updateProduct(handle.db, owner, { id: p.id, name: "Suco", price: "200000" }));
    expect(dear.fieldErrors).toEqual({ price: T.priceTooHigh });
    expect(await storedProduct(p.id)).toMatchObject({ name: "Suco", priceCents: 600 });
  });

  it("answers not_found for another organization's product, an archived one, or another organization's category", async () => {
    const theirs = await createProduct(handle.db, otherOwner, { name: "Deles", price: "3" });
    expect(
      await refusal(updateProduct(handle.db, owner, { id: theirs.id, name: "Tomado", price: "0" })),
    ).toMatchObject({ kind: "not_found", message: T.productNotFound });
    expect(await storedProduct(theirs.id)).toMatchObject({ name: "Deles", priceCents: 300 });

    const archived = await createProduct(handle.db, owner, { name: "Velho", price: "1" });
    await deleteProduct(handle.db, owner, { id: archived.id });
    expect((await refusal(updateProduct(handle.db, owner, { id: archived.id, name: "Novo" }))).kind).toBe(
      "not_found",
    );
    expect(await storedProduct(archived.id)).toMatchObject({ name: "Velho" });

    const mine = await createProduct(handle.db, owner, { name: "Meu", price: "2" });
    const theirCategory = await createCategory(handle.db, otherOwner, { name: "Categoria deles" });
    const err = await refusal(
      updateProduct(handle.db, owner, { id: mine.id, name: "Meu", price: "2", categoryId: theirCategory.id }),
    );
    expect(err).toMatchObject({ kind: "not_found", message: T.categoryNotFound });
    expect(await storedProduct(mine.id)).toMatchObject({ categoryId: null });
  });

  it("refuses staff", async () => {
    const p = await createProduct(handle.db, owner, { name: "Água com gás", price: "4" });
    const err = await refusal(updateProduct(handle.db, staff, { id: p.id, name: "Mudada", price: "0" }));
    expect(err.kind).toBe("forbidden");
    expect(await storedProduct(p.id)).toMatchObject({ name: "Água com gás", priceCents: 400 });
  });
});

describe("deleteProduct", () => {
  it("archives the product: gone from every list, the row kept for history", async () => {
    const p = await createProduct(handle.db, owner, { name: "Pipoca", price: "8", image: photo("pipoca") });
    await deleteProduct(handle.db, manager, { id: p.id });
    expect((await listProducts(handle.db, owner)).map((x) => x.id)).not.toContain(p.id);
    expect((await listCatalogProductsForPicker(handle.db, owner)).map((x) => x.id)).not.toContain(p.id);
    const row = await storedProduct(p.id);
    expect(row).toMatchObject({ name: "Pipoca", priceCents: 800, image: "/media/pipoca.webp" });
    expect(row?.archivedAt).toBeInstanceOf(Date);
    // Deleting it again finds nothing to delete.
    expect((await refusal(deleteProduct(handle.db, owner, { id: p.id }))).kind).toBe("not_found");
  });

  it("answers not_found for another organization's product and leaves it live", async () => {
    const theirs = await createProduct(handle.db, otherOwner, { name: "Deles 2", price: "1" });
    expect(await refusal(deleteProduct(handle.db, owner, { id: theirs.id }))).toMatchObject({
      kind: "not_found",
      message: T.productNotFound,
    });
    expect((await storedProduct(theirs.id))?.archivedAt).toBeNull();
  });

  it("refuses staff and keeps the product", async () => {
    const p = await createProduct(handle.db, owner, { name: "Fica", price: "1" });
    expect((await refusal(deleteProduct(handle.db, staff, { id: p.id }))).kind).toBe("forbidden");
    expect((await storedProduct(p.id))?.archivedAt).toBeNull();
  });
});

describe("a product's cost", () => {
  /** A property of the owner's organization holding the product, with this average cost. */
  async function heldAt(productId: string, averageCostCents: number | null) {
    const [property] = await handle.db
      .insert(properties)
      .values({
        organizationId: owner.organizationId,
        name: `Casa ${++n}`,
        address: "Rua A, 1",
        hash: `custo-${n}-${Date.now()}`,
      })
      .returning({ id: properties.id });
    if (!property) throw new Error("no property");
    await handle.db.insert(propertyProducts).values({
      organizationId: owner.organizationId,
      propertyId: property.id,
      productId,
      currentQuantity: 3,
      expectedQuantity: 5,
      averageCostCents,
    });
    return property.id;
  }
  async function averageAt(propertyId: string, productId: string) {
    const [row] = await handle.db
      .select({ average: propertyProducts.averageCostCents })
      .from(propertyProducts)
      .where(and(eq(propertyProducts.propertyId, propertyId), eq(propertyProducts.productId, productId)));
    return row?.average;
  }

  it("is read like the price; empty is 'not told', distinct from a free sample's 0", async () => {
    const told = await createProduct(handle.db, owner, { name: "Água", price: "5", cost: "1.234,5" });
    const free = await createProduct(handle.db, owner, { name: "Amostra", price: "0", cost: "0" });
    const untold = await createProduct(handle.db, owner, { name: "Sabonete", price: "8", cost: "" });
    const absent = await createProduct(handle.db, owner, { name: "Chá", price: "4" });
    expect([told, free, untold, absent].map((p) => p.costCents)).toEqual([123450, 0, null, null]);
  });

  it("refuses a sign, an exponent or letters with the price's message and changes nothing", async () => {
    const p = await createProduct(handle.db, owner, { name: "Café", price: "9", cost: "3" });
    const before = (await listProducts(handle.db, owner)).length;
    for (const cost of ["-5", "1e3", "abc"]) {
      const created = await refusal(
        createProduct(handle.db, owner, { name: `Custo ${cost}`, price: "1", cost }),
      );
      expect(created, `cost '${cost}'`).toMatchObject({
        kind: "invalid",
        fieldErrors: { cost: T.costInvalid },
      });
      const updated = await refusal(
        updateProduct(handle.db, owner, { id: p.id, name: "Café", price: "9", cost }),
      );
      expect(updated.fieldErrors, `cost '${cost}'`).toEqual({ cost: T.costInvalid });
    }
    const dear = await refusal(
      createProduct(handle.db, owner, { name: "Caro", price: "1", cost: "100000,01" }),
    );
    expect(dear.fieldErrors).toEqual({ cost: T.costTooHigh });
    expect(await listProducts(handle.db, owner)).toHaveLength(before);
    expect(await storedProduct(p.id)).toMatchObject({ name: "Café", costCents: 300 });
  });

  it("once told, becomes the average cost where there is none yet, never over a known one", async () => {
    const p = await createProduct(handle.db, owner, { name: "Biscoito", price: "6" });
    const unknown = await heldAt(p.id, null);
    const known = await heldAt(p.id, 275);

    await updateProduct(handle.db, owner, { id: p.id, name: "Biscoito", price: "6", cost: "" });
    expect([await averageAt(unknown, p.id), await averageAt(known, p.id)]).toEqual([null, 275]);

    await updateProduct(handle.db, owner, { id: p.id, name: "Biscoito", price: "6", cost: "3,10" });
    expect([await averageAt(unknown, p.id), await averageAt(known, p.id)]).toEqual([310, 275]);

    // A later change leaves both: each now has a known average.
    await updateProduct(handle.db, owner, { id: p.id, name: "Biscoito", price: "6", cost: "4" });
    expect([await averageAt(unknown, p.id), await averageAt(known, p.id)]).toEqual([310, 275]);
    expect(await storedProduct(p.id)).toMatchObject({ costCents: 400 });
  });

  it("is the first average cost when the product is put in a property", async () => {
    const told = await createProduct(handle.db, owner, { name: "Vela", price: "15", cost: "7,25" });
    const untold = await createProduct(handle.db, owner, { name: "Fósforo", price: "2" });
    const propertyId = await heldAt(
      (await createProduct(handle.db, owner, { name: `Outro ${n}`, price: "1" })).id,
      null,
    );
    await addProductsToProperty(handle.db, owner, propertyId, [told.id, untold.id]);
    expect([await averageAt(propertyId, told.id), await averageAt(propertyId, untold.id)]).toEqual([
      725,
      null,
    ]);
  });
});
