import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { GuestCart } from "~/lib/guest-cart";
import type { Db } from "~/platform/db/database-handle.server";
import { cartItems, carts, products, properties, propertyProducts } from "~/platform/db/schema";
import { throttleHit } from "~/platform/throttle.server";
import { AppError } from "../errors";
import { CART_CREATION_PER_IP, CART_LINE_MAX, CART_REUSE_DAYS, isDeviceId } from "./cart-policy";
import { recomputeCart } from "./cart-summary.server";
import { buyableStock, buyableStockFor } from "./guest-stock.server";
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
export async function addToCart(db: Db, raw: AddToCartInput, now = new Date()): Promise<GuestCart> {
  const parsed = input.safeParse(raw);
  if (!parsed.success) throw new AppError("invalid", T.addFailed);
  const { hash, productId, deviceId, ip } = parsed.data;

  return db.transaction(async (tx) => {
    // The property and, if it holds it, the product's offer: one round trip, two distinct refusals. The
    // same statement takes the device's lock on this shop (keyed by the shop's hash, one per property), so
    // the cart is looked for, below, only once any other add of this device here has committed.
    const [found] = await tx
      .select({
        propertyId: properties.id,
        organizationId: properties.organizationId,
        priceCents: products.priceCents,
        stock: buyableStock,
        locked: sql`pg_advisory_xact_lock(hashtext(${`cart:${deviceId}:`} || ${properties.hash}))`,
      })
      .from(properties)
      .leftJoin(
        propertyProducts,
        and(eq(propertyProducts.propertyId, properties.id), eq(propertyProducts.productId, productId)),
      )
      .leftJoin(products, and(eq(products.id, propertyProducts.productId), isNull(products.archivedAt)))
      .where(and(eq(properties.hash, hash), isNull(properties.archivedAt)));
    if (!found) throw new AppError("not_found", T.propertyNotFound);
    const property = { id: found.propertyId, organizationId: found.organizationId };
    if (found.priceCents === null) throw new AppError("not_found", T.productUnavailable);
    const offer = { priceCents: found.priceCents, stock: found.stock };
    if (offer.priceCents <= 0) throw new AppError("invalid", T.noPrice);
    if (offer.stock !== null && offer.stock <= 0) throw new AppError("insufficient_stock", T.soldOut);

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
      if (!limit.allowed)
        throw new AppError("rate_limited", T.tooManyCarts, undefined, {
          retryAfterSeconds: limit.retryAfterSeconds,
        });
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

    // One more unit, or the first: the unique (cart, product) pair makes it one statement. Past the stock,
    // the refusal rolls it back.
    const [item] = await tx
      .insert(cartItems)
      .values({
        organizationId: property.organizationId,
        cartId: cart.id,
        productId,
        quantity: 1,
        unitPriceCents: offer.priceCents,
      })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId],
        set: { quantity: sql`${cartItems.quantity} + 1` },
      })
      .returning({ quantity: cartItems.quantity });
    if (!item) throw new Error("cart item upsert returned nothing");
    if (item.quantity > CART_LINE_MAX) throw new AppError("invalid", T.lineLimit);
    if (offer.stock !== null && item.quantity > offer.stock) {
      // Past what any guest can buy: still fine if this guest's own order in progress holds the rest.
      const [own] = await tx
        .select({ stock: buyableStockFor(cart.id) })
        .from(propertyProducts)
        .where(and(eq(propertyProducts.propertyId, property.id), eq(propertyProducts.productId, productId)));
      if (own?.stock !== null && item.quantity > (own?.stock ?? 0))
        throw new AppError("insufficient_stock", T.stockLimit);
    }
    return recomputeCart(tx, cart.id);
  });
}
