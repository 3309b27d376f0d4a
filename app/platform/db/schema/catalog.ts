import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organizationId, ts } from "./columns";

// The host's catalogue. Every row carries organization_id and every query filters by it.

export const productCategories = pgTable(
  "product_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text("name").notNull(),
    /** Optional names for English- and Spanish-speaking guests (issue 24); pt-BR when empty. */
    nameEn: text("name_en"),
    nameEs: text("name_es"),
    color: text("color").notNull().default("#8E9196"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("product_categories_org_idx").on(t.organizationId, t.name)],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text("name").notNull(),
    /** Optional names for English- and Spanish-speaking guests (issue 24); pt-BR when empty. */
    nameEn: text("name_en"),
    nameEs: text("name_es"),
    /** An https URL the host gave, or the /media/… path of an uploaded photo. */
    image: text("image"),
    /** Thumbnail for cards; the same as `image` for an outside URL. */
    imageThumb: text("image_thumb"),
    priceCents: integer("price_cents").notNull().default(0),
    /** What one unit costs the host ('Custo'); null = not told (profit leaves it out, never as zero). */
    costCents: integer("cost_cents"),
    categoryId: uuid("category_id").references(() => productCategories.id, { onDelete: "set null" }),
    /** 18+ (alcohol, tobacco): the buyer confirms being an adult before paying (ECA art. 243). */
    adultsOnly: boolean("adults_only").notNull().default(false),
    /**
     * 'Disponível sob encomenda' (issue 48): not kept in the units; guests order it before arrival and a run
     * brings it (ADR 0060).
     */
    madeToOrder: boolean("made_to_order").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    /** Deleted by the host: hidden everywhere, kept for the history of carts, orders and stock. */
    archivedAt: ts("archived_at"),
  },
  (t) => [
    index("products_org_idx").on(t.organizationId, t.createdAt),
    check("products_price_not_negative", sql`${t.priceCents} >= 0`),
    check("products_cost_not_negative", sql`${t.costCents} is null or ${t.costCents} >= 0`),
  ],
);

export const properties = pgTable(
  "properties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text("name").notNull(),
    /** The full address: back office only. */
    address: text("address").notNull(),
    /** What guests see of where it is (neighbourhood and city); null = nothing of the address. */
    publicLocation: text("public_location"),
    image: text("image"),
    imageThumb: text("image_thumb"),
    /** Public key of the guest shop /i/{hash}: random, URL-safe, 128 bits. */
    hash: text("hash").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    archivedAt: ts("archived_at"),
  },
  (t) => [
    uniqueIndex("properties_hash_uq").on(t.hash),
    index("properties_org_idx").on(t.organizationId, t.createdAt),
  ],
);

/** Which products a property holds, and how many. */
export const propertyProducts = pgTable(
  "property_products",
  {
    organizationId: organizationId(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Units in the property now; null = not counted (no limit for guests). */
    currentQuantity: integer("current_quantity"),
    /** Units the host wants there (restocking target); null = no limit. */
    expectedQuantity: integer("expected_quantity"),
    /** At or below this many units the owners and managers are told; null = a quarter of the expected. */
    alertQuantity: integer("alert_quantity"),
    /** Units held by orders waiting for payment: guests can buy current − reserved. */
    reservedQuantity: integer("reserved_quantity").notNull().default(0),
    /** Weighted average cost of a unit here, updated when stock comes in; null = unknown. */
    averageCostCents: integer("average_cost_cents"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.productId] }),
    index("property_products_org_idx").on(t.organizationId),
    check(
      "property_products_current_not_negative",
      sql`${t.currentQuantity} is null or ${t.currentQuantity} >= 0`,
    ),
    check("property_products_reserved_not_negative", sql`${t.reservedQuantity} >= 0`),
    check("property_products_alert_not_negative", sql`${t.alertQuantity} is null or ${t.alertQuantity} >= 0`),
    check(
      "property_products_expected_not_negative",
      sql`${t.expectedQuantity} is null or ${t.expectedQuantity} >= 0`,
    ),
  ],
);

/**
 * Append-only ledger of every change to a current quantity (a trigger refuses UPDATE and DELETE).
 * Product and property ids are kept without foreign keys so the history outlives what it describes.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    propertyId: uuid("property_id").notNull(),
    productId: uuid("product_id").notNull(),
    /** null = not counted. */
    oldQuantity: integer("old_quantity"),
    newQuantity: integer("new_quantity"),
    /** initial | adjustment | removal | sale | sale_reversal | restock | loss */
    reason: text("reason").notNull(),
    /** Why stock went without a sale (a loss): consumed_unpaid | expired | broken | host_use | count_adjustment. */
    lossReason: text("loss_reason"),
    /** The unit's average cost when it moved, to value a loss or a gain; null = unknown. */
    unitCostCents: integer("unit_cost_cents"),
    /** What caused it when not a person's edit (an order, a replacement). */
    reference: text("reference"),
    actorUserId: uuid("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("stock_movements_property_product_idx").on(
      t.organizationId,
      t.propertyId,
      t.productId,
      t.createdAt,
    ),
    // The organization's history, newest first, page after page (the stock history screen and its CSV).
    index("stock_movements_org_created_idx").on(t.organizationId, t.createdAt, t.id),
  ],
);
