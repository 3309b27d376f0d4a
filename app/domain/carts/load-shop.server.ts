import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { sortByName } from "~/lib/sort-by-name";
import type { Db } from "~/platform/db/database-handle.server";
import { carts, productCategories, products, properties, propertyProducts } from "~/platform/db/schema";
import { ttlCache } from "~/platform/ttl-cache";
import { CART_REUSE_DAYS, isDeviceId } from "./cart-policy";
import { type CartSummary, readCartSummary } from "./cart-summary.server";

export type ShopProduct = {
  id: string;
  name: string;
  priceCents: number;
  imageThumb: string | null;
  category: { name: string; color: string } | null;
  /** Units in the property; null = not counted (no limit). */
  stock: number | null;
  soldOut: boolean;
};

export type Shop = {
  property: { id: string; name: string; address: string; hash: string; imageThumb: string | null };
  products: ShopProduct[];
  /** The device's reusable pending cart in this shop, if any. */
  cart: CartSummary | null;
};

type Catalog = Omit<Shop, "cart">;

/**
 * The property and its products change rarely and are read on every guest visit: each instance keeps
 * them for 2 seconds. Stock shown may lag by that much; adding to the cart always checks the database.
 */
export const SHOP_CACHE_MS = 2000;
const catalogs = ttlCache<Catalog | null>(SHOP_CACHE_MS);

/** Forgets cached shops (tests, and a process that just changed a catalogue). */
export function forgetCachedShops() {
  catalogs.clear();
}

/** Everything the guest shop shows, in one server call: no request waterfall after the page loads. */
export async function loadShop(
  db: Db,
  hash: string,
  deviceId: unknown,
  now = new Date(),
): Promise<Shop | null> {
  const catalog = await catalogs.get(hash, () => loadCatalog(db, hash));
  if (!catalog) return null;
  let cart: CartSummary | null = null;
  if (isDeviceId(deviceId)) {
    const [found] = await db
      .select({ id: carts.id })
      .from(carts)
      .where(
        and(
          eq(carts.deviceId, deviceId),
          eq(carts.propertyId, catalog.property.id),
          eq(carts.status, "pending"),
          gt(carts.createdAt, new Date(now.getTime() - CART_REUSE_DAYS * 86_400_000)),
        ),
      )
      .orderBy(desc(carts.createdAt))
      .limit(1);
    if (found) cart = await readCartSummary(db, found.id);
  }
  return { ...catalog, cart };
}

async function loadCatalog(db: Db, hash: string): Promise<Catalog | null> {
  const [property] = await db
    .select({
      id: properties.id,
      name: properties.name,
      address: properties.address,
      hash: properties.hash,
      imageThumb: properties.imageThumb,
    })
    .from(properties)
    .where(and(eq(properties.hash, hash), isNull(properties.archivedAt)));
  if (!property) return null;

  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      imageThumb: products.imageThumb,
      categoryName: productCategories.name,
      categoryColor: productCategories.color,
      stock: propertyProducts.currentQuantity,
    })
    .from(propertyProducts)
    .innerJoin(products, eq(products.id, propertyProducts.productId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(eq(propertyProducts.propertyId, property.id), isNull(products.archivedAt)));
  sortByName(rows);

  return {
    property,
    products: rows.map(({ categoryName, categoryColor, ...p }) => ({
      ...p,
      category: categoryName ? { name: categoryName, color: categoryColor ?? "#8E9196" } : null,
      soldOut: p.stock !== null && p.stock <= 0,
    })),
  };
}
