import { and, desc, eq, gt, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { GuestCart } from "~/lib/guest-cart";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { literalLimit, prepared } from "~/platform/db/prepared";
import { carts, products, properties, propertyProducts } from "~/platform/db/schema";
import { holdUntilCommit } from "~/platform/db/transaction-lock.server";
import { throttleHit } from "~/platform/throttle.server";
import { AppError } from "../errors";
import { CART_CREATION_PER_IP, CART_LINE_MAX, CART_REUSE_DAYS, isDeviceId } from "./cart-policy";
import { addedUnit, addOneUnit, addUnitQuery } from "./cart-summary.server";
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
 * Serialized per cart (its row lock; the device's advisory lock on the property while there is none yet),
 * so two tabs adding at once end with one cart and exact quantities and total.
 */
export async function addToCart(db: Db, raw: AddToCartInput, now = new Date()): Promise<GuestCart> {
  const parsed = input.safeParse(raw);
  if (!parsed.success) throw new AppError("invalid", T.addFailed);
  const { hash, productId, deviceId, ip } = parsed.data;
  const reuseSince = new Date(now.getTime() - CART_REUSE_DAYS * 86_400_000);
  // Most adds: one statement. Anything it does not take (no cart yet, a change under way, a refusal) takes
  // the transaction below, which has the whole rule.
  const added = addedUnit(
    await addWithoutWaiting(db).execute({ hash, productId, deviceId, since: reuseSince }),
  );
  if (added) return added.cart;

  return db.transaction(async (tx) => {
    // Distinct refusals below. Every change to a cart's lines takes the cart's row lock first, so the
    // statements below see its lines as they stand.
    const [found] = await offerAndOwnCart(tx).execute({ hash, productId, deviceId, since: reuseSince });
    if (!found) throw new AppError("not_found", T.propertyNotFound);
    const property = { id: found.propertyId, organizationId: found.organizationId };
    if (found.priceCents === null) throw new AppError("not_found", T.productUnavailable);
    const offer = { priceCents: found.priceCents, stock: found.stock };
    if (offer.priceCents <= 0) throw new AppError("invalid", T.noPrice);
    if (offer.stock !== null && offer.stock <= 0) throw new AppError("insufficient_stock", T.soldOut);

    const cartId = found.cartId ?? (await newCart(tx, property, deviceId, ip, reuseSince, now));
    // One more unit, or the first, and the cart's new total and lines: one statement. Past the stock, the
    // refusal rolls it back.
    const { quantity, cart } = await addOneUnit(tx, {
      organizationId: property.organizationId,
      cartId,
      productId,
      unitPriceCents: offer.priceCents,
    });
    if (quantity > CART_LINE_MAX) throw new AppError("invalid", T.lineLimit);
    if (offer.stock !== null && quantity > offer.stock) {
      // Past what any guest can buy: still fine if this guest's own order in progress holds the rest.
      const [own] = await tx
        .select({ stock: buyableStockFor(cartId) })
        .from(propertyProducts)
        .where(and(eq(propertyProducts.propertyId, property.id), eq(propertyProducts.productId, productId)));
      if (own?.stock !== null && quantity > (own?.stock ?? 0))
        throw new AppError("insufficient_stock", T.stockLimit);
    }
    return cart;
  });
}

/**
 * The property, the product's offer if it holds it, and the device's cart there, locked: one statement,
 * prepared (named) so PostgreSQL plans it once per connection, not on every first add (ADR 0046).
 */
function offerAndOwnCart(tx: Tx) {
  const hash = sql.placeholder("hash");
  const ownCart = tx.$with("own_cart").as(
    tx
      .select({ cartId: carts.id })
      .from(carts)
      .innerJoin(properties, eq(properties.id, carts.propertyId))
      .where(
        and(eq(properties.hash, hash), ownPending(sql.placeholder("deviceId"), sql.placeholder("since"))),
      )
      .orderBy(desc(carts.createdAt))
      .limit(literalLimit(1))
      .for("update", { of: carts }),
  );
  return prepared(tx, "offer_and_own_cart", () =>
    tx
      .with(ownCart)
      .select({
        propertyId: properties.id,
        organizationId: properties.organizationId,
        priceCents: products.priceCents,
        stock: buyableStock,
        cartId: ownCart.cartId,
      })
      .from(properties)
      .leftJoin(
        propertyProducts,
        and(
          eq(propertyProducts.propertyId, properties.id),
          eq(propertyProducts.productId, sql.placeholder("productId")),
        ),
      )
      .leftJoin(products, and(eq(products.id, propertyProducts.productId), isNull(products.archivedAt)))
      .leftJoin(ownCart, sql`true`)
      .where(and(eq(properties.hash, hash), isNull(properties.archivedAt))),
  );
}

/**
 * The add as one statement, when it is plainly allowed: the device's newest cart here exists and is locked
 * at once (no other change waits on it, nor committed since the statement began: its row version is the
 * one the statement reads, so its lines are as they stand), the product is on offer at a price, and one
 * more unit stays within the stock any guest can buy and the line's limit. Otherwise it writes nothing.
 */
function addWithoutWaiting(db: Db) {
  return prepared(db, "add_unit_at_once", () => {
    const hash = sql.placeholder("hash");
    const productId = sql.placeholder("productId");
    const own = ownPending(sql.placeholder("deviceId"), sql.placeholder("since"));
    const ofThisShop = and(eq(properties.hash, hash), isNull(properties.archivedAt));
    const cte = (name: string, query: SQL) => db.$with(name, { id: sql`1` }).as(query);
    const before = [
      cte(
        "newest",
        sql`select ${carts.id} as id, ${carts}.xmin::text as seen from ${carts}
          inner join ${properties} on ${properties.id} = ${carts.propertyId}
          where ${and(ofThisShop, own)} order by ${carts.createdAt} desc limit 1`,
      ),
      cte(
        "locked",
        sql`select ${carts.id} as id, ${carts.organizationId} as organization_id,
          ${carts}.xmin::text as current from ${carts}
          where ${carts.id} = (select id from newest) and ${own} for update skip locked`,
      ),
      cte(
        "offer",
        sql`select ${products.priceCents} as price, ${buyableStock} as stock from ${properties}
          inner join ${propertyProducts} on ${propertyProducts.propertyId} = ${properties.id}
            and ${propertyProducts.productId} = ${productId}
          inner join ${products} on ${products.id} = ${propertyProducts.productId}
            and ${products.archivedAt} is null
          where ${ofThisShop}`,
      ),
      cte(
        "fresh",
        sql`select locked.organization_id, locked.id as cart_id, offer.price, offer.stock from locked
          inner join newest on newest.id = locked.id and newest.seen = locked.current
          cross join offer
          where offer.price > 0 and (offer.stock is null or offer.stock > 0)`,
      ),
    ];
    const limit = sql`least(coalesce((select stock from fresh), ${CART_LINE_MAX}), ${CART_LINE_MAX})`;
    return addUnitQuery(db, sql`${productId}::uuid`, sql`fresh`, { before, limit });
  });
}

/** The device's pending cart in the property, recent enough to be reused. */
function ownPending(deviceId: string | Placeholder, reuseSince: Date | Placeholder) {
  // A stay's pre-arrival cart (ADR 0060) is that link's, never the unit's shop's.
  return and(
    eq(carts.deviceId, deviceId),
    eq(carts.status, "pending"),
    gt(carts.createdAt, reuseSince),
    isNull(carts.stayId),
  );
}

/**
 * The device's first cart here. Two tabs may both have found none: the device's lock on this property
 * serializes them, and the second finds, and locks, the cart the first made.
 */
async function newCart(
  tx: Tx,
  property: { id: string; organizationId: string },
  deviceId: string,
  ip: string,
  reuseSince: Date,
  now: Date,
): Promise<string> {
  await holdUntilCommit(tx, `cart:${deviceId}:${property.id}`);
  const [made] = await prepared(tx, "device_cart_locked", () =>
    tx
      .select({ id: carts.id })
      .from(carts)
      .where(
        and(
          eq(carts.propertyId, sql.placeholder("propertyId")),
          ownPending(sql.placeholder("deviceId"), sql.placeholder("since")),
        ),
      )
      .orderBy(desc(carts.createdAt))
      .limit(literalLimit(1))
      .for("update"),
  ).execute({ propertyId: property.id, deviceId, since: reuseSince });
  if (made) return made.id;
  const limit = await throttleHit(tx, CART_CREATION_PER_IP, ip, now);
  if (!limit.allowed)
    throw new AppError("rate_limited", T.tooManyCarts, undefined, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  const [cart] = await tx
    .insert(carts)
    .values({ organizationId: property.organizationId, propertyId: property.id, deviceId, createdAt: now })
    .returning({ id: carts.id });
  if (!cart) throw new Error("cart insert returned nothing");
  return cart.id;
}
