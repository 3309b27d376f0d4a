import { and, eq, isNull } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { products, propertyProducts } from "~/platform/db/schema";
import { AppError } from "../errors";
import { PROPERTY_TEXT } from "../properties/messages";
import { listProperties } from "../properties/read-properties.server";
import { addProductsToProperty } from "../stock/add-products.server";
import { STOCK_TEXT } from "../stock/messages";
import { parseQuantity } from "../stock/quantities";
import { type Actor, assertCan } from "../team/permissions";
import { ONBOARDING_TEXT as T } from "./messages";

export type PlacementRowInput = { propertyId: unknown; current: unknown; expected: unknown };

/**
 * Puts one product in several properties at once, each at the quantities the host typed, in one
 * transaction (one bad row and nothing is added). A row with both fields empty is a property the product
 * does not go to; an empty expected quantity is the current one. Field errors are keyed
 * `{propertyId}.current` / `{propertyId}.expected`.
 */
export async function addProductToProperties(
  db: Db,
  actor: Actor,
  productId: unknown,
  rows: readonly PlacementRowInput[],
): Promise<{ properties: number }> {
  assertCan(actor, "catalog.manage");
  if (!isUuid(productId)) throw new AppError("not_found", STOCK_TEXT.productNotFound);
  const chosen = validate(rows);
  if (chosen.length === 0) throw new AppError("invalid", T.placeNothingTyped);
  return db.transaction(async (tx) => {
    for (const row of chosen) {
      await addProductsToProperty(tx, actor, row.propertyId, [productId], row);
    }
    return { properties: chosen.length };
  });
}

function validate(rows: readonly PlacementRowInput[]) {
  const chosen: { propertyId: string; current: number; expected: number | null }[] = [];
  const fieldErrors: Record<string, string> = {};
  const seen = new Set<string>();
  const blank = (value: unknown) => typeof value !== "string" || value.trim() === "";
  for (const row of rows) {
    if (blank(row.current) && blank(row.expected)) continue;
    if (!isUuid(row.propertyId)) throw new AppError("not_found", PROPERTY_TEXT.notFound);
    const propertyId = row.propertyId.toLowerCase();
    if (seen.has(propertyId)) throw new AppError("invalid", T.placeTwice);
    seen.add(propertyId);
    const current = parseQuantity(row.current, { emptyIsNull: false });
    const expected = parseQuantity(row.expected, { emptyIsNull: true });
    if (!current.ok) fieldErrors[`${propertyId}.current`] = current.message;
    if (!expected.ok) fieldErrors[`${propertyId}.expected`] = expected.message;
    if (current.ok && expected.ok) {
      // A typed current quantity is never null ('Sem limite' is a choice this form does not offer).
      const units = current.value ?? 0;
      chosen.push({ propertyId, current: units, expected: expected.value ?? units });
    }
  }
  const first = Object.values(fieldErrors)[0];
  if (first) throw new AppError("invalid", first, fieldErrors);
  return chosen;
}

export type Placement = { id: string; name: string; productIds: string[] };

/** The live properties (newest first, as /properties lists them), each with the live products it holds. */
export async function listPlacements(db: Db, actor: Actor): Promise<Placement[]> {
  const [list, held] = await Promise.all([
    listProperties(db, actor),
    db
      .select({ propertyId: propertyProducts.propertyId, productId: propertyProducts.productId })
      .from(propertyProducts)
      .innerJoin(products, eq(products.id, propertyProducts.productId))
      .where(and(eq(propertyProducts.organizationId, actor.organizationId), isNull(products.archivedAt))),
  ]);
  return list.map(({ id, name }) => ({
    id,
    name,
    productIds: held.filter((h) => h.propertyId === id).map((h) => h.productId),
  }));
}
