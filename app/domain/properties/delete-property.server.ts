import { and, eq, isNull, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { properties } from "~/platform/db/schema";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { PROPERTY_TEXT as T } from "./messages";

/**
 * "Deleting" archives: the property leaves every list and its guest shop stops answering, while the row
 * (and its stock and sales history) stays. Its image is kept too, for that history.
 */
export async function deleteProperty(db: Db, actor: Actor, propertyId: string): Promise<void> {
  assertCan(actor, "catalog.manage");
  if (!isUuid(propertyId)) throw new AppError("not_found", T.notFound);
  const archived = await db
    .update(properties)
    .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(properties.id, propertyId),
        eq(properties.organizationId, actor.organizationId),
        isNull(properties.archivedAt),
      ),
    )
    .returning({ id: properties.id });
  if (archived.length === 0) throw new AppError("not_found", T.notFound);
}
