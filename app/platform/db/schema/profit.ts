import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";
import { cents, organizationId } from "./columns";

// Issue 22's profit summary: sums per São Paulo day, added to in the same transaction as the sale, refund or
// stock movement that changes them (app/domain/profit/), so the dashboard never scans orders. Each column is
// only ever incremented (`x = x + excluded.x`); a refund adds negative amounts on its own day. Property and
// product ids carry no foreign key, like stock_movements: the history outlives what it describes.

/** One row per organization, property and São Paulo day. */
export const profitDaily = pgTable(
  "profit_daily",
  {
    organizationId: organizationId(),
    propertyId: uuid("property_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** Paid sales, at their day of payment. */
    grossCents: cents("gross_cents").notNull().default(0),
    /** The provider's fees, less those a refund gave back (as the ledger posts them). */
    providerFeeCents: cents("provider_fee_cents").notNull().default(0),
    /** Estadia's fees, less those a refund gave back. */
    platformFeeCents: cents("platform_fee_cents").notNull().default(0),
    /** Sales given back, at the refund's day. */
    refundedCents: cents("refunded_cents").notNull().default(0),
    orders: integer("orders").notNull().default(0),
    refundedOrders: integer("refunded_orders").notNull().default(0),
    /** Cost of the units sold whose cost was known, less the refunded ones. */
    cogsCents: cents("cogs_cents").notNull().default(0),
    /** Units sold without a known cost ('sem custo'), less the refunded ones. */
    uncostedUnits: integer("uncosted_units").notNull().default(0),
    /** What those units sold for, so the margin can leave them out. */
    uncostedGrossCents: cents("uncosted_gross_cents").notNull().default(0),
    /** Units lost (stock movements 'loss') at their known average cost. */
    lossCents: cents("loss_cents").notNull().default(0),
    lossUnitsUncosted: integer("loss_units_uncosted").notNull().default(0),
    /** Units a count found over what was there (adjustments up) at their known average cost. */
    gainCents: cents("gain_cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.propertyId] })],
);

/** One row per organization, property, product and São Paulo day: top products by profit. */
export const profitProductDaily = pgTable(
  "profit_product_daily",
  {
    organizationId: organizationId(),
    propertyId: uuid("property_id").notNull(),
    productId: uuid("product_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    units: integer("units").notNull().default(0),
    grossCents: cents("gross_cents").notNull().default(0),
    cogsCents: cents("cogs_cents").notNull().default(0),
    uncostedUnits: integer("uncosted_units").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.propertyId, t.productId] })],
);

// The /sales totals' summary (ADR 0025): orders and their ledger money per São Paulo day of CREATION and
// current status, moved between status rows with the order (app/domain/ledger/sales-summary.server.ts).
// Money as /sales shows it: fees positive (taken), refunds negative (given back), as SaleMoney has them.

/** One row per organization, São Paulo day the orders were created, property and order status. */
export const salesDaily = pgTable(
  "sales_daily",
  {
    organizationId: organizationId(),
    propertyId: uuid("property_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    status: text("status").notNull(),
    /**
     * Which of a few rows of the same key an order adds to (from its id: always the same one), so orders
     * placed at once in one property do not all wait on one row. Readers sum over the slots; days past are
     * folded back into slot 0 (ADR 0050).
     */
    slot: smallint("slot").notNull().default(0),
    orders: integer("orders").notNull().default(0),
    grossCents: cents("gross_cents").notNull().default(0),
    providerFeeCents: cents("provider_fee_cents").notNull().default(0),
    platformFeeCents: cents("platform_fee_cents").notNull().default(0),
    refundCents: cents("refund_cents").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.day, t.propertyId, t.status, t.slot] }),
    // The rows the fold has still to take: only the last days' once it has run.
    index("sales_daily_unfolded_idx").on(t.day).where(sql`${t.slot} <> 0`),
  ],
);
