import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { OPEN_STATUSES } from "~/lib/order-status";
import type { Db } from "~/platform/db/database-handle.server";
import { literalLimit, prepared } from "~/platform/db/prepared";
import { orders, organization, paymentAccounts } from "~/platform/db/schema";
import { isDeviceId } from "../carts/cart-policy";
import type { Buyer } from "./buyer";

export type GuestOrder = typeof orders.$inferSelect;

/**
 * Newest first. Two orders of a cart made in the same instant (a refused card tried again at once): the one
 * closed (failed, cancelled) came first, since a cart's next order is made only once the last one is closed.
 */
const NEWEST_FIRST = [
  desc(orders.createdAt),
  asc(sql`case when ${orders.status} in ('failed', 'cancelled') then 1 else 0 end`),
];

/** An order still waiting for its money (and holding stock), as a condition on `orders`. */
export const orderIsOpen = inArray(orders.status, [...OPEN_STATUSES]);

const ids = z.object({ cartId: z.uuid(), deviceId: z.string().refine(isDeviceId) });

/** The device's newest order for its cart (any status), or null, also for anyone else's ids. */
export async function latestGuestOrder(
  db: Db,
  cartId: unknown,
  deviceId: unknown,
): Promise<GuestOrder | null> {
  const parsed = ids.safeParse({ cartId, deviceId });
  if (!parsed.success) return null;
  // Read by every checkout page and every status poll: built once.
  const query = prepared(db, "latest_guest_order", () =>
    db
      .select()
      .from(orders)
      .where(
        and(eq(orders.cartId, sql.placeholder("cartId")), eq(orders.deviceId, sql.placeholder("deviceId"))),
      )
      .orderBy(...NEWEST_FIRST)
      .limit(literalLimit(1)),
  );
  const [order] = await query.execute(parsed.data);
  return order ?? null;
}

/** The device's newest order in this property's shop, whatever the cart (a guest buying again). */
export async function latestDeviceOrderAt(
  db: Db,
  deviceId: string,
  propertyId: string,
): Promise<GuestOrder | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.deviceId, deviceId), eq(orders.propertyId, propertyId)))
    .orderBy(...NEWEST_FIRST)
    .limit(1);
  return order ?? null;
}

/**
 * An order in progress with what charging it needs: its organization's active payment account (null: none)
 * and when the organization was made (Estadia's fee depends on it).
 */
export type OpenGuestOrder = {
  order: GuestOrder;
  account: typeof paymentAccounts.$inferSelect | null;
  organizationCreatedAt: Date;
};

/** The device's order in progress for its cart with its organization's active account, or null. */
export async function openGuestOrder(
  db: Db,
  cartId: unknown,
  deviceId: unknown,
): Promise<OpenGuestOrder | null> {
  const parsed = ids.safeParse({ cartId, deviceId });
  if (!parsed.success) return null;
  // Read by every charge: built once.
  const query = prepared(db, "open_guest_order", () =>
    db
      .select({ order: orders, account: paymentAccounts, organizationCreatedAt: organization.createdAt })
      .from(orders)
      .innerJoin(organization, eq(organization.id, orders.organizationId))
      .leftJoin(
        paymentAccounts,
        and(eq(paymentAccounts.organizationId, orders.organizationId), eq(paymentAccounts.status, "active")),
      )
      .where(
        and(
          eq(orders.cartId, sql.placeholder("cartId")),
          eq(orders.deviceId, sql.placeholder("deviceId")),
          orderIsOpen,
        ),
      ),
  );
  const [row] = await query.execute(parsed.data);
  return row ?? null;
}

export function buyerOf(order: GuestOrder): Buyer {
  return { name: order.buyerName, email: order.buyerEmail, phone: order.buyerPhone, cpf: order.buyerCpf };
}
