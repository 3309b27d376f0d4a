// A hand-made history for restock planning (issue 48): properties holding products since a given moment,
// stays on their calendars, paid sales (with their profit summary) and counts that found units consumed
// unpaid. Rows are written directly.
import { randomBytes, randomUUID } from "node:crypto";
import { recordSaleProfit } from "~/domain/profit/record-profit.server";
import type { Db } from "~/platform/db/database-handle.server";
import {
  carts,
  orderItems,
  orders,
  products,
  properties,
  propertyProducts,
  stays,
  stockCountLines,
  stockCounts,
} from "~/platform/db/schema";

/** Midday in São Paulo of a calendar day: a moment that is that day there. */
export const middayOf = (day: string) => new Date(`${day}T15:00:00Z`);

export async function propertyIn(
  db: Db,
  organizationId: string,
  name: string,
  publicLocation: string | null,
) {
  const [p] = await db
    .insert(properties)
    .values({
      organizationId,
      name,
      address: "Rua A, 1",
      publicLocation,
      hash: randomBytes(16).toString("base64url"),
    })
    .returning({ id: properties.id });
  if (!p) throw new Error("no property");
  return p.id;
}

export async function productIn(db: Db, organizationId: string, name: string) {
  const [p] = await db
    .insert(products)
    .values({ organizationId, name, priceCents: 500, costCents: 200 })
    .returning({ id: products.id });
  if (!p) throw new Error("no product");
  return p.id;
}

/** The product held in the property (par = expected quantity), since `since` (default: now). */
export async function hold(
  db: Db,
  organizationId: string,
  propertyId: string,
  productId: string,
  counts: { par: number; current: number; since?: Date },
) {
  await db.insert(propertyProducts).values({
    organizationId,
    propertyId,
    productId,
    expectedQuantity: counts.par,
    currentQuantity: counts.current,
    ...(counts.since ? { createdAt: counts.since } : {}),
  });
}

/** A confirmed guest stay typed by hand. */
export async function stayIn(
  db: Db,
  organizationId: string,
  propertyId: string,
  checkIn: string,
  checkOut: string,
) {
  const [s] = await db
    .insert(stays)
    .values({ organizationId, propertyId, kind: "stay", source: "direct", checkIn, checkOut })
    .returning({ id: stays.id });
  if (!s) throw new Error("no stay");
  return s.id;
}

/** An order of `quantity` units of one product in the property, in `status` (paid at `at` when paid). */
export async function saleIn(
  db: Db,
  organizationId: string,
  propertyId: string,
  productId: string,
  quantity: number,
  at: Date,
  status: "paid" | "cancelled" = "paid",
) {
  const deviceId = `device-${randomUUID()}`;
  const [cart] = await db
    .insert(carts)
    .values({ organizationId, propertyId, deviceId, status: "cancelled" })
    .returning({ id: carts.id });
  if (!cart) throw new Error("no cart");
  const [order] = await db
    .insert(orders)
    .values({
      organizationId,
      propertyId,
      cartId: cart.id,
      deviceId,
      status,
      paymentMethod: "pix",
      buyerName: "Hóspede",
      totalCents: 500 * quantity,
      expiresAt: at,
      paidAt: status === "paid" ? at : null,
      createdAt: at,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("no order");
  await db
    .insert(orderItems)
    .values({ organizationId, orderId: order.id, productId, name: "Produto", unitPriceCents: 500, quantity });
  // As the payment does: a paid sale is added to the profit summary, where planning reads it.
  if (status === "paid") await db.transaction((tx) => recordSaleProfit(tx, order.id));
}

/** A count of one product taken at `at` that found `expected − counted` units missing for `reason`. */
export async function countIn(
  db: Db,
  organizationId: string,
  propertyId: string,
  line: { productId: string; expected: number; counted: number; reason: string },
  at: Date,
) {
  const [count] = await db
    .insert(stockCounts)
    .values({ organizationId, propertyId, clientId: randomUUID(), takenAt: at, lossReason: line.reason })
    .returning({ id: stockCounts.id });
  if (!count) throw new Error("no count");
  await db.insert(stockCountLines).values({
    organizationId,
    countId: count.id,
    productId: line.productId,
    name: "Produto",
    unitPriceCents: 500,
    expected: line.expected,
    counted: line.counted,
    lossReason: line.reason,
  });
}
