import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { GuestCart } from "~/lib/guest-cart";
import type { Db } from "~/platform/db/database-handle.server";
import { cartItems, carts, products, properties, propertyProducts } from "~/platform/db/schema";
import { AppError } from "../errors";
import { CART_LINE_MAX, isDeviceId } from "./cart-policy";
import { type CartSummary, readOwnCartSummary, recomputeCart } from "./cart-summary.server";
import { buyableStockFor } from "./guest-stock.server";
import { CART_TEXT as T } from "./messages";
import { stayOffer } from "./stay-shop.server";

const input = z.object({
  cartId: z.uuid(),
  productId: z.uuid(),
  deviceId: z.string().refine(isDeviceId),
  delta: z.union([z.literal(1), z.literal(-1)]),
});

export type ChangeCartItemInput = z.input<typeof input>;

/**
 * Plus or minus one unit of an item already in the cart; minus at 1 removes it. Only the device that
 * owns the cart may change it: any other answers as if the cart did not exist.
 */
export async function changeCartItem(db: Db, raw: ChangeCartItemInput): Promise<GuestCart> {
  const parsed = input.safeParse(raw);
  if (!parsed.success) throw new AppError("not_found", T.cartNotFound);
  const { cartId, productId, deviceId, delta } = parsed.data;

  return db.transaction(async (tx) => {
    const [cart] = await tx
      .select({
        id: carts.id,
        organizationId: carts.organizationId,
        propertyId: carts.propertyId,
        stayId: carts.stayId,
        archivedAt: properties.archivedAt,
      })
      .from(carts)
      .innerJoin(properties, eq(properties.id, carts.propertyId))
      .where(and(eq(carts.id, cartId), eq(carts.deviceId, deviceId), eq(carts.status, "pending")))
      .for("update", { of: carts });
    if (!cart) throw new AppError("not_found", T.cartNotFound);
    if (cart.archivedAt) throw new AppError("not_found", T.propertyNotFound);

    const [item] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, productId)));
    if (!item) throw new AppError("not_found", T.updateFailed);

    const quantity = item.quantity + delta;
    const where = and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, productId));
    if (quantity <= 0) {
      await tx.delete(cartItems).where(where);
    } else if (cart.stayId) {
      // A stay's pre-arrival cart (ADR 0060): what its shop sells, never capped by the unit's stock.
      if (delta > 0 && !(await stayOffer(tx, cart, productId)))
        throw new AppError("not_found", T.productUnavailable);
      if (delta > 0 && quantity > CART_LINE_MAX) throw new AppError("invalid", T.lineLimit);
      await tx.update(cartItems).set({ quantity }).where(where);
    } else {
      // More of something only while the shop still offers it (minus always works, to take it out).
      const [stock] = await tx
        .select({ current: buyableStockFor(cart.id) })
        .from(propertyProducts)
        .innerJoin(products, and(eq(products.id, propertyProducts.productId), isNull(products.archivedAt)))
        .where(
          and(eq(propertyProducts.propertyId, cart.propertyId), eq(propertyProducts.productId, productId)),
        );
      if (delta > 0 && !stock) throw new AppError("not_found", T.productUnavailable);
      const current = stock ? stock.current : 0;
      if (delta > 0 && quantity > CART_LINE_MAX) throw new AppError("invalid", T.lineLimit);
      if (delta > 0 && current !== null && quantity > current) {
        throw new AppError("insufficient_stock", T.stockLimit);
      }
      await tx.update(cartItems).set({ quantity }).where(where);
    }
    return recomputeCart(tx, cart.id);
  });
}

// Built once: building a zod schema was a twentieth of every cart summary's time (issue 27's profile).
const ownCartIds = z.object({ cartId: z.uuid(), deviceId: z.string().refine(isDeviceId) });

/** The cart for its owner's device in a shop still open, or null for anyone else (and for unknown ids). */
export async function getOwnCart(db: Db, cartId: unknown, deviceId: unknown): Promise<CartSummary | null> {
  const ids = ownCartIds.safeParse({ cartId, deviceId });
  return ids.success ? readOwnCartSummary(db, ids.data.cartId, ids.data.deviceId) : null;
}
