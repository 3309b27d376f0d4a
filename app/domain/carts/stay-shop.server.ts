import { and, asc, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { GuestCart } from "~/lib/guest-cart";
import { guestName } from "~/lib/guest-name";
import { DEFAULT_LOCALE, type GuestLocale } from "~/lib/i18n/locale";
import { type PreArrivalPhase, preArrivalPhase } from "~/lib/pre-arrival-window";
import { sortByName } from "~/lib/sort-by-name";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { cartItems, carts, products, properties, propertyProducts, stays } from "~/platform/db/schema";
import { holdUntilCommit } from "~/platform/db/transaction-lock.server";
import { throttleHit } from "~/platform/throttle.server";
import { AppError } from "../errors";
import { CART_CREATION_PER_IP, CART_LINE_MAX, CART_REUSE_DAYS, isDeviceId } from "./cart-policy";
import { addOneUnit } from "./cart-summary.server";
import { CART_TEXT as T } from "./messages";

// The pre-arrival shop a stay's link opens (/e/<token>, issue 48, ADR 0060): the unit's products and the
// organization's 'sob encomenda' ones, in a cart of that stay (carts.stay_id). Nothing here limits by the unit's
// stock: a pre-arrival order takes none of it, a run brings what was ordered.

const TOKEN = /^[0-9a-f]{32}$/;

export type StayShop = {
  stayId: string;
  organizationId: string;
  propertyId: string;
  /** The unit's shop (/i/<hash>): what the link opens from check-in on. */
  propertyHash: string;
  propertyName: string;
  publicLocation: string | null;
  checkIn: string;
  checkOut: string;
  phase: PreArrivalPhase;
};

/** The stay a shop link names, at a live property; null for anything else (an unknown or malformed token). */
export async function findStayShop(db: Db | Tx, token: unknown, now = new Date()): Promise<StayShop | null> {
  if (typeof token !== "string" || !TOKEN.test(token)) return null;
  const [row] = await db
    .select({
      stayId: stays.id,
      organizationId: stays.organizationId,
      propertyId: stays.propertyId,
      propertyHash: properties.hash,
      propertyName: properties.name,
      publicLocation: properties.publicLocation,
      checkIn: stays.checkIn,
      checkOut: stays.checkOut,
      kind: stays.kind,
      status: stays.status,
    })
    .from(stays)
    .innerJoin(
      properties,
      and(
        eq(properties.id, stays.propertyId),
        eq(properties.organizationId, stays.organizationId),
        isNull(properties.archivedAt),
      ),
    )
    .where(eq(stays.shopToken, token));
  if (!row) return null;
  const { kind, status, ...stay } = row;
  return { ...stay, phase: preArrivalPhase({ checkIn: stay.checkIn, kind, status }, now) };
}

export type StayShopProduct = {
  id: string;
  name: string;
  priceCents: number;
  imageThumb: string | null;
  adultsOnly: boolean;
  /** 'Sob encomenda': not kept in the unit. */
  madeToOrder: boolean;
};

/** What a stay's cart may hold: the organization's live, priced products the unit holds or 'sob encomenda'. */
const offered = (shop: { organizationId: string }) =>
  and(
    eq(products.organizationId, shop.organizationId),
    isNull(products.archivedAt),
    gt(products.priceCents, 0),
    or(sql`${propertyProducts.productId} is not null`, eq(products.madeToOrder, true)),
  );

/** The product's offer in a stay's cart (its price now), or null when the stay's shop does not sell it. */
export async function stayOffer(
  tx: Tx,
  shop: { organizationId: string; propertyId: string },
  productId: string,
): Promise<{ priceCents: number } | null> {
  const [offer] = await tx
    .select({ priceCents: products.priceCents })
    .from(products)
    .leftJoin(
      propertyProducts,
      and(eq(propertyProducts.productId, products.id), eq(propertyProducts.propertyId, shop.propertyId)),
    )
    .where(and(eq(products.id, productId), offered(shop)));
  return offer ?? null;
}

/** The pre-arrival shop's products in the guest's language, by name. */
export async function stayShopProducts(
  db: Db,
  shop: StayShop,
  locale: GuestLocale = DEFAULT_LOCALE,
): Promise<StayShopProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      nameEn: products.nameEn,
      nameEs: products.nameEs,
      priceCents: products.priceCents,
      imageThumb: products.imageThumb,
      adultsOnly: products.adultsOnly,
      madeToOrder: products.madeToOrder,
    })
    .from(products)
    .leftJoin(
      propertyProducts,
      and(eq(propertyProducts.productId, products.id), eq(propertyProducts.propertyId, shop.propertyId)),
    )
    .where(offered(shop));
  return sortByName(
    rows.map(({ nameEn, nameEs, ...p }) => ({ ...p, name: guestName(locale, { ...p, nameEn, nameEs }) })),
  );
}

/** The device's pending cart of this stay, with its lines; null when none. */
export async function stayCart(
  db: Db,
  stayId: string,
  deviceId: unknown,
  now = new Date(),
): Promise<GuestCart | null> {
  if (!isDeviceId(deviceId)) return null;
  const [cart] = await db
    .select({ id: carts.id, totalCents: carts.totalCents })
    .from(carts)
    .where(ownStayCart(stayId, deviceId, now))
    .orderBy(desc(carts.createdAt))
    .limit(1);
  if (!cart) return null;
  const lines = await db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      unitPriceCents: cartItems.unitPriceCents,
    })
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.createdAt));
  return { ...cart, lines };
}

const ownStayCart = (stayId: string, deviceId: string, now: Date) =>
  and(
    eq(carts.stayId, stayId),
    eq(carts.deviceId, deviceId),
    eq(carts.status, "pending"),
    gt(carts.createdAt, new Date(now.getTime() - CART_REUSE_DAYS * 86_400_000)),
  );

const addInput = z.object({
  token: z.string().min(1).max(64),
  productId: z.uuid(),
  deviceId: z.string().refine(isDeviceId),
  ip: z.string(),
});

/**
 * One more unit of a product in the device's cart of the stay, made on the first add. Refused, with the
 * sentence saying so, once the stay no longer takes pre-arrival orders. Serialized per device and stay.
 */
export async function addToStayCart(
  db: Db,
  raw: z.input<typeof addInput>,
  now = new Date(),
): Promise<GuestCart> {
  const parsed = addInput.safeParse(raw);
  if (!parsed.success) throw new AppError("invalid", T.addFailed);
  const { token, productId, deviceId, ip } = parsed.data;
  return db.transaction(async (tx) => {
    const shop = await findStayShop(tx, token, now);
    if (!shop) throw new AppError("not_found", T.propertyNotFound);
    if (shop.phase !== "open")
      throw new AppError("conflict", shop.phase === "closed" ? T.preArrival.closed : T.preArrival.tooLate);
    const offer = await stayOffer(tx, shop, productId);
    if (!offer) throw new AppError("not_found", T.productUnavailable);
    await holdUntilCommit(tx, `cart:${deviceId}:stay:${shop.stayId}`);
    const [own] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(ownStayCart(shop.stayId, deviceId, now))
      .orderBy(desc(carts.createdAt))
      .limit(1)
      .for("update");
    const cartId = own?.id ?? (await newStayCart(tx, shop, deviceId, ip, now));
    const { quantity, cart } = await addOneUnit(tx, {
      organizationId: shop.organizationId,
      cartId,
      productId,
      unitPriceCents: offer.priceCents,
    });
    if (quantity > CART_LINE_MAX) throw new AppError("invalid", T.lineLimit);
    return cart;
  });
}

async function newStayCart(tx: Tx, shop: StayShop, deviceId: string, ip: string, now: Date): Promise<string> {
  const limit = await throttleHit(tx, CART_CREATION_PER_IP, ip, now);
  if (!limit.allowed)
    throw new AppError("rate_limited", T.tooManyCarts, undefined, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  const [cart] = await tx
    .insert(carts)
    .values({
      organizationId: shop.organizationId,
      propertyId: shop.propertyId,
      stayId: shop.stayId,
      deviceId,
      createdAt: now,
    })
    .returning({ id: carts.id });
  if (!cart) throw new Error("cart insert returned nothing");
  return cart.id;
}
