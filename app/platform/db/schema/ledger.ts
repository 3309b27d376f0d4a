import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organization, user } from "./auth";
import { properties } from "./catalog";
import { cents, organizationId, ts } from "./columns";
import { orders } from "./orders";
import { paymentAccounts } from "./payment-accounts";

// The host's money as the payment provider holds it, mirrored here: a wallet per property and an
// append-only ledger of movements. Amounts are integer cents.

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
    /** Unused since ADR 0021 (fees come from each payment); kept for the rows that have it. */
    processingFeeBps: integer("processing_fee_bps").notNull(),
    /** Can be withdrawn now. May go below zero after a refund. */
    availableCents: cents("available_cents").notNull().default(0),
    /** Card sales the provider has not released yet (receivables). */
    pendingCents: cents("pending_cents").notNull().default(0),
    /** Withdrawals asked for and not yet paid by the provider. */
    reservedCents: cents("reserved_cents").notNull().default(0),
    withdrawnCents: cents("withdrawn_cents").notNull().default(0),
    /** Sales 'Em disputa': taken out of available while the provider holds them (ADR 0061). */
    disputedCents: cents("disputed_cents").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wallets_property_uq").on(t.propertyId),
    index("wallets_org_idx").on(t.organizationId, t.createdAt),
    check("wallets_fee_range", sql`${t.processingFeeBps} between 0 and 10000`),
    check("wallets_pending_not_negative", sql`${t.pendingCents} >= 0`),
    check("wallets_reserved_not_negative", sql`${t.reservedCents} >= 0`),
    check("wallets_disputed_not_negative", sql`${t.disputedCents} >= 0`),
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
    /** A refund before settlement: it will never be released. */
    cancelledAt: ts("cancelled_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("receivables_order_uq").on(t.orderId),
    index("receivables_due_idx")
      .on(t.settlementForecastAt)
      .where(sql`${t.settledAt} is null and ${t.cancelledAt} is null`),
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
    /** sale | fee | platform_fee | settlement | withdrawal | withdrawal_fee | withdrawal_return | refund */
    kind: text("kind").notNull(),
    /** available | pending | reserved | withdrawn | disputed */
    bucket: text("bucket").notNull(),
    amountCents: cents("amount_cents").notNull(),
    reference: text("reference").notNull(),
    /** A refund's line: the part of the sale it gives back (sale | fee | platform_fee); null for any other kind. */
    refundOf: text("refund_of"),
    orderId: uuid("order_id"),
    receivableId: uuid("receivable_id"),
    withdrawalId: uuid("withdrawal_id"),
    createdAt: ts("created_at").notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex("wallet_movements_reference_uq").on(t.reference),
    index("wallet_movements_wallet_idx").on(t.walletId, t.createdAt),
    // /sales and the statement read each sale's gross, fees and net by its order.
    index("wallet_movements_order_idx").on(t.orderId).where(sql`${t.orderId} is not null`),
    check(
      "wallet_movements_bucket_known",
      sql`${t.bucket} in ('available','pending','reserved','withdrawn','disputed')`,
    ),
    check("wallet_movements_amount_not_zero", sql`${t.amountCents} <> 0`),
    check(
      "wallet_movements_refund_of_known",
      sql`(${t.kind} = 'refund') = (${t.refundOf} is not null) and (${t.refundOf} is null or ${t.refundOf} in ('sale','fee','platform_fee'))`,
    ),
  ],
);

/**
 * A withdrawal of a wallet's available money to the host's PIX key: reserved at once (guarded, so
 * concurrent requests never overdraw), withdrawn when the payout provider says it was done, returned to
 * the balance when it failed.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    walletId: uuid("wallet_id")
      .notNull()
      .references(() => wallets.id),
    amountCents: cents("amount_cents").notNull(),
    /** processing | paid | failed */
    status: text("status").notNull().default("processing"),
    pixKeyType: text("pix_key_type").notNull(),
    pixKey: text("pix_key").notNull(),
    requestedBy: uuid("requested_by").references(() => user.id, { onDelete: "set null" }),
    /** From the form: a double click, or a retried post, asks once. */
    requestKey: text("request_key").notNull(),
    provider: text("provider").notNull(),
    /** The organization's account that pays it out (its own balance at the provider). */
    paymentAccountId: uuid("payment_account_id").references(() => paymentAccounts.id),
    providerTransferId: text("provider_transfer_id"),
    failureReason: text("failure_reason"),
    paidAt: ts("paid_at"),
    failedAt: ts("failed_at"),
    checkedAt: ts("checked_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("withdrawals_request_key_uq").on(t.organizationId, t.requestKey),
    uniqueIndex("withdrawals_provider_transfer_uq").on(t.provider, t.providerTransferId),
    index("withdrawals_wallet_idx").on(t.walletId, t.createdAt),
    index("withdrawals_processing_idx").on(t.createdAt).where(sql`${t.status} = 'processing'`),
    check("withdrawals_amount_positive", sql`${t.amountCents} > 0`),
    check("withdrawals_status_known", sql`${t.status} in ('processing','paid','failed')`),
  ],
);

/** The organization's PIX key for withdrawals, kept for next time. */
export const payoutKeys = pgTable("payout_keys", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organization.id, { onDelete: "cascade" }),
  pixKeyType: text("pix_key_type").notNull(),
  pixKey: text("pix_key").notNull(),
  updatedBy: uuid("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * A paid sale's dispute (a card chargeback, a Pix MED), one per payment (ADR 0061): opened holds the sale's
 * net ('Em disputa'), won releases it, lost reverses the sale. Only opened moves on; won and lost are final.
 */
export const disputes = pgTable(
  "disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    paymentId: uuid("payment_id").notNull(),
    walletId: uuid("wallet_id")
      .notNull()
      .references(() => wallets.id),
    /** opened | won | lost */
    status: text("status").notNull(),
    /** Where the held money was: 'available' (moved to 'disputed') or 'pending' (its release waits). */
    heldFrom: text("held_from").notNull(),
    heldCents: cents("held_cents").notNull().default(0),
    /** Lost: what the provider took back from the host. */
    takenCents: cents("taken_cents"),
    openedAt: ts("opened_at").notNull().defaultNow(),
    closedAt: ts("closed_at"),
  },
  (t) => [
    uniqueIndex("disputes_payment_uq").on(t.paymentId),
    index("disputes_org_idx").on(t.organizationId, t.status),
    index("disputes_open_order_idx").on(t.orderId).where(sql`${t.status} = 'opened'`),
    check("disputes_status_known", sql`${t.status} in ('opened','won','lost')`),
    check("disputes_held_from_known", sql`${t.heldFrom} in ('available','pending')`),
  ],
);

/** A paid order given back to the guest, once. */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    amountCents: cents("amount_cents").notNull(),
    reason: text("reason").notNull(),
    requestedBy: uuid("requested_by").references(() => user.id, { onDelete: "set null" }),
    providerRefundId: text("provider_refund_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("refunds_order_uq").on(t.orderId)],
);
