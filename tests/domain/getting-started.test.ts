// Issue 25's getting-started checklist, step by step from an empty organization to a paid order, each step
// read from real data and only the organization's own; and 'Adicionar aos imóveis' (one product, several
// properties, the typed quantities, all or nothing). Embedded PGlite with the real migrations.
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createProduct } from "~/domain/catalog/products.server";
import { readGettingStarted } from "~/domain/onboarding/getting-started.server";
import { addProductToProperties } from "~/domain/onboarding/product-to-properties.server";
import { createProperty } from "~/domain/properties/create-property.server";
import { propertyPoster, propertyQrCode } from "~/domain/qr/posters.server";
import { saveStockQuantities } from "~/domain/stock/save-stock-quantities.server";
import type { Actor } from "~/domain/team/permissions";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import { propertyProducts, stockMovements } from "~/platform/db/schema";
import { paidPixSale } from "../support/checkout-fixtures";
import { embeddedCheckout } from "../support/embedded-checkout";
import { refusal } from "../support/refusal";
import { connectSandboxAccount, shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 60_000 });

const { db, h } = embeddedCheckout();

async function newOwner(label: string): Promise<Actor> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const { userId, membership } = await createConfirmedUser(db(), {
    name: label,
    email,
    password: "segredo1",
  });
  return { userId, organizationId: membership.organizationId, role: "owner" };
}

/** The steps that are done, in the checklist's order. */
async function doneSteps(actor: Actor): Promise<string[]> {
  const { steps } = await readGettingStarted(h.ctx, actor);
  return steps.filter((s) => s.done).map((s) => s.step);
}

async function stockRow(propertyId: string, productId: string) {
  const [row] = await db()
    .select({ current: propertyProducts.currentQuantity, expected: propertyProducts.expectedQuantity })
    .from(propertyProducts)
    .where(and(eq(propertyProducts.propertyId, propertyId), eq(propertyProducts.productId, productId)));
  return row ?? null;
}

describe("getting started", () => {
  it("ticks each step from the organization's own data, from nothing to a paid order", async () => {
    // Another organization that has done everything ticks nothing of this one's.
    const other = await shopFixture(db(), [{ name: "Café", priceCents: 800, stock: 5 }]);
    await paidPixSale(h, other, { Café: 1 });
    const owner = await newOwner("primeiros-passos");

    const empty = await readGettingStarted(h.ctx, owner);
    expect(empty.steps.map((s) => s.step)).toEqual([
      "property",
      "products",
      "stock",
      "receiving",
      "poster",
      "purchase",
    ]);
    expect(empty.steps.every((s) => !s.done)).toBe(true);
    expect(empty.done).toBe(false);
    expect(empty.property).toBeNull();

    const property = await createProperty(db(), owner, { name: "Chalé da Serra", address: "Estrada 1" });
    expect(await doneSteps(owner)).toEqual(["property"]);
    expect((await readGettingStarted(h.ctx, owner)).property).toEqual({
      id: property.id,
      name: "Chalé da Serra",
      hash: property.hash,
    });

    const product = await createProduct(db(), owner, { name: "Água", price: "4,50" });
    expect(await doneSteps(owner)).toEqual(["property", "products"]);

    // Put in the property with nothing counted: not yet a real quantity.
    await addProductToProperties(db(), owner, product.id, [
      { propertyId: property.id, current: "0", expected: "6" },
    ]);
    expect(await doneSteps(owner)).toEqual(["property", "products"]);
    await saveStockQuantities(db(), owner, property.id, [
      { productId: product.id, current: "6", expected: "6" },
    ]);
    expect(await doneSteps(owner)).toEqual(["property", "products", "stock"]);

    await connectSandboxAccount(db(), owner.organizationId);
    expect(await doneSteps(owner)).toEqual(["property", "products", "stock", "receiving"]);

    // Another organization's property is refused and records nothing.
    const poster = { format: "pdf", paper: "a4", appUrl: "http://localhost" } as const;
    expect(
      (await refusal(propertyPoster(db(), owner, { ...poster, propertyId: other.propertyId }))).kind,
    ).toBe("not_found");
    expect(await doneSteps(owner)).not.toContain("poster");
    // Downloading the QR code alone, like the poster, is the print step done.
    await propertyQrCode(db(), owner, { propertyId: property.id, format: "svg", appUrl: poster.appUrl });
    expect(await doneSteps(owner)).toEqual(["property", "products", "stock", "receiving", "poster"]);

    const shop = { ...other, propertyId: property.id, hash: property.hash, productIds: { Água: product.id } };
    await paidPixSale(h, shop, { Água: 1 });
    const finished = await readGettingStarted(h.ctx, owner);
    expect(finished.steps.every((s) => s.done)).toBe(true);
    expect(finished.done).toBe(true);
  });

  it("is read by owners and managers, not staff", async () => {
    const owner = await newOwner("equipe");
    const staff: Actor = { ...owner, role: "staff" };
    expect((await refusal(readGettingStarted(h.ctx, staff))).kind).toBe("forbidden");
    expect((await readGettingStarted(h.ctx, { ...owner, role: "manager" })).done).toBe(false);
  });
});

describe("adding a product to properties", () => {
  it("puts it in each property at the quantities typed, empty expected = current, blank rows skipped", async () => {
    const owner = await newOwner("imoveis");
    const a = await createProperty(db(), owner, { name: "Casa A", address: "Rua A" });
    const b = await createProperty(db(), owner, { name: "Casa B", address: "Rua B" });
    const c = await createProperty(db(), owner, { name: "Casa C", address: "Rua C" });
    const product = await createProduct(db(), owner, { name: "Suco", price: "7,00", cost: "3,00" });

    const result = await addProductToProperties(db(), owner, product.id, [
      { propertyId: a.id, current: "8", expected: "10" },
      { propertyId: b.id, current: "3", expected: "" },
      { propertyId: c.id, current: "", expected: "" },
    ]);
    expect(result).toEqual({ properties: 2 });
    expect(await stockRow(a.id, product.id)).toEqual({ current: 8, expected: 10 });
    expect(await stockRow(b.id, product.id)).toEqual({ current: 3, expected: 3 });
    expect(await stockRow(c.id, product.id)).toBeNull();
    // The ledger starts at what the host typed, not at 1.
    const movements = await db()
      .select({ newQuantity: stockMovements.newQuantity, reason: stockMovements.reason })
      .from(stockMovements)
      .where(and(eq(stockMovements.propertyId, a.id), eq(stockMovements.productId, product.id)));
    expect(movements).toEqual([{ newQuantity: 8, reason: "initial" }]);
  });

  it("adds nothing when one row is wrong, and says which field", async () => {
    const owner = await newOwner("tudo-ou-nada");
    const a = await createProperty(db(), owner, { name: "Casa A", address: "Rua A" });
    const b = await createProperty(db(), owner, { name: "Casa B", address: "Rua B" });
    const product = await createProduct(db(), owner, { name: "Vinho", price: "60,00" });

    const negative = await refusal(
      addProductToProperties(db(), owner, product.id, [
        { propertyId: a.id, current: "2", expected: "2" },
        { propertyId: b.id, current: "-1", expected: "" },
      ]),
    );
    expect(negative.kind).toBe("invalid");
    expect(Object.keys(negative.fieldErrors ?? {})).toEqual([`${b.id}.current`]);
    expect(await stockRow(a.id, product.id)).toBeNull();

    // Already in one of them: the other is not added either.
    await addProductToProperties(db(), owner, product.id, [{ propertyId: b.id, current: "1", expected: "" }]);
    const conflict = await refusal(
      addProductToProperties(db(), owner, product.id, [
        { propertyId: a.id, current: "2", expected: "" },
        { propertyId: b.id, current: "5", expected: "" },
      ]),
    );
    expect(conflict.kind).toBe("conflict");
    expect(await stockRow(a.id, product.id)).toBeNull();
    expect(await stockRow(b.id, product.id)).toEqual({ current: 1, expected: 1 });

    const nothing = await refusal(
      addProductToProperties(db(), owner, product.id, [{ propertyId: a.id, current: " ", expected: "" }]),
    );
    expect(nothing).toMatchObject({
      kind: "invalid",
      message: "Informe a quantidade em pelo menos um imóvel.",
    });

    const stranger = await newOwner("outro");
    const theirs = await createProperty(db(), stranger, { name: "Casa X", address: "Rua X" });
    expect(
      (
        await refusal(
          addProductToProperties(db(), owner, product.id, [
            { propertyId: theirs.id, current: "1", expected: "" },
          ]),
        )
      ).kind,
    ).toBe("not_found");
    const staff: Actor = { ...owner, role: "staff" };
    expect(
      (
        await refusal(
          addProductToProperties(db(), staff, product.id, [{ propertyId: a.id, current: "1", expected: "" }]),
        )
      ).kind,
    ).toBe("forbidden");
  });
});
