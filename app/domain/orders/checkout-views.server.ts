import { desc, eq } from "drizzle-orm";
import { isOpen, type OrderStatus } from "~/lib/order-status";
import type { Db } from "~/platform/db/database-handle.server";
import {
  carts,
  type OrderNotice,
  orderItems,
  organization,
  payments,
  products,
  properties,
} from "~/platform/db/schema";
import { type CartSummary, readCartSummary } from "../carts/cart-summary.server";
import { getOwnCart } from "../carts/change-cart-item.server";
import { guestContactOf } from "../team/guest-contact.server";
import type { HostContact } from "../team/organization-contact";
import { type GuestOrder, latestDeviceOrderAt, latestGuestOrder } from "./guest-orders.server";

// What the checkout pages show, read for the device that owns the cart (anyone else gets nothing).

export type OrderLine = {
  productId: string;
  /** The name as bought (pt-BR); the product's English and Spanish names when the host wrote them. */
  name: string;
  nameEn: string | null;
  nameEs: string | null;
  imageThumb: string | null;
  quantity: number;
  unitPriceCents: number;
};

export type OrderView = {
  id: string;
  organizationId: string;
  status: OrderStatus;
  paymentMethod: "pix" | "credit_card";
  totalCents: number;
  expiresAt: Date;
  /** When the payment was confirmed; null until then. */
  paidAt: Date | null;
  notices: OrderNotice[];
  buyer: { name: string; email: string | null; phone: string | null; cpf: string | null };
  lines: OrderLine[];
};

export type ChargeView = {
  method: "pix" | "credit_card";
  /** creating | pending | processing | approved | rejected | cancelled | refunded | error */
  status: string;
  statusDetail: string | null;
  pixCode: string | null;
  expiresAt: Date | null;
};

/**
 * The identification step: the cart (with names and images), the host who receives the buyer's data (the
 * organization's name, for the LGPD notice) and the buyer data given before, if any: for this cart, or else
 * the device's last order in this shop (a guest buying again during their stay).
 */
export async function identificationView(
  db: Db,
  cartId: unknown,
  deviceId: unknown,
): Promise<{ cart: CartSummary; host: string; previous: GuestOrder | null } | { paid: true } | null> {
  const cart = await getOwnCart(db, cartId, deviceId);
  const previous = await latestGuestOrder(db, cartId, deviceId);
  if (!cart) return previous?.status === "paid" ? { paid: true } : null;
  const [host] = await db
    .select({ name: organization.name })
    .from(properties)
    .innerJoin(organization, eq(organization.id, properties.organizationId))
    .where(eq(properties.id, cart.propertyId));
  return {
    cart,
    host: host?.name ?? "",
    previous: previous ?? (await latestDeviceOrderAt(db, String(deviceId), cart.propertyId)),
  };
}

export type PaymentView =
  | { kind: "missing" }
  | { kind: "paid" }
  /** The guest changed the cart after the order was made: the order must be made again. */
  | { kind: "changed" }
  | { kind: "order"; order: OrderView; charge: ChargeView | null };

/** The payment step: the device's newest order for the cart, with its newest charge. */
export async function paymentView(db: Db, cartId: unknown, deviceId: unknown): Promise<PaymentView> {
  const order = await latestGuestOrder(db, cartId, deviceId);
  if (!order) return { kind: "missing" };
  if (order.status === "paid") return { kind: "paid" };
  const view = await orderView(db, order);
  if (isOpen(order.status)) {
    const cart = await readCartSummary(db, order.cartId);
    if (cart && !sameContents(cart, view.lines)) return { kind: "changed" };
  }
  const [charge] = await db
    .select({
      method: payments.method,
      status: payments.status,
      statusDetail: payments.statusDetail,
      pixCode: payments.pixCode,
      expiresAt: payments.expiresAt,
    })
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return { kind: "order", order: view, charge: (charge as ChargeView | undefined) ?? null };
}

export type SuccessView = {
  order: OrderView;
  shopHash: string | null;
  /** Where the guest bought: the name and the public location only, never the full address. */
  place: { name: string; publicLocation: string | null } | null;
  contact: HostContact | null;
};

/**
 * The success page: the newest order, the place and how to reach the host, and, while its shop is open, the
 * way back to it.
 */
export async function successView(db: Db, cartId: unknown, deviceId: unknown): Promise<SuccessView | null> {
  const order = await latestGuestOrder(db, cartId, deviceId);
  if (!order) return null;
  const [shop] = await db
    .select({
      hash: properties.hash,
      archivedAt: properties.archivedAt,
      name: properties.name,
      publicLocation: properties.publicLocation,
    })
    .from(carts)
    .innerJoin(properties, eq(properties.id, carts.propertyId))
    .where(eq(carts.id, order.cartId));
  return {
    order: await orderView(db, order),
    shopHash: shop && shop.archivedAt === null ? shop.hash : null,
    place: shop ? { name: shop.name, publicLocation: shop.publicLocation } : null,
    contact: await guestContactOf(db, order.organizationId),
  };
}

async function orderView(db: Db, order: GuestOrder): Promise<OrderView> {
  const lines = await db
    .select({
      productId: orderItems.productId,
      name: orderItems.name,
      nameEn: products.nameEn,
      nameEs: products.nameEs,
      imageThumb: products.imageThumb,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.name);
  return {
    id: order.id,
    organizationId: order.organizationId,
    status: order.status as OrderStatus,
    paymentMethod: order.paymentMethod === "pix" ? "pix" : "credit_card",
    totalCents: order.totalCents,
    expiresAt: order.expiresAt,
    paidAt: order.paidAt,
    notices: order.notices,
    buyer: { name: order.buyerName, email: order.buyerEmail, phone: order.buyerPhone, cpf: order.buyerCpf },
    lines,
  };
}

function sameContents(cart: CartSummary, lines: OrderLine[]): boolean {
  const key = (l: { productId: string; quantity: number; unitPriceCents: number }) =>
    `${l.productId}:${l.quantity}:${l.unitPriceCents}`;
  return cart.lines.map(key).sort().join() === lines.map(key).sort().join();
}
