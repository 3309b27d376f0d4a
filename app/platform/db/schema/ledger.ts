import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organization } from "./auth";
import { properties } from "./catalog";
import { orders } from "./orders";

// The host's money as the payment provider holds it, mirrored here: a wallet per property and an
// append-only ledger of movements. Amounts are integer cents.
const ts = (name: string) => timestamp(name, { withTimezone: true });
const cents = (name: string) => bigint(name, { mode: "number" });
const organizationId = () =>
  uuid("organization_id")
    .notNull()
    .references(() => organization.id, { onDelete: "cascade" });

/**
 * One wallet per property. The balance columns are the sums of its movements per bucket, kept in the same
 * transaction as each movement so a guarded update can hold a withdrawal to what is available.
 */
export const wallets = pgTable(
  "wallets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id),
    currency: text("currency").notNull().default("BRL"),
    /** The provider's fee on a sale, in basis points (399 = 3.99%), copied from configuration at creation. */
    processingFeeBps: integer("processing_fee_bps").notNull(),
    /** Can be withdrawn now. May go below zero after a refund. */
    availableCents: cents("available_cents").notNull().default(0),
    /** Card sales the provider has not released yet (receivables). */
    pendingCents: cents("pending_cents").notNull().default(0),
    /** Withdrawals asked for and not yet paid by the provider. */
    reservedCents: cents("reserved_cents").notNull().default(0),
    withdrawnCents: cents("withdrawn_cents").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wallets_property_uq").on(t.propertyId),
    index("wallets_org_idx").on(t.organizationId, t.createdAt),
    check("wallets_fee_range", sql`${t.processingFeeBps} between 0 and 10000`),
    check("wallets_pending_not_negative", sql`${t.pendingCents} >= 0`),
    check("wallets_reserved_not_negative", sql`${t.reservedCents} >= 0`),
  ],
);

/** A card sale's money, released by the provider on its forecast date. */
export const receivables = pgTable(
  "receivables",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    walletId: uuid("wallet_id")
      .notNull()
      .references(() => wallets.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** Net of the fee. */
    amountCents: cents("amount_cents").notNull(),
    settlementForecastAt: ts("settlement_forecast_at").notNull(),
    settledAt: ts("settled_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("receivables_order_uq").on(t.orderId),
    index("receivables_due_idx").on(t.settlementForecastAt).where(sql`${t.settledAt} is null`),
    check("receivables_amount_not_negative", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Append-only (a trigger refuses UPDATE and DELETE). Each row moves money into or out of one bucket of a
 * wallet; `reference` is unique, so the same business event can never be posted twice.
 */
export const walletMovements = pgTable(
  "wallet_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    walletId: uuid("wallet_id")
      .notNull()
      .references(() => wallets.id),
    /** sale | fee | settlement | withdrawal | withdrawal_return | refund */
    kind: text("kind").notNull(),
    /** available | pending | reserved | withdrawn */
    bucket: text("bucket").notNull(),
    amountCents: cents("amount_cents").notNull(),
    reference: text("reference").notNull(),
    orderId: uuid("order_id"),
    receivableId: uuid("receivable_id"),
    withdrawalId: uuid("withdrawal_id"),
    createdAt: ts("created_at").notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex("wallet_movements_reference_uq").on(t.reference),
    index("wallet_movements_wallet_idx").on(t.walletId, t.createdAt),
    check(
      "wallet_movements_bucket_known",
      sql`${t.bucket} in ('available','pending','reserved','withdrawn')`,
    ),
    check("wallet_movements_amount_not_zero", sql`${t.amountCents} <> 0`),
  ],
);
