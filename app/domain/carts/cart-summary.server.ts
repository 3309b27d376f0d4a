import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { cartItems, carts, products, properties, propertyProducts } from "~/platform/db/schema";
import { buyableStockFor } from "./guest-stock.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type CartLine = {
  productId: string;
  /** pt-BR (what the order keeps); nameEn / nameEs when the host wrote them (see guestName). */
  name: string;
  nameEn: string | null;
  nameEs: string | null;
  imageThumb: string | null;
  quantity: number;
  unitPriceCents: number;
  /** Units the property has now; null = not counted (no limit). */
  stock: number | null;
  /** 18+: the buyer confirms being an adult before the order is placed. */
  adultsOnly: boolean;
};

export type CartSummary = {
  id: string;
  propertyId: string;
  /** The shop this cart belongs to, for the way back. */
  propertyHash: string;
  totalCents: number;
  lines: CartLine[];
};

/** Sets the cart's total from its items, on the server, after every change. */
export async function recomputeTotal(tx: Tx, cartId: string): Promise<number> {
  const [row] = await tx
    .update(carts)
    .set({
      totalCents: sql`(select coalesce(sum(${cartItems.quantity}::bigint * ${cartItems.unitPriceCents}), 0)::bigint
        from ${cartItems} where ${cartItems.cartId} = ${cartId})`,
      updatedAt: new Date(),
    })
    .where(eq(carts.id, cartId))
    .returning({ totalCents: carts.totalCents });
  return row?.totalCents ?? 0;
}

/** The cart as the guest sees it: lines with names, prices and the stock that caps them (one query). */
export async function readCartSummary(db: Db | Tx, cartId: string): Promise<CartSummary | null> {
  const rows = await db
    .select({
      id: carts.id,
      propertyId: carts.propertyId,
      propertyHash: properties.hash,
      totalCents: carts.totalCents,
      productId: cartItems.productId,
      name: products.name,
      nameEn: products.nameEn,
      nameEs: products.nameEs,
      imageThumb: products.imageThumb,
      quantity: cartItems.quantity,
      unitPriceCents: cartItems.unitPriceCents,
      stock: buyableStockFor("row"),
      adultsOnly: products.adultsOnly,
    })
    .from(carts)
    .innerJoin(properties, eq(properties.id, carts.propertyId))
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .leftJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(
      propertyProducts,
      and(
        eq(propertyProducts.productId, cartItems.productId),
        eq(propertyProducts.propertyId, carts.propertyId),
      ),
    )
    .where(eq(carts.id, cartId))
    .orderBy(asc(cartItems.createdAt));
  const [head] = rows;
  if (!head) return null;
  const lines: CartLine[] = [];
  for (const r of rows) {
    if (r.productId === null || r.quantity === null || r.unitPriceCents === null) continue;
    lines.push({
      productId: r.productId,
      name: r.name ?? "",
      nameEn: r.nameEn,
      nameEs: r.nameEs,
      imageThumb: r.imageThumb,
      quantity: r.quantity,
      unitPriceCents: r.unitPriceCents,
      stock: r.stock,
      adultsOnly: r.adultsOnly === true,
    });
  }
  const { id, propertyId, propertyHash, totalCents } = head;
  return { id, propertyId, propertyHash, totalCents, lines };
}
