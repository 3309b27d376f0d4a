import { eq } from "drizzle-orm";
import { guestName } from "~/lib/guest-name";
import type { GuestLocale } from "~/lib/i18n/locale";
import type { Db } from "~/platform/db/database-handle.server";
import { orderItems, products, properties } from "~/platform/db/schema";

export type GuestOrderContent = {
  property: { name: string; hash: string; publicLocation: string | null };
  /** Each item named in the guest's language (the catalogue's name when it has none in that language). */
  items: { name: string; quantity: number; unitPriceCents: number }[];
};

/** What a guest's email about an order shows (the receipt, the delivery): its property and its items. */
export async function guestOrderContent(
  db: Db,
  order: { id: string; propertyId: string },
  locale: GuestLocale,
): Promise<GuestOrderContent> {
  const [property] = await db
    .select({ name: properties.name, hash: properties.hash, publicLocation: properties.publicLocation })
    .from(properties)
    .where(eq(properties.id, order.propertyId));
  const items = await db
    .select({
      name: orderItems.name,
      nameEn: products.nameEn,
      nameEs: products.nameEs,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id));
  return {
    property: property ?? { name: "", hash: "", publicLocation: null },
    items: items.map((i) => ({
      name: guestName(locale, i),
      quantity: i.quantity,
      unitPriceCents: i.unitPriceCents,
    })),
  };
}
