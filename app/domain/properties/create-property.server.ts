import type { Db } from "~/platform/db/database-handle.server";
import { properties } from "~/platform/db/schema";
import { parseInput } from "../parse-input";
import { type Actor, assertCan } from "../team/permissions";
import { PROPERTY_TEXT as T } from "./messages";
import { newPropertyHash } from "./property-hash.server";
import { propertyColumns } from "./read-properties.server";
import { propertyInputSchema } from "./schemas";
import type { Property, PropertyInput } from "./types";

/** A new property of the actor's organization, with a fresh random guest-shop hash. */
export async function createProperty(db: Db, actor: Actor, input: PropertyInput): Promise<Property> {
  assertCan(actor, "catalog.manage");
  const values = parseInput(propertyInputSchema, input, T.invalid);
  const image = input.image ?? null;
  return db.transaction(async (tx) => {
    // A repeated hash is astronomically unlikely at 128 bits; if it ever happens, draw again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const [row] = await tx
        .insert(properties)
        .values({
          organizationId: actor.organizationId,
          name: values.name,
          address: values.address,
          publicLocation: values.publicLocation,
          image: image?.image ?? null,
          imageThumb: image?.imageThumb ?? null,
          hash: newPropertyHash(),
        })
        .onConflictDoNothing({ target: properties.hash })
        .returning(propertyColumns);
      if (row) return row;
    }
    throw new Error("could not draw a unique property hash");
  });
}
