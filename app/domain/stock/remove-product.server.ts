import { and, eq, isNull } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { products, propertyProducts } from "~/platform/db/schema";
import { AppError } from "../errors";
import { requireOwnProperty } from "../properties/read-properties.server";
import { type Actor, assertCan } from "../team/permissions";
import { STOCK_TEXT as T } from "./messages";
import { recordMovements } from "./record-movement.server";

/** Takes a product out of a property (the row goes) and writes a `removal` movement (old → none). */
export async function removeProductFromProperty(
  db: Db,
  actor: Actor,
  propertyId: string,
  productId: string,
): Promise<void> {
  assertCan(actor, "catalog.manage");
  if (!isUuid(productId)) throw new AppError("not_found", T.notInProperty);
  await db.transaction(async (tx) => {
    await requireOwnProperty(tx, actor, propertyId);
    const [row] = await tx
      .select({ current: propertyProducts.currentQuantity })
      .from(propertyProducts)
      .innerJoin(products, eq(products.id, propertyProducts.productId))
      .where(
        and(
          eq(propertyProducts.organizationId, actor.organizationId),
          eq(propertyProducts.propertyId, propertyId),
          eq(propertyProducts.productId, productId),
          isNull(products.archivedAt),
        ),
      )
      .for("update", { of: propertyProducts });
    if (!row) throw new AppError("not_found", T.notInProperty);
    await tx
      .delete(propertyProducts)
      .where(and(eq(propertyProducts.propertyId, propertyId), eq(propertyProducts.productId, productId)));
    await recordMovements(tx, actor, [
      { propertyId, productId, oldQuantity: row.current, newQuantity: null, reason: "removal" },
    ]);
  });
}
