import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_TEXT as T } from "~/domain/catalog/catalog-text";
import {
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from "~/domain/catalog/categories.server";
import { isCategoryColor, normalizeCategoryColor, swatchColor } from "~/domain/catalog/category-color";
import { createProduct, getProduct } from "~/domain/catalog/products.server";
import type { Actor } from "~/domain/team/permissions";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { member, productCategories } from "~/platform/db/schema";
import { afterInstant } from "../support/database-clock";
import { refusal } from "../support/refusal";

let handle: DatabaseHandle;
let owner: Actor; // organization A
let manager: Actor; // organization A
let staff: Actor; // organization A
let otherOwner: Actor; // organization B
let n = 0;

/** A confirmed user with their own organization, as its owner. */
async function host(name: string): Promise<Actor> {
  const { userId, membership } = await createConfirmedUser(handle.db, {
    name,
    email: `categorias-${++n}@example.com`,
    password: "segredo1",
  });
  return { userId, organizationId: membership.organizationId, role: "owner" };
}

/** Someone who joins `organizationId` with `role` (they also own an organization of their own). */
async function teammate(organizationId: string, role: "manager" | "staff"): Promise<Actor> {
  const { userId } = await host(`Equipe ${role}`);
  await handle.db.insert(member).values({ organizationId, userId, role });
  return { userId, organizationId, role };
}

async function storedCategory(id: string) {
  const [row] = await handle.db.select().from(productCategories).where(eq(productCategories.id, id));
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

describe("category colours", () => {
  it("takes #RRGGBB and the #RGB shorthand, stored as capital #RRGGBB", () => {
    expect(isCategoryColor("#8e9196")).toBe(true);
    expect(isCategoryColor("#abc")).toBe(true);
    expect(isCategoryColor("8E9196")).toBe(false);
    expect(isCategoryColor("#12345")).toBe(false);
    expect(isCategoryColor("#GGGGGG")).toBe(false);
    expect(normalizeCategoryColor("#abc")).toBe("#AABBCC");
    expect(normalizeCategoryColor(" #1a2b3c ")).toBe("#1A2B3C");
  });

  it("previews a text that is not a colour with the default swatch", () => {
    expect(swatchColor("#ff0000")).toBe("#FF0000");
    expect(swatchColor("#ff00")).toBe("#8E9196");
    expect(swatchColor("")).toBe("#8E9196");
  });
});

describe("createCategory", () => {
  it("creates a category in the actor's organization, colour normalized, default colour when none is given", async () => {
    const drinks = await createCategory(handle.db, owner, { name: "  Bebidas  ", color: "#0a7" });
    expect(drinks).toMatchObject({ name: "Bebidas", color: "#00AA77" });
    expect(await storedCategory(drinks.id)).toMatchObject({ organizationId: owner.organizationId });

    const plain = await createCategory(handle.db, manager, { name: "Sem cor" });
    expect(plain.color).toBe("#8E9196");
  });

  it("refuses a missing name and a bad colour with the form's messages, and creates nothing", async () => {
    const before = (await listCategories(handle.db, owner, "newest")).length;
    const blank = await refusal(createCategory(handle.db, owner, { name: "   ", color: "#FFFFFF" }));
    expect(blank).toMatchObject({ kind: "invalid", message: T.categoryNameRequired });
    expect(blank.fieldErrors).toEqual({ name: T.categoryNameRequired });

    const noColor = await refusal(createCategory(handle.db, owner, { name: "Lanches", color: "" }));
    expect(noColor.fieldErrors).toEqual({ color: "Informe a cor da categoria." });
    const long = await refusal(createCategory(handle.db, owner, { name: "Lanches", color: "#FFFFFF0" }));
    expect(long.fieldErrors).toEqual({ color: "A cor deve ter no máximo 7 caracteres." });
    const notHex = await refusal(createCategory(handle.db, owner, { name: "Lanches", color: "azul" }));
    expect(notHex.fieldErrors).toEqual({ color: T.colorInvalid });

    expect(await listCategories(handle.db, owner, "newest")).toHaveLength(before);
  });

  it("refuses staff, who may only read the catalogue", async () => {
    const err = await refusal(createCategory(handle.db, staff, { name: "Da equipe", color: "#000000" }));
    expect(err).toMatchObject({
      kind: "forbidden",
      message: expect.stringContaining("Você não tem permissão"),
    });
    const names = (await listCategories(handle.db, owner, "newest")).map((c) => c.name);
    expect(names).not.toContain("Da equipe");
  });
});

describe("listCategories", () => {
  it("lists only the actor's organization, newest first or by name in pt-BR order, and staff may read it", async () => {
    const a = await host("Ordem A");
    const b = await host("Ordem B");
    for (const name of ["Bebidas", "Água", "Lanches"]) {
      const made = await createCategory(handle.db, a, { name });
      await afterInstant(handle.db, made.createdAt);
    }
    await createCategory(handle.db, b, { name: "Da outra organização" });

    expect((await listCategories(handle.db, a, "newest")).map((c) => c.name)).toEqual([
      "Lanches",
      "Água",
      "Bebidas",
    ]);
    expect((await listCategories(handle.db, a, "name")).map((c) => c.name)).toEqual([
      "Água",
      "Bebidas",
      "Lanches",
    ]);
    const aStaff = await teammate(a.organizationId, "staff");
    expect(await listCategories(handle.db, aStaff, "name")).toHaveLength(3);
  });
});

describe("updateCategory", () => {
  it("changes the name and colour", async () => {
    const cat = await createCategory(handle.db, owner, { name: "Doces", color: "#111111" });
    const updated = await updateCategory(handle.db, manager, {
      id: cat.id,
      name: "Chocolates",
      color: "#fff",
    });
    expect(updated).toMatchObject({ id: cat.id, name: "Chocolates", color: "#FFFFFF" });
    expect(await storedCategory(cat.id)).toMatchObject({ name: "Chocolates", color: "#FFFFFF" });
  });

  it("validates like create and leaves the category as it was", async () => {
    const cat = await createCategory(handle.db, owner, { name: "Frios", color: "#222222" });
    const err = await refusal(updateCategory(handle.db, owner, { id: cat.id, name: "", color: "#333333" }));
    expect(err.fieldErrors).toEqual({ name: T.categoryNameRequired });
    expect(await storedCategory(cat.id)).toMatchObject({ name: "Frios", color: "#222222" });
  });

  it("answers not_found for another organization's category (and for unknown ids) without changing it", async () => {
    const theirs = await createCategory(handle.db, otherOwner, { name: "Deles", color: "#444444" });
    const err = await refusal(
      updateCategory(handle.db, owner, { id: theirs.id, name: "Tomada", color: "#000000" }),
    );
    expect(err).toMatchObject({ kind: "not_found", message: T.categoryNotFound });
    expect(await storedCategory(theirs.id)).toMatchObject({ name: "Deles", color: "#444444" });

    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect(
        await refusal(updateCategory(handle.db, owner, { id, name: "X", color: "#000000" })),
      ).toMatchObject({
        kind: "not_found",
      });
    }
  });

  it("refuses staff", async () => {
    const cat = await createCategory(handle.db, owner, { name: "Higiene", color: "#555555" });
    const err = await refusal(
      updateCategory(handle.db, staff, { id: cat.id, name: "Mudada", color: "#555555" }),
    );
    expect(err.kind).toBe("forbidden");
    expect(await storedCategory(cat.id)).toMatchObject({ name: "Higiene" });
  });
});

describe("deleteCategory", () => {
  it("erases the category; its products stay, without a category", async () => {
    const cat = await createCategory(handle.db, owner, { name: "Vinhos", color: "#7B1E3A" });
    const wine = await createProduct(handle.db, owner, { name: "Tinto", price: "80,00", categoryId: cat.id });
    expect(wine).toMatchObject({ categoryName: "Vinhos", categoryColor: "#7B1E3A" });

    await deleteCategory(handle.db, owner, { id: cat.id });
    expect(await storedCategory(cat.id)).toBeUndefined();
    expect(await getProduct(handle.db, owner, { id: wine.id })).toMatchObject({
      name: "Tinto",
      categoryId: null,
      categoryName: null,
    });
  });

  it("answers not_found for another organization's category and leaves it; a second delete is not_found too", async () => {
    const theirs = await createCategory(handle.db, otherOwner, { name: "Deles 2" });
    expect(await refusal(deleteCategory(handle.db, owner, { id: theirs.id }))).toMatchObject({
      kind: "not_found",
      message: T.categoryNotFound,
    });
    expect(await storedCategory(theirs.id)).toBeDefined();

    const mine = await createCategory(handle.db, owner, { name: "Temporária" });
    await deleteCategory(handle.db, manager, { id: mine.id });
    expect((await refusal(deleteCategory(handle.db, owner, { id: mine.id }))).kind).toBe("not_found");
  });

  it("refuses staff and keeps the category", async () => {
    const cat = await createCategory(handle.db, owner, { name: "Fica" });
    expect((await refusal(deleteCategory(handle.db, staff, { id: cat.id }))).kind).toBe("forbidden");
    expect(await storedCategory(cat.id)).toBeDefined();
  });
});
