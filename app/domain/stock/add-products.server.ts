import { and, eq, inArray, isNull } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { products, propertyProducts } from "~/platform/db/schema";
import { AppError } from "../errors";
import { requireOwnProperty } from "../properties/read-properties.server";
import { type Actor, assertCan } from "../team/permissions";
import { NEW_PROPERTY_PRODUCT, STOCK_TEXT as T } from "./messages";
import { recordMovements } from "./record-movement.server";

/** What a product starts at in a property: counted units, and the target (null = none). */
export type StartingQuantities = { current: number; expected: number | null };

/**
 * Puts one or several catalogue products in a property, each with current 1 and expected 1 unless the
 * caller gives the quantities the host typed (already validated), and writes an `initial` movement
 * (none → current) for each. Those first units come in at the product's cost: with nothing
 * before it, the product's cost (or none) is the average cost. All or nothing: one unknown, archived or other organization's
 * product (not_found) or one the property already holds (conflict) and nothing is added.
 */
export async function addProductsToProperty(
  db: Db | Tx,
  actor: Actor,
  propertyId: string,
  productIds: readonly unknown[],
  quantities: StartingQuantities = NEW_PROPERTY_PRODUCT,
): Promise<{ added: number }> {
  assertCan(actor, "catalog.manage");
  const ids = [...new Set(productIds.map((id) => (typeof id === "string" ? id.trim() : "")))];
  if (ids.length === 0 || (ids.length === 1 && ids[0] === "")) throw new AppError("invalid", T.pickOne);
  if (!ids.every(isUuid)) throw new AppError("not_found", T.productNotFound);
  return db.transaction(async (tx) => {
    await requireOwnProperty(tx, actor, propertyId);
    const found = await tx
      .select({ id: products.id, costCents: products.costCents })
      .from(products)
      .where(
        and(
          inArray(products.id, ids),
          eq(products.organizationId, actor.organizationId),
          isNull(products.archivedAt),
        ),
      );
    if (found.length !== ids.length) throw new AppError("not_found", T.productNotFound);
    // ON CONFLICT keeps a concurrent add of the same product from failing with a raw key violation.
    const inserted = await tx
      .insert(propertyProducts)
      .values(
        found.map((product) => ({
          organizationId: actor.organizationId,
          propertyId,
          productId: product.id,
          currentQuantity: quantities.current,
          expectedQuantity: quantities.expected,
          averageCostCents: product.costCents,
        })),
      )
      .onConflictDoNothing()
      .returning({ productId: propertyProducts.productId });
    if (inserted.length !== ids.length) throw new AppError("conflict", T.alreadyInProperty);
    await recordMovements(
      tx,
      actor,
      ids.map((productId) => ({
        propertyId,
        productId,
        oldQuantity: null,
        newQuantity: quantities.current,
        reason: "initial" as const,
      })),
    );
    return { added: ids.length };
  });
}
