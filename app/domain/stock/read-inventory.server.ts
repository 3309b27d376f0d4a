import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { sortByName } from "~/lib/sort-by-name";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { asJson, columnAs, type Part, type Queryable, readParts } from "~/platform/db/prepared";
import { productCategories, products, properties, propertyProducts } from "~/platform/db/schema";
import { categoryNamesPart } from "../catalog/categories.server";
import { livePropertiesPart } from "../properties/read-properties.server";
import { type Actor, assertCan } from "../team/permissions";
import { alertLevel } from "./stock-alerts.server";

/** The filters of /inventory, as they stand in its URL. */
export type InventoryFilter = {
  propertyId: string | null;
  categoryId: string | null;
  /** 'só o que falta': only counted products below their expected quantity. */
  onlyMissing: boolean;
};

export type InventoryRow = {
  propertyId: string;
  propertyName: string;
  productId: string;
  productName: string;
  imageThumb: string | null;
  categoryName: string | null;
  categoryColor: string | null;
  /** null = not counted ('Sem limite'). */
  current: number | null;
  /** null = no restocking target. */
  expected: number | null;
  /** Units held by orders waiting for payment. */
  reserved: number;
  /** The host's own alert level; null = the default (a quarter of the expected). */
  alertQuantity: number | null;
  /** The level in force: the host's own or the default; null when nothing is expected and none was set. */
  alertLevel: number | null;
  /** Counted and below the expected quantity. */
  missing: boolean;
  /** Counted and at or below the alert level. */
  low: boolean;
};

/** Reads the filters from a URL's query; anything unknown is ignored (shown as 'all'). */
export function inventoryFilter(query: URLSearchParams): InventoryFilter {
  const propertyId = query.get("imovel");
  const categoryId = query.get("categoria");
  return {
    propertyId: isUuid(propertyId) ? propertyId : null,
    categoryId: isUuid(categoryId) ? categoryId : null,
    onlyMissing: query.get("falta") === "1",
  };
}

// pt-BR name order, decided here because the database's collation may be plain C (PGlite).
const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/**
 * Every product held by every property of the organization, with its quantities and alert level, by
 * property then product name, and the properties and categories to filter by (by name): one round trip
 * (ADR 0048). Archived properties and products are left out.
 */
export async function readInventoryPage(
  db: Db,
  actor: Actor,
  filter: InventoryFilter,
): Promise<{ rows: InventoryRow[]; properties: Named[]; categories: Named[] }> {
  assertCan(actor, "catalog.read");
  const read = await readParts(db, "inventory_page", actor.organizationId, {
    rows: stockPart(filter),
    properties: livePropertiesPart(),
    categories: categoryNamesPart(),
  });
  return {
    rows: read.rows,
    properties: sortByName(read.properties),
    categories: sortByName(read.categories),
  };
}

type Named = { id: string; name: string };
type StockRow = Omit<InventoryRow, "missing" | "low">;

/** The stock rows of the filter, as a part of the page's read: one statement per filter's form. */
function stockPart(filter: InventoryFilter): Part<{ rows: StockRow[] }, InventoryRow[]> {
  return {
    columns: (db) => ({ rows: asJson<StockRow>(inventoryRows(db, filter)) }),
    // A join of four tables that PostgreSQL took longer to plan than to run, on every visit.
    variant: {
      property: filter.propertyId !== null,
      category: filter.categoryId !== null,
      missing: filter.onlyMissing,
    },
    values: { propertyId: filter.propertyId, categoryId: filter.categoryId },
    result: (row) => inventoryOf(row?.rows ?? []),
  };
}

function inventoryOf(rows: StockRow[]): InventoryRow[] {
  return rows
    .map((r) => ({
      ...r,
      missing: r.current !== null && r.expected !== null && r.current < r.expected,
      low: r.current !== null && r.alertLevel !== null && r.current <= r.alertLevel,
    }))
    .sort(
      (a, b) =>
        collator.compare(a.propertyName, b.propertyName) ||
        a.propertyId.localeCompare(b.propertyId) ||
        collator.compare(a.productName, b.productName) ||
        a.productId.localeCompare(b.productId),
    );
}

/** The inventory's read for the filters given, its columns named as `StockRow`'s keys (so is its JSON). */
function inventoryRows(db: Queryable, filter: InventoryFilter) {
  const where: SQL[] = [
    eq(propertyProducts.organizationId, sql.placeholder("organizationId")),
    isNull(properties.archivedAt),
    isNull(products.archivedAt),
  ];
  if (filter.propertyId) where.push(eq(propertyProducts.propertyId, sql.placeholder("propertyId")));
  if (filter.categoryId) where.push(eq(products.categoryId, sql.placeholder("categoryId")));
  if (filter.onlyMissing) {
    where.push(sql`${propertyProducts.currentQuantity} < ${propertyProducts.expectedQuantity}`);
  }
  return db
    .select({
      propertyId: columnAs(propertyProducts.propertyId, "propertyId"),
      propertyName: columnAs(properties.name, "propertyName"),
      productId: columnAs(propertyProducts.productId, "productId"),
      productName: columnAs(products.name, "productName"),
      imageThumb: columnAs(products.imageThumb, "imageThumb"),
      categoryName: columnAs(productCategories.name, "categoryName"),
      categoryColor: columnAs(productCategories.color, "categoryColor"),
      current: columnAs(propertyProducts.currentQuantity, "current"),
      expected: columnAs(propertyProducts.expectedQuantity, "expected"),
      reserved: columnAs(propertyProducts.reservedQuantity, "reserved"),
      alertQuantity: columnAs(propertyProducts.alertQuantity, "alertQuantity"),
      alertLevel: alertLevel.as("alertLevel"),
    })
    .from(propertyProducts)
    .innerJoin(
      properties,
      and(
        eq(properties.id, propertyProducts.propertyId),
        eq(properties.organizationId, propertyProducts.organizationId),
      ),
    )
    .innerJoin(
      products,
      and(
        eq(products.id, propertyProducts.productId),
        eq(products.organizationId, propertyProducts.organizationId),
      ),
    )
    .leftJoin(
      productCategories,
      and(
        eq(productCategories.id, products.categoryId),
        eq(productCategories.organizationId, products.organizationId),
      ),
    )
    .where(and(...where));
}
