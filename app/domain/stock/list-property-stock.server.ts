import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { products, propertyProducts } from "~/platform/db/schema";
import { listCatalogProductsForPicker, type PickerProduct } from "../catalog/products.server";
import { requireOwnProperty } from "../properties/read-properties.server";
import { type Actor, assertCan } from "../team/permissions";

export type StockRow = {
  productId: string;
  name: string;
  priceCents: number;
  imageThumb: string | null;
  /** null = not counted (no limit for guests). */
  current: number | null;
  /** null = no restocking target. */
  expected: number | null;
};

export type AddableProduct = PickerProduct;

// pt-BR name order ('Água' before 'Bebidas', 'Item 2' before 'Item 10'), decided here because the
// database's collation may be plain C (PGlite).
const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/** The products a property holds, by name, with their quantities; archived products are left out. */
export async function listPropertyStock(db: Db, actor: Actor, propertyId: string): Promise<StockRow[]> {
  assertCan(actor, "catalog.read");
  await requireOwnProperty(db, actor, propertyId);
  const rows = await db
    .select({
      productId: products.id,
      name: products.name,
      priceCents: products.priceCents,
      imageThumb: products.imageThumb,
      current: propertyProducts.currentQuantity,
      expected: propertyProducts.expectedQuantity,
    })
    .from(propertyProducts)
    .innerJoin(products, eq(products.id, propertyProducts.productId))
    .where(
      and(
        eq(propertyProducts.organizationId, actor.organizationId),
        eq(propertyProducts.propertyId, propertyId),
        eq(products.organizationId, actor.organizationId),
        isNull(products.archivedAt),
      ),
    );
  return rows.sort((a, b) => collator.compare(a.name, b.name) || a.productId.localeCompare(b.productId));
}

/** Products of the organization's catalogue that the property does not hold yet, by name. */
export async function listAddableProducts(
  db: Db,
  actor: Actor,
  propertyId: string,
): Promise<AddableProduct[]> {
  assertCan(actor, "catalog.read");
  await requireOwnProperty(db, actor, propertyId);
  const [catalogue, held] = await Promise.all([
    listCatalogProductsForPicker(db, actor),
    db
      .select({ productId: propertyProducts.productId })
      .from(propertyProducts)
      .where(
        and(
          eq(propertyProducts.organizationId, actor.organizationId),
          eq(propertyProducts.propertyId, propertyId),
        ),
      ),
  ]);
  const inProperty = new Set(held.map((r) => r.productId));
  return catalogue.filter((p) => !inProperty.has(p.id));
}
