import { and, eq, inArray, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { propertyProducts } from "~/platform/db/schema";
import { liveProductIds } from "../catalog/products.server";
import { AppError } from "../errors";
import { requireOwnProperty } from "../properties/read-properties.server";
import { type Actor, assertCan } from "../team/permissions";
import { STOCK_TEXT as T } from "./messages";
import { parseQuantity } from "./quantities";
import { alertLevel } from "./stock-alerts.server";

/**
 * Sets the level at or below which owners and managers are told a property's product is running out:
 * an integer from 0, or empty (null) to go back to the default, a quarter of the expected quantity.
 * Owners and managers only (catalog.manage): the alert is their email, so they decide when it comes.
 * Another organization's property or product, or one the property does not hold: not_found, nothing changes.
 */
export async function setAlertQuantity(
  db: Db,
  actor: Actor,
  propertyId: string,
  productId: string,
  value: unknown,
): Promise<{ alertQuantity: number | null; alertLevel: number | null }> {
  assertCan(actor, "catalog.manage");
  if (!isUuid(productId)) throw new AppError("not_found", T.notInProperty);
  const parsed = parseQuantity(value ?? "", { emptyIsNull: true });
  if (!parsed.ok) throw new AppError("invalid", parsed.message, { alertQuantity: parsed.message });
  return db.transaction(async (tx) => {
    await requireOwnProperty(tx, actor, propertyId);
    const [row] = await tx
      .update(propertyProducts)
      .set({ alertQuantity: parsed.value, updatedAt: sql`now()` })
      .where(
        and(
          eq(propertyProducts.organizationId, actor.organizationId),
          eq(propertyProducts.propertyId, propertyId),
          eq(propertyProducts.productId, productId),
          inArray(propertyProducts.productId, liveProductIds(tx, actor.organizationId)),
        ),
      )
      .returning({ alertQuantity: propertyProducts.alertQuantity, alertLevel });
    if (!row) throw new AppError("not_found", T.notInProperty);
    return row;
  });
}
