import { and, eq, isNull, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { properties } from "~/platform/db/schema";
import { forgetCachedShops } from "../carts/load-shop.server";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { type Actor, assertCan } from "../team/permissions";
import { PROPERTY_TEXT as T } from "./messages";
import { propertyColumns } from "./read-properties.server";
import { propertyInputSchema } from "./schemas";
import type { Property, PropertyImage, PropertyInput } from "./types";

/**
 * Changes a property's name, address, public location and (when given) image; the hash never changes, so printed QR codes
 * keep working. Returns the image that was replaced, for the caller to discard once this has committed.
 */
export async function updateProperty(
  db: Db,
  actor: Actor,
  propertyId: string,
  input: PropertyInput,
): Promise<{ property: Property; replacedImage: PropertyImage | null }> {
  assertCan(actor, "catalog.manage");
  const values = parseInput(propertyInputSchema, input, T.invalid);
  if (!isUuid(propertyId)) throw new AppError("not_found", T.notFound);
  const result = await db.transaction(async (tx) => {
    const mine = and(
      eq(properties.id, propertyId),
      eq(properties.organizationId, actor.organizationId),
      isNull(properties.archivedAt),
    );
    const [before] = await tx
      .select({ image: properties.image, imageThumb: properties.imageThumb })
      .from(properties)
      .where(mine)
      .for("update");
    if (!before) throw new AppError("not_found", T.notFound);
    const imageChange =
      input.image === undefined
        ? {}
        : { image: input.image?.image ?? null, imageThumb: input.image?.imageThumb ?? null };
    const [property] = await tx
      .update(properties)
      .set({
        name: values.name,
        address: values.address,
        publicLocation: values.publicLocation,
        ...imageChange,
        updatedAt: sql`now()`,
      })
      .where(mine)
      .returning(propertyColumns);
    if (!property) throw new AppError("not_found", T.notFound);
    const replaced =
      input.image !== undefined && before.image !== null && before.image !== input.image?.image;
    return {
      property,
      replacedImage: replaced ? { image: before.image ?? "", imageThumb: before.imageThumb ?? "" } : null,
    };
  });
  // The shop shows the name and the public location: this instance stops showing the old ones at once.
  forgetCachedShops();
  return result;
}
