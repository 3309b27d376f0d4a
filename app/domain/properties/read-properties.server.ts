import { and, desc, eq, isNull, type Placeholder, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { asJson, columnAs, type Part, prepared, type Queryable } from "~/platform/db/prepared";
import { organization, properties } from "~/platform/db/schema";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { PROPERTY_TEXT as T } from "./messages";
import { looksLikePropertyHash } from "./property-hash.server";
import type { Property } from "./types";

export const propertyColumns = {
  id: properties.id,
  name: properties.name,
  address: properties.address,
  publicLocation: properties.publicLocation,
  image: properties.image,
  imageThumb: properties.imageThumb,
  hash: properties.hash,
  createdAt: properties.createdAt,
  updatedAt: properties.updatedAt,
};

/** The organization's properties, newest first; archived ones are gone from every list. */
export async function listProperties(db: Db, actor: Actor): Promise<Property[]> {
  assertCan(actor, "catalog.read");
  // Read by /properties on every visit: built once per database handle.
  const query = prepared(db, "live_properties", () =>
    db
      .select(propertyColumns)
      .from(properties)
      .where(isLive(sql.placeholder("organizationId")))
      .orderBy(...newestFirst),
  );
  return query.execute({ organizationId: actor.organizationId });
}

/** The live properties' ids and names, in the lists' order, as a read to put inside a larger one. */
function livePropertyNames(db: Queryable, organizationId: AnyPgColumn | Placeholder) {
  return db
    .select({ id: columnAs(properties.id, "id"), name: columnAs(properties.name, "name") })
    .from(properties)
    .where(isLive(organizationId))
    .orderBy(...newestFirst);
}

/** The live properties' ids and names, in the lists' order, as a part of a page's read (the filters' list). */
export function livePropertiesPart(): Part<{ properties: Named[] }, Named[]> {
  return {
    columns: (db) => ({ properties: asJson<Named>(livePropertyNames(db, organization.id)) }),
    result: (row) => row?.properties ?? [],
  };
}

type Named = { id: string; name: string };

const newestFirst = [desc(properties.createdAt), desc(properties.id)];

function isLive(organizationId: AnyPgColumn | Placeholder) {
  return and(eq(properties.organizationId, organizationId), isNull(properties.archivedAt));
}

/** One property of the actor's organization; null when unknown, archived or another organization's. */
export async function getProperty(db: Db, actor: Actor, propertyId: string): Promise<Property | null> {
  assertCan(actor, "catalog.read");
  return (await ownProperty(db, actor, propertyId)) ?? null;
}

/**
 * For other areas (stock) working inside their own transaction: the property, or not_found. Checks no
 * permission: the caller's operation already did.
 */
export async function requireOwnProperty(q: Queryable, actor: Actor, propertyId: string): Promise<Property> {
  const found = await ownProperty(q, actor, propertyId);
  if (!found) throw new AppError("not_found", T.notFound);
  return found;
}

async function ownProperty(q: Queryable, actor: Actor, propertyId: string): Promise<Property | undefined> {
  if (!isUuid(propertyId)) return undefined;
  const [row] = await q
    .select(propertyColumns)
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        eq(properties.organizationId, actor.organizationId),
        isNull(properties.archivedAt),
      ),
    );
  return row;
}

/** For the guest shop: the property behind a public hash, with its organization; null if unknown or archived. */
export async function findPropertyByHash(
  db: Db,
  hash: string,
): Promise<(Property & { organizationId: string }) | null> {
  if (!looksLikePropertyHash(hash)) return null;
  const [row] = await db
    .select({ ...propertyColumns, organizationId: properties.organizationId })
    .from(properties)
    .where(and(eq(properties.hash, hash), isNull(properties.archivedAt)));
  return row ?? null;
}

// A malformed id in a URL is just an unknown id (Postgres would refuse to compare it with a uuid column).
