import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/platform/db/database-handle.server";
import { cartItems, carts, products, properties, propertyProducts } from "~/platform/db/schema";
import { throttleHit } from "~/platform/throttle.server";
import { AppError } from "../errors";
import { CART_CREATION_PER_IP, CART_REUSE_DAYS, isDeviceId } from "./cart-policy";
import { type CartSummary, readCartSummary, recomputeTotal } from "./cart-summary.server";
import { CART_TEXT as T } from "./messages";

const input = z.object({
  hash: z.string().min(1).max(64),
  productId: z.uuid(),
  deviceId: z.string().refine(isDeviceId),
  ip: z.string(),
});

export type AddToCartInput = z.input<typeof input>;

/**
 * Adds one unit of a product to the device's cart in this property's shop, creating the cart on the
 * first add. Price and stock come from the database; the quantity never passes the property's stock.
 * Serialized per device and property (advisory lock, then the cart row), so two tabs adding at once
 * end with exact quantities and total.
 */
export async function addToCart(db: Db, raw: AddToCartInput, now = new Date()): Promise<CartSummary> {
  const parsed = input.safeParse(raw);
  if (!parsed.success) throw new AppError("invalid", T.addFailed);
  const { hash, productId, deviceId, ip } = parsed.data;

  return db.transaction(async (tx) => {
    const [property] = await tx
      .select({ id: properties.id, organizationId: properties.organizationId })
      .from(properties)
      .where(and(eq(properties.hash, hash), isNull(properties.archivedAt)));
    if (!property) throw new AppError("not_found", T.propertyNotFound);

    const [offer] = await tx
      .select({ priceCents: products.priceCents, stock: propertyProducts.currentQuantity })
      .from(propertyProducts)
      .innerJoin(products, eq(products.id, propertyProducts.productId))
      .where(
        and(
          eq(propertyProducts.propertyId, property.id),
          eq(propertyProducts.productId, productId),
          isNull(products.archivedAt),
        ),
      );
    if (!offer) throw new AppError("not_found", T.productUnavailable);
    if (offer.priceCents <= 0) throw new AppError("invalid", T.noPrice);
    if (offer.stock !== null && offer.stock <= 0) throw new AppError("insufficient_stock", T.soldOut);

    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${deviceId}:${property.id}`}))`);
    const reuseSince = new Date(now.getTime() - CART_REUSE_DAYS * 86_400_000);
    let [cart] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(
        and(
          eq(carts.deviceId, deviceId),
          eq(carts.propertyId, property.id),
          eq(carts.status, "pending"),
          gt(carts.createdAt, reuseSince),
        ),
      )
      .orderBy(desc(carts.createdAt))
      .limit(1)
      .for("update");
    if (!cart) {
      const limit = await throttleHit(tx, CART_CREATION_PER_IP, ip, now);
      if (!limit.allowed) throw new AppError("conflict", T.tooManyCarts);
      [cart] = await tx
        .insert(carts)
        .values({
          organizationId: property.organizationId,
          propertyId: property.id,
          deviceId,
          createdAt: now,
        })
        .returning({ id: carts.id });
      if (!cart) throw new Error("cart insert returned nothing");
    }

    const [item] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, productId)));
    const quantity = (item?.quantity ?? 0) + 1;
    if (offer.stock !== null && quantity > offer.stock)
      throw new AppError("insufficient_stock", T.stockLimit);
    if (item) {
      await tx
        .update(cartItems)
        .set({ quantity })
        .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, productId)));
    } else {
      await tx.insert(cartItems).values({
        organizationId: property.organizationId,
        cartId: cart.id,
        productId,
        quantity,
        unitPriceCents: offer.priceCents,
      });
    }
    await recomputeTotal(tx, cart.id);
    const summary = await readCartSummary(tx, cart.id);
    if (!summary) throw new Error("cart vanished");
    return summary;
  });
}
