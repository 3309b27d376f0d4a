import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products, properties } from "./catalog";
import { organizationId, ts } from "./columns";

/**
 * A restocking run (reposição): products taken to properties. Status moves forward only:
 * processing → separated_for_replacement → in_transit → delivered; cancelled before transit; returned from
 * transit. Delivered adds each line's delivered quantity to its property's stock, once.
 */
export const replacements = pgTable(
  "replacements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    /** 'Reposição #12': per organization, from replacement_counters, never reused. */
    number: integer("number").notNull(),
    status: text("status").notNull().default("processing"),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    /** 'Entregar até': the next check-in of its properties when it was planned (issue 23); null = no date. */
    deliverBy: date("deliver_by", { mode: "string" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("replacements_org_created_idx").on(t.organizationId, t.createdAt),
    uniqueIndex("replacements_org_number_uq").on(t.organizationId, t.number),
    check(
      "replacements_status_known",
      sql`${t.status} in ('processing','separated_for_replacement','in_transit','delivered','cancelled','returned')`,
    ),
  ],
);

/**
 * The last run number each organization handed out: bumped in the transaction that creates a run, so its row
 * lock orders concurrent creations and a number is never given twice, even after a run is gone.
 */
export const replacementCounters = pgTable(
  "replacement_counters",
  {
    organizationId: organizationId().primaryKey(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [check("replacement_counters_positive", sql`${t.lastNumber} > 0`)],
);

export const replacementItems = pgTable(
  "replacement_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    replacementId: uuid("replacement_id")
      .notNull()
      .references(() => replacements.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    /** What was planned to go. */
    quantity: integer("quantity").notNull(),
    /** What actually went, when lowered before delivery (a unit that did not fit in the car); null = all. */
    deliveredQuantity: integer("delivered_quantity"),
    /** What one unit of this line cost (the product's cost when the run was made, editable before delivery). */
    unitCostCents: integer("unit_cost_cents"),
  },
  (t) => [
    uniqueIndex("replacement_items_line_uq").on(t.replacementId, t.propertyId, t.productId),
    index("replacement_items_property_product_idx").on(t.propertyId, t.productId),
    check("replacement_items_quantity_positive", sql`${t.quantity} between 1 and 1000000`),
    check("replacement_items_cost_not_negative", sql`${t.unitCostCents} is null or ${t.unitCostCents} >= 0`),
    check(
      "replacement_items_delivered_range",
      sql`${t.deliveredQuantity} is null or (${t.deliveredQuantity} >= 0 and ${t.deliveredQuantity} <= ${t.quantity})`,
    ),
  ],
);

/** Append-only history of a run's status (a trigger refuses UPDATE and DELETE). */
export const replacementStatusChanges = pgTable(
  "replacement_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    replacementId: uuid("replacement_id")
      .notNull()
      .references(() => replacements.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorUserId: uuid("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("replacement_status_changes_idx").on(t.replacementId, t.createdAt)],
);

/**
 * A property product that fell to or below its alert level, waiting for the next digest email to the
 * organization's owners and managers. One open alert per property product.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    notifiedAt: ts("notified_at"),
  },
  (t) => [
    uniqueIndex("stock_alerts_open_uq").on(t.propertyId, t.productId).where(sql`${t.notifiedAt} is null`),
    index("stock_alerts_pending_idx").on(t.organizationId).where(sql`${t.notifiedAt} is null`),
  ],
);
