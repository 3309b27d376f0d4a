import { bigint, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

// The offline sandbox payment provider's own books. They stand for the provider's side, not ours: the
// app reads them only through the PaymentProvider interface, and the sandbox's pages.

export const sandboxPayments = pgTable("sandbox_payments", {
  id: text("id").primaryKey(),
  /** Answers a repeated creation with the same payment. */
  idempotencyKey: text("idempotency_key").notNull().unique(),
  /** The simulated seller account it was made on (what Mercado Pago's user_id is). */
  sellerId: text("seller_id").notNull().default(""),
  method: text("method").notNull(),
  status: text("status").notNull(),
  statusDetail: text("status_detail").notNull(),
  amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  refundedCents: bigint("refunded_cents", { mode: "number" }).notNull().default(0),
  /** Estadia's fee asked for (application_fee), and the sandbox's own fee, taken when approved. */
  applicationFeeCents: bigint("application_fee_cents", { mode: "number" }).notNull().default(0),
  feeCents: bigint("fee_cents", { mode: "number" }).notNull().default(0),
  externalReference: text("external_reference").notNull(),
  description: text("description").notNull(),
  pixCode: text("pix_code"),
  expiresAt: ts("expires_at"),
  cardLastFour: text("card_last_four"),
  cardBrand: text("card_brand"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Single-use card tokens: what is kept of a card is what may be shown of it. */
export const sandboxCardTokens = pgTable("sandbox_card_tokens", {
  id: text("id").primaryKey(),
  lastFour: text("last_four").notNull(),
  brand: text("brand").notNull(),
  holderName: text("holder_name").notNull(),
  usedAt: ts("used_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** Refunds, once per idempotency key. */
export const sandboxRefunds = pgTable("sandbox_refunds", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  paymentId: text("payment_id").notNull(),
  amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** The sandbox's transfers to PIX keys (payouts of withdrawals). */
export const sandboxTransfers = pgTable("sandbox_transfers", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  sellerId: text("seller_id").notNull().default(""),
  status: text("status").notNull(),
  amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  externalReference: text("external_reference").notNull(),
  pixKeyType: text("pix_key_type").notNull(),
  pixKey: text("pix_key").notNull(),
  failureReason: text("failure_reason"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
