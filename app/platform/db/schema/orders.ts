import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organization } from "./auth";
import { carts } from "./carts";
import { products, properties } from "./catalog";
import { cents, organizationId, ts } from "./columns";
import { paymentAccounts } from "./payment-accounts";
import { replacements } from "./restock";
import { stays } from "./stays";

/** What a guest was told about their cart when the order was made (a price changed, an item left). */
export type OrderNotice = {
  productId: string;
  name: string;
  kind: "price" | "removed";
  from?: number;
  to?: number;
};

/**
 * A guest's order: the buyer and a snapshot of what they buy, made when they continue to payment.
 * Status only moves forward: pending → processing → paid (→ refunded), or pending/processing → failed | cancelled.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id),
    /** The guest device that made it: only it may see or pay it. */
    deviceId: text("device_id").notNull(),
    status: text("status").notNull().default("pending"),
    paymentMethod: text("payment_method").notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email"),
    buyerPhone: text("buyer_phone"),
    /** Digits only. */
    buyerCpf: text("buyer_cpf"),
    totalCents: cents("total_cents").notNull(),
    /** The guest's language when ordering (pt-BR, en, es): the receipt and the data-request page use it. */
    locale: text("locale").notNull().default("pt-BR"),
    /**
     * When the buyer's personal fields were erased (LGPD: the owner's 'Anonimizar', the guest's own
     * request, or the retention job); amounts, items and the ledger stay.
     */
    anonymizedAt: ts("anonymized_at"),
    /** When the buyer confirmed being 18 or older, for a cart with an 18+ product (issue 24). */
    adultConfirmedAt: ts("adult_confirmed_at"),
    notices: jsonb("notices").$type<OrderNotice[]>().notNull().default([]),
    /** The stock it holds is given back if it is not paid by then. */
    expiresAt: ts("expires_at").notNull(),
    paidAt: ts("paid_at"),
    /** The payment that paid it (any other approved one is refunded). */
    paidPaymentId: uuid("paid_payment_id"),
    /** When it became cancelled or failed. */
    closedAt: ts("closed_at"),
    receiptSentAt: ts("receipt_sent_at"),
    /**
     * When the guest ticked 'Receber o comprovante no WhatsApp' (issue 50): their consent, kept with its time
     * (LGPD), exported and erased with their data. Null = no WhatsApp.
     */
    whatsappOptInAt: ts("whatsapp_opt_in_at"),
    /** When the WhatsApp receipt was queued (once). */
    whatsappReceiptAt: ts("whatsapp_receipt_at"),
    /**
     * A pre-arrival order (issue 48, ADR 0060): the stay it is for. It takes nothing from the unit's stock; a run
     * brings it by that check-in.
     */
    stayId: uuid("stay_id").references(() => stays.id),
    /** The run that brings a paid pre-arrival order ('Pedido do hóspede' on its lines). */
    replacementId: uuid("replacement_id").references(() => replacements.id, { onDelete: "set null" }),
    /** When its run was delivered. */
    deliveredAt: ts("delivered_at"),
    /** When the guest's 'entregue' email was claimed (once; given back if it could not be sent). */
    deliveryMailAt: ts("delivery_mail_at"),
    /** When the owner was warned that it was not delivered by check-in (once). */
    lateWarnedAt: ts("late_warned_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "orders_status_known",
      sql`${t.status} in ('pending','processing','paid','cancelled','failed','refunded')`,
    ),
    check("orders_method_known", sql`${t.paymentMethod} in ('pix','credit_card')`),
    check("orders_total_positive", sql`${t.totalCents} > 0`),
    // One order in progress and at most one paid per cart.
    uniqueIndex("orders_cart_open_uq").on(t.cartId).where(sql`${t.status} in ('pending','processing')`),
    uniqueIndex("orders_cart_paid_uq").on(t.cartId).where(sql`${t.status} = 'paid'`),
    index("orders_org_created_idx").on(t.organizationId, t.createdAt, t.id),
    // A stay's sales: its property's orders paid within its window (issue 23).
    index("orders_property_paid_idx")
      .on(t.organizationId, t.propertyId, t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    index("orders_cart_idx").on(t.cartId, t.createdAt),
    index("orders_replacement_idx").on(t.replacementId).where(sql`${t.replacementId} is not null`),
    index("orders_stay_idx").on(t.stayId).where(sql`${t.stayId} is not null`),
    index("orders_open_expiry_idx").on(t.expiresAt).where(sql`${t.status} in ('pending','processing')`),
    // The retention job reads the oldest orders not yet anonymized (issue 24).
    index("orders_not_anonymized_idx").on(t.createdAt).where(sql`${t.anonymizedAt} is null`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    name: text("name").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    /** Units held in the property's stock for this order (0 when its stock is not counted). */
    reservedQuantity: integer("reserved_quantity").notNull().default(0),
    /** The property's average cost of a unit when the sale was made; past profit never changes. */
    unitCostCents: integer("unit_cost_cents"),
  },
  (t) => [
    unique("order_items_order_product_uq").on(t.orderId, t.productId),
    check("order_items_quantity_range", sql`${t.quantity} between 1 and 99`),
    check("order_items_price_positive", sql`${t.unitPriceCents} > 0`),
    check(
      "order_items_reserved_range",
      sql`${t.reservedQuantity} >= 0 and ${t.reservedQuantity} <= ${t.quantity}`,
    ),
  ],
);

/** Append-only history of an order's status (a trigger refuses UPDATE and DELETE). */
export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** Why: created, payment_approved, payment_rejected, expired, replaced… */
    reason: text("reason").notNull(),
    createdAt: ts("created_at").notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("order_status_changes_order_idx").on(t.orderId, t.createdAt)],
);

/** One attempt to pay an order at the provider: a PIX charge or a card charge. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The organization's account that took it: its credentials look it up and refund it. */
    paymentAccountId: uuid("payment_account_id").references(() => paymentAccounts.id),
    /** Estadia's fee asked for on this charge (application_fee / split); what was taken is in the ledger. */
    platformFeeCents: cents("platform_fee_cents").notNull().default(0),
    /** Null until the provider answered the creation. */
    providerPaymentId: text("provider_payment_id"),
    method: text("method").notNull(),
    /** creating (asked, no answer yet), pending, processing, approved, rejected, cancelled, refunded, error */
    status: text("status").notNull().default("creating"),
    statusDetail: text("status_detail"),
    amountCents: cents("amount_cents").notNull(),
    /** Sent as X-Idempotency-Key: a retry of the same attempt never charges twice. */
    idempotencyKey: text("idempotency_key").notNull(),
    pixCode: text("pix_code"),
    expiresAt: ts("expires_at"),
    cardLastFour: text("card_last_four"),
    cardBrand: text("card_brand"),
    refundedCents: cents("refunded_cents").notNull().default(0),
    /** Last time we asked the provider how it stands (reconciliation paces itself by it). */
    checkedAt: ts("checked_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    unique("payments_idempotency_key_uq").on(t.idempotencyKey),
    unique("payments_provider_id_uq").on(t.provider, t.providerPaymentId),
    index("payments_order_idx").on(t.orderId, t.createdAt),
    index("payments_open_idx").on(t.createdAt).where(sql`${t.status} in ('creating','pending','processing')`),
  ],
);

/**
 * Webhook notifications as they arrived, once each (unique per provider and event id). They are hints:
 * the payment's real state is fetched from the provider. organization_id is known once matched.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id").references(() => organization.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    topic: text("topic").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    payload: jsonb("payload"),
    receivedAt: ts("received_at").notNull().defaultNow(),
    processedAt: ts("processed_at"),
  },
  (t) => [
    unique("payment_events_provider_event_uq").on(t.provider, t.eventId),
    index("payment_events_unprocessed_idx").on(t.receivedAt).where(sql`${t.processedAt} is null`),
  ],
);
