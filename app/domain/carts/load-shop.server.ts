import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { GuestCart } from "~/lib/guest-cart";
import { type CatalogueNames, guestName } from "~/lib/guest-name";
import { DEFAULT_LOCALE, type GuestLocale } from "~/lib/i18n/locale";
import { sortByName } from "~/lib/sort-by-name";
import type { Db } from "~/platform/db/database-handle.server";
import { literalLimit, prepared } from "~/platform/db/prepared";
import {
  cartItems,
  carts,
  productCategories,
  products,
  properties,
  propertyProducts,
} from "~/platform/db/schema";
import { ttlCache } from "~/platform/ttl-cache";
import { guestContactOf } from "../team/guest-contact.server";
import type { HostContact } from "../team/organization-contact";
import { CART_REUSE_DAYS, isDeviceId } from "./cart-policy";
import { buyableStock } from "./guest-stock.server";

export type ShopProduct = {
  id: string;
  /** The name in the guest's language (pt-BR when the host wrote none). */
  name: string;
  /** The pt-BR name, when the guest reads another: search matches it too. */
  ptName?: string;
  priceCents: number;
  imageThumb: string | null;
  category: { name: string; ptName?: string; color: string } | null;
  /** Units in the property; null = not counted (no limit). */
  stock: number | null;
  soldOut: boolean;
  /** 18+ (alcohol, tobacco): the shop shows the notice, checkout asks the buyer to confirm. */
  adultsOnly: boolean;
};

export type Shop = {
  /** Never the full address: only what the host chose to tell guests (publicLocation, null = nothing). */
  property: {
    id: string;
    name: string;
    publicLocation: string | null;
    hash: string;
    imageThumb: string | null;
  };
  /** How guests reach the host; null when none is set. */
  contact: HostContact | null;
  products: ShopProduct[];
  /** The device's reusable pending cart in this shop, if any: what the page shows of it. */
  cart: GuestCart | null;
};

/** A product as cached: every name, for whichever language asks. */
type CatalogProduct = Omit<ShopProduct, "name" | "ptName" | "category"> &
  CatalogueNames & { category: (CatalogueNames & { color: string }) | null };

type Catalog = Omit<Shop, "cart" | "products"> & { products: CatalogProduct[] };

/**
 * The property and its products change rarely and are read on every guest visit: each instance keeps
 * them for 2 seconds. Stock shown may lag by that much; adding to the cart always checks the database.
 */
export const SHOP_CACHE_MS = 2000;
const catalogs = ttlCache<Catalog | null>(SHOP_CACHE_MS);

/**
 * The device's reusable cart in the shop at `hash` (null: none, not a device id, or no such shop): for
 * the shop's template, which holds the rest of the page (server/guest-templates/shop-page.ts).
 */
export async function loadShopCart(
  db: Db,
  hash: string,
  deviceId: unknown,
  now = new Date(),
): Promise<GuestCart | null> {
  if (!isDeviceId(deviceId)) return null;
  const catalog = await catalogs.get(hash, () => loadCatalog(db, hash));
  return catalog ? reusableCart(db, deviceId, catalog.property.id, now) : null;
}

/** Forgets cached shops (tests, and a process that just changed a catalogue). */
export function forgetCachedShops() {
  catalogs.clear();
}

/**
 * Everything the guest shop shows, in one server call: no request waterfall after the page loads.
 * Product and category names in `locale` when the host wrote them, pt-BR otherwise.
 */
export async function loadShop(
  db: Db,
  hash: string,
  deviceId: unknown,
  locale: GuestLocale = DEFAULT_LOCALE,
  now = new Date(),
): Promise<Shop | null> {
  const catalog = await catalogs.get(hash, () => loadCatalog(db, hash));
  if (!catalog) return null;
  const cart = isDeviceId(deviceId) ? await reusableCart(db, deviceId, catalog.property.id, now) : null;
  return { ...catalog, products: productsIn(locale, catalog.products), cart };
}

function productsIn(locale: GuestLocale, products: CatalogProduct[]): ShopProduct[] {
  const shown = products.map(({ name, nameEn, nameEs, category, ...p }): ShopProduct => {
    const local = guestName(locale, { name, nameEn, nameEs });
    const categoryName = category ? guestName(locale, category) : "";
    return {
      ...p,
      name: local,
      ...(local === name ? {} : { ptName: name }),
      category: category
        ? {
            name: categoryName,
            ...(categoryName === category.name ? {} : { ptName: category.name }),
            color: category.color,
          }
        : null,
    };
  });
  // The catalogue is in pt-BR order; names in another language may sort elsewhere.
  return locale === DEFAULT_LOCALE ? shown : sortByName(shown);
}

/** The device's most recent pending cart here younger than the reuse window, with its lines: one query. */
async function reusableCart(
  db: Db,
  deviceId: string,
  propertyId: string,
  now: Date,
): Promise<GuestCart | null> {
  const rows = await prepared(db, "reusable_cart", () => {
    const latest = db
      .select({ id: carts.id })
      .from(carts)
      .where(
        and(
          eq(carts.deviceId, sql.placeholder("deviceId")),
          eq(carts.propertyId, sql.placeholder("propertyId")),
          eq(carts.status, "pending"),
          gt(carts.createdAt, sql.placeholder("since")),
          isNull(carts.stayId),
        ),
      )
      .orderBy(desc(carts.createdAt))
      .limit(literalLimit(1));
    // Read on every page of a guest with a cart: built once.
    return db
      .select({
        id: carts.id,
        totalCents: carts.totalCents,
        productId: cartItems.productId,
        quantity: cartItems.quantity,
        unitPriceCents: cartItems.unitPriceCents,
      })
      .from(carts)
      .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
      .where(inArray(carts.id, latest))
      .orderBy(asc(cartItems.createdAt));
  }).execute({ deviceId, propertyId, since: new Date(now.getTime() - CART_REUSE_DAYS * 86_400_000) });
  const [head] = rows;
  if (!head) return null;
  return {
    id: head.id,
    totalCents: head.totalCents,
    lines: rows.flatMap(({ productId, quantity, unitPriceCents }) =>
      productId !== null && quantity !== null && unitPriceCents !== null
        ? [{ productId, quantity, unitPriceCents }]
        : [],
    ),
  };
}

async function loadCatalog(db: Db, hash: string): Promise<Catalog | null> {
  const [found] = await db
    .select({
      id: properties.id,
      name: properties.name,
      publicLocation: properties.publicLocation,
      hash: properties.hash,
      imageThumb: properties.imageThumb,
      organizationId: properties.organizationId,
    })
    .from(properties)
    .where(and(eq(properties.hash, hash), isNull(properties.archivedAt)));
  if (!found) return null;
  const { organizationId, ...property } = found;

  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      nameEn: products.nameEn,
      nameEs: products.nameEs,
      priceCents: products.priceCents,
      imageThumb: products.imageThumb,
      categoryName: productCategories.name,
      categoryNameEn: productCategories.nameEn,
      categoryNameEs: productCategories.nameEs,
      categoryColor: productCategories.color,
      stock: buyableStock,
      adultsOnly: products.adultsOnly,
    })
    .from(propertyProducts)
    .innerJoin(products, eq(products.id, propertyProducts.productId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(eq(propertyProducts.propertyId, property.id), isNull(products.archivedAt)));
  sortByName(rows);

  return {
    property,
    contact: await guestContactOf(db, organizationId),
    products: rows.map(({ categoryName, categoryNameEn, categoryNameEs, categoryColor, ...p }) => ({
      ...p,
      category: categoryName
        ? {
            name: categoryName,
            nameEn: categoryNameEn,
            nameEs: categoryNameEs,
            color: categoryColor ?? "#8E9196",
          }
        : null,
      soldOut: p.stock !== null && p.stock <= 0,
    })),
  };
}
