import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { products, properties } from "./catalog";
import { organizationId, ts } from "./columns";
import { stays } from "./stays";

/** A guest's cart in one property's shop, owned by one device (a random first-party cookie). */
export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id),
    deviceId: text("device_id").notNull(),
    /** The stay whose link opened a pre-arrival shop (ADR 0060); null = the unit's shop. */
    stayId: uuid("stay_id").references(() => stays.id, { onDelete: "set null" }),
    /** pending while the guest shops; later states come with checkout. */
    status: text("status").notNull().default("pending"),
    /** Recomputed on the server after every change: sum of unit price × quantity. */
    /** bigint: 99 units of many products at up to R$ 100.000,00 each overflow an integer. */
    totalCents: bigint("total_cents", { mode: "number" }).notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("carts_device_property_idx").on(t.deviceId, t.propertyId, t.status, t.createdAt),
    check("carts_total_not_negative", sql`${t.totalCents} >= 0`),
  ],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    quantity: integer("quantity").notNull(),
    /** Taken from the product when it was added: the guest pays what they saw. */
    unitPriceCents: integer("unit_price_cents").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("cart_items_cart_product_uq").on(t.cartId, t.productId),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
    check("cart_items_price_not_negative", sql`${t.unitPriceCents} >= 0`),
  ],
);
