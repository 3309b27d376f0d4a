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
import { properties } from "./catalog";
import { cents, organizationId, ts } from "./columns";
import { stays } from "./stays";

// Issue 46: a stock count ('Conferência') is a record of its own, dated by the moment it was taken on the
// phone (taken_at), and tied to the stay that just ended when it is a turnover count. Its differences are the
// stock movements whose reference is `count:<id>`. ADR 0055 says how it is applied as of taken_at.

export const stockCounts = pgTable(
  "stock_counts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** The stay that just ended (a turnover count); null for a count outside a turnover. */
    stayId: uuid("stay_id").references(() => stays.id, { onDelete: "set null" }),
    /** The phone's id of this count: sent again after a lost connection, it is recorded once. */
    clientId: text("client_id").notNull(),
    /** When it was counted (the phone's clock, never after it reached the server). */
    takenAt: ts("taken_at").notNull(),
    receivedAt: ts("received_at").notNull().defaultNow(),
    countedBy: uuid("counted_by").references(() => user.id, { onDelete: "set null" }),
    /** The loss reason typed for the count's missing units (a line may have its own). */
    lossReason: text("loss_reason").notNull(),
    /** The stay's account of what it found missing: 'open' | 'forgiven' | 'in_damage' (ADR 0055). */
    accountStatus: text("account_status").notNull().default("open"),
    accountStatusBy: uuid("account_status_by").references(() => user.id, { onDelete: "set null" }),
    accountStatusAt: ts("account_status_at"),
    /** The damage record the missing items were added to ('Incluir na avaria'). */
    damageId: uuid("damage_id"),
  },
  (t) => [
    uniqueIndex("stock_counts_client_uq").on(t.organizationId, t.clientId),
    index("stock_counts_property_taken_idx").on(t.organizationId, t.propertyId, t.takenAt),
    index("stock_counts_stay_idx").on(t.organizationId, t.stayId),
    check("stock_counts_account_status_known", sql`${t.accountStatus} in ('open','forgiven','in_damage')`),
  ],
);

/** One product a count checked: what the system expected at taken_at and what was there. */
export const stockCountLines = pgTable(
  "stock_count_lines",
  {
    organizationId: organizationId(),
    countId: uuid("count_id")
      .notNull()
      .references(() => stockCounts.id, { onDelete: "cascade" }),
    productId: uuid("product_id").notNull(),
    /** Name and price when counted: the stay's account keeps them though the catalogue changes. */
    name: text("name").notNull(),
    unitPriceCents: cents("unit_price_cents").notNull(),
    /** Average cost when counted; null = unknown. */
    unitCostCents: cents("unit_cost_cents"),
    expected: integer("expected").notNull(),
    counted: integer("counted").notNull(),
    /** Why this line's missing units are missing: its own reason, or the count's (issue 49). */
    lossReason: text("loss_reason").notNull(),
    /** false: a newer count of this product was already applied, so this one moved no stock (ADR 0055). */
    applied: boolean("applied").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.countId, t.productId] }),
    check("stock_count_lines_counted_not_negative", sql`${t.counted} >= 0`),
  ],
);

/** The organization's settings of the stays' accounts (issue 46). */
export const stayAccountSettings = pgTable("stay_account_settings", {
  organizationId: organizationId().primaryKey(),
  /** Owners and managers are emailed when a turnover count finds unpaid consumption above this (at price). */
  unpaidAlertCents: cents("unpaid_alert_cents").notNull().default(0),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
