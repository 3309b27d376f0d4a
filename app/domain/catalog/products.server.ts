import { and, desc, eq, isNull } from "drizzle-orm";
import { sortByName } from "~/lib/sort-by-name";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { productCategories, products } from "~/platform/db/schema";
import { AppError } from "../errors";
import type { ImageValue } from "../images/image-input.server";
import { parseInput } from "../parse-input";
import { adoptProductCost } from "../stock/average-cost.server";
import { recordActivity } from "../team/activity.server";
import { type Actor, assertCan } from "../team/permissions";
import { CATALOG_TEXT as T } from "./catalog-text";
import { productSchema } from "./schemas.server";

export type Product = {
  id: string;
  name: string;
  /** The names English and Spanish guests read; null = the pt-BR name. */
  nameEn: string | null;
  nameEs: string | null;
  priceCents: number;
  /** What the host pays per unit; null = not told ('sem custo'), never read as zero. */
  costCents: number | null;
  image: string | null;
  imageThumb: string | null;
  categoryId: string | null;
  categoryName: string | null;
  categoryColor: string | null;
  /** 18+ (alcohol, tobacco): the buyer confirms being an adult at checkout. */
  adultsOnly: boolean;
  /** 'Disponível sob encomenda': not kept in the units, ordered before arrival (ADR 0060). */
  madeToOrder: boolean;
  createdAt: Date;
};

export type ProductInput = {
  name: string;
  /** Optional names for English and Spanish guests; empty or absent = none. */
  nameEn?: string;
  nameEs?: string;
  /** The typed price text ('12,50'); the pt-BR typing rule turns it into cents. Empty = 0. */
  price?: string;
  /** The typed unit cost text, read like the price. Empty or absent = not known. */
  cost?: string;
  /** null or '' = no category ('Nenhuma'). */
  categoryId?: string | null;
  /** 18+ product; absent = not (the form's unticked checkbox). */
  adultsOnly?: boolean | string;
  /** 'Disponível sob encomenda'; absent = not. */
  madeToOrder?: boolean | string;
  /** undefined = unchanged (no image on create), null = remove, a value = the new photo. */
  image?: ImageValue | null;
};

/** Products of the picker (the stock screen): the least a row needs. */
export type PickerProduct = { id: string; name: string; priceCents: number; imageThumb: string | null };

const notFound = () => new AppError("not_found", T.productNotFound);

const columns = {
  id: products.id,
  name: products.name,
  nameEn: products.nameEn,
  nameEs: products.nameEs,
  priceCents: products.priceCents,
  costCents: products.costCents,
  image: products.image,
  imageThumb: products.imageThumb,
  categoryId: products.categoryId,
  categoryName: productCategories.name,
  categoryColor: productCategories.color,
  adultsOnly: products.adultsOnly,
  madeToOrder: products.madeToOrder,
  createdAt: products.createdAt,
};

// Archived products are deleted as far as anyone looking at the catalogue is concerned.
const live = (actor: Actor) =>
  and(eq(products.organizationId, actor.organizationId), isNull(products.archivedAt));

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The ids of an organization's products that are not archived, as a subquery (`inArray(column, …)`). */
export function liveProductIds(db: Db | Tx, organizationId: string) {
  return db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organizationId, organizationId), isNull(products.archivedAt)));
}

function selectProducts(db: Db | Tx) {
  // The category must be the same organization's too; a product never points elsewhere, but the join says so.
  return db
    .select(columns)
    .from(products)
    .leftJoin(
      productCategories,
      and(
        eq(productCategories.id, products.categoryId),
        eq(productCategories.organizationId, products.organizationId),
      ),
    );
}

/** The catalogue, newest first, with each product's category name and colour. */
export async function listProducts(db: Db, actor: Actor): Promise<Product[]> {
  assertCan(actor, "catalog.read");
  return selectProducts(db).where(live(actor)).orderBy(desc(products.createdAt), desc(products.id));
}

export async function getProduct(db: Db, actor: Actor, { id }: { id: string }): Promise<Product> {
  assertCan(actor, "catalog.read");
  if (!isUuid(id)) throw notFound();
  const [row] = await selectProducts(db).where(and(live(actor), eq(products.id, id)));
  if (!row) throw notFound();
  return row;
}

/** For the stock screen's product picker: live products by name. */
export async function listCatalogProductsForPicker(db: Db, actor: Actor): Promise<PickerProduct[]> {
  assertCan(actor, "catalog.read");
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      imageThumb: products.imageThumb,
    })
    .from(products)
    .where(live(actor));
  return sortByName(rows);
}

/** Another organization's category (or an unknown one) is "not found", like any foreign id. */
async function assertOwnCategory(tx: Tx, actor: Actor, categoryId: string | null): Promise<void> {
  if (categoryId === null) return;
  const notOurs = () => new AppError("not_found", T.categoryNotFound, { categoryId: T.categoryNotFound });
  if (!isUuid(categoryId)) throw notOurs();
  const [row] = await tx
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(
      and(eq(productCategories.id, categoryId), eq(productCategories.organizationId, actor.organizationId)),
    )
    // Keeps a concurrent deleteCategory from slipping between this check and the write.
    .for("share");
  if (!row) throw notOurs();
}

export async function createProduct(db: Db, actor: Actor, input: ProductInput): Promise<Product> {
  assertCan(actor, "catalog.manage");
  const { name, nameEn, nameEs, price, cost, categoryId, adultsOnly, madeToOrder } = parseInput(
    productSchema,
    input,
  );
  return db.transaction(async (tx) => {
    await assertOwnCategory(tx, actor, categoryId);
    const [row] = await tx
      .insert(products)
      .values({
        organizationId: actor.organizationId,
        name,
        nameEn,
        nameEs,
        priceCents: price,
        costCents: cost,
        categoryId,
        adultsOnly,
        madeToOrder,
        image: input.image?.image ?? null,
        imageThumb: input.image?.imageThumb ?? null,
      })
      .returning({ id: products.id });
    if (!row) throw new Error("product insert returned nothing");
    const [created] = await selectProducts(tx).where(eq(products.id, row.id));
    if (!created) throw new Error("created product not readable");
    return created;
  });
}

/**
 * Changes a live product. Like the form it serves, it replaces the names, price, cost, category and the 18+ mark
 * (an absent price is 0, an absent cost is unknown, an absent category is none, an absent mark is not 18+);
 * the photo changes only when `image` is given. A known cost becomes the average cost of the properties
 * that have none yet; a known average is never overwritten. Returns the photo it replaced or removed, so the caller can delete the stored files
 * once the change is committed (null when the photo stayed).
 */
export async function updateProduct(
  db: Db,
  actor: Actor,
  input: ProductInput & { id: string },
): Promise<{ product: Product; replacedImage: ImageValue | null }> {
  assertCan(actor, "catalog.manage");
  if (!isUuid(input.id)) throw notFound();
  const { name, nameEn, nameEs, price, cost, categoryId, adultsOnly, madeToOrder } = parseInput(
    productSchema,
    input,
  );
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ image: products.image, imageThumb: products.imageThumb, priceCents: products.priceCents })
      .from(products)
      .where(and(live(actor), eq(products.id, input.id)))
      .for("update");
    if (!current) throw notFound();
    // Who changed a price, and when, is the owner's to look back on (/team/atividade).
    if (current.priceCents !== price) {
      await recordActivity(tx, actor, "product.price_changed", name, {
        fromCents: current.priceCents,
        toCents: price,
      });
    }
    await assertOwnCategory(tx, actor, categoryId);
    const imageChanges = input.image !== undefined;
    await tx
      .update(products)
      .set({
        name,
        nameEn,
        nameEs,
        priceCents: price,
        costCents: cost,
        categoryId,
        adultsOnly,
        madeToOrder,
        updatedAt: new Date(),
        ...(imageChanges
          ? { image: input.image?.image ?? null, imageThumb: input.image?.imageThumb ?? null }
          : {}),
      })
      .where(eq(products.id, input.id));
    if (cost !== null) await adoptProductCost(tx, actor.organizationId, input.id, cost);
    const [product] = await selectProducts(tx).where(eq(products.id, input.id));
    if (!product) throw new Error("updated product not readable");
    const replacedImage =
      imageChanges && current.image !== null && current.image !== input.image?.image
        ? { image: current.image, imageThumb: current.imageThumb ?? current.image }
        : null;
    return { product, replacedImage };
  });
}

/**
 * Archives the product: it leaves every list, and the row stays for the history of carts, orders and
 * stock movements that point at it. Its photo stays too, for that history.
 */
export async function deleteProduct(db: Db, actor: Actor, { id }: { id: string }): Promise<void> {
  assertCan(actor, "catalog.manage");
  if (!isUuid(id)) throw notFound();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ archivedAt: new Date(), updatedAt: new Date() })
      .where(and(live(actor), eq(products.id, id)))
      .returning({ id: products.id });
    if (!row) throw notFound();
  });
}
