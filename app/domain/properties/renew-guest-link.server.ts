import { and, eq, isNull, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { properties } from "~/platform/db/schema";
import { forgetCachedShops } from "../carts/load-shop.server";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { PROPERTY_TEXT as T } from "./messages";
import { newPropertyHash } from "./property-hash.server";

/**
 * 'Gerar novo link': the property's shop moves to a new random address, and the old one (with every QR code
 * and poster printed for it) answers 'Imóvel não encontrado' from then on. Carts and orders follow the
 * property, not the address, so a guest paying right now is not affected.
 */
export async function renewGuestLink(db: Db, actor: Actor, propertyId: string): Promise<{ hash: string }> {
  assertCan(actor, "catalog.manage");
  if (!isUuid(propertyId)) throw new AppError("not_found", T.notFound);
  // 128 random bits: a repeat of any hash ever issued is not a practical concern (the unique index would
  // refuse it rather than give two shops one address).
  const hash = newPropertyHash();
  const [row] = await db.transaction((tx) =>
    tx
      .update(properties)
      .set({ hash, updatedAt: sql`now()` })
      .where(
        and(
          eq(properties.id, propertyId),
          eq(properties.organizationId, actor.organizationId),
          isNull(properties.archivedAt),
        ),
      )
      .returning({ hash: properties.hash }),
  );
  if (!row) throw new AppError("not_found", T.notFound);
  // This instance stops showing the old shop at once; others within their cache's 2 seconds.
  forgetCachedShops();
  return row;
}
