import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { cents, organizationId, ts } from "./columns";

// Each organization's own account at a payment provider (ADR 0021): where its guests' money lands, never
// Estadia's. Credentials are sealed (AES-256-GCM, secret-box.server.ts) and opened only by the adapters.

/**
 * An organization's connected account. At most one is live (not 'disconnected') per organization; older
 * ones stay so past payments can still be looked up and refunded with the account that took them.
 */
export const paymentAccounts = pgTable(
  "payment_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    /** sandbox | mercadopago | asaas */
    provider: text("provider").notNull(),
    /** active ('Conectada') | pending ('Pendente') | needs_reconnect ('Precisa reconectar') | disconnected */
    status: text("status").notNull(),
    /** The provider's id of the account: Mercado Pago's user_id, Asaas's account id, the sandbox's seller id. */
    providerAccountId: text("provider_account_id").notNull(),
    /** Asaas: the sub-account's wallet id. */
    walletId: text("wallet_id"),
    /** Asaas: the sub-account's random Pix key (EVP) its BR Codes carry; null until one is made. */
    pixKey: text("pix_key"),
    /**
     * Asaas: the sub-account's approval as `GET /v3/myAccount/status` last said it (commercialInfo,
     * bankAccountInfo, documentation, general); null until read.
     */
    approval: jsonb("approval").$type<Record<string, string>>(),
    displayName: text("display_name"),
    email: text("email"),
    /** Sealed JSON of the account's credentials; null once disconnected. */
    credentials: text("credentials"),
    /** When the access token stops working (Mercado Pago: 180 days), if it does. */
    tokenExpiresAt: ts("token_expires_at"),
    tokenRefreshedAt: ts("token_refreshed_at"),
    /** Why it needs reconnecting, or the last problem seen (never a credential). */
    lastError: text("last_error"),
    connectedBy: uuid("connected_by").references(() => user.id, { onDelete: "set null" }),
    connectedAt: ts("connected_at").notNull().defaultNow(),
    disconnectedAt: ts("disconnected_at"),
    /** The daily reconciliation's last run and what it found (shown on Recebimentos). */
    reconciledAt: ts("reconciled_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_accounts_live_uq").on(t.organizationId).where(sql`${t.status} <> 'disconnected'`),
    // A provider's account belongs to one organization at a time: webhooks find it by this id.
    uniqueIndex("payment_accounts_provider_account_live_uq")
      .on(t.provider, t.providerAccountId)
      .where(sql`${t.status} <> 'disconnected'`),
    index("payment_accounts_refresh_idx").on(t.tokenExpiresAt).where(sql`${t.status} = 'active'`),
    check("payment_accounts_provider_known", sql`${t.provider} in ('sandbox','mercadopago','asaas')`),
    check(
      "payment_accounts_status_known",
      sql`${t.status} in ('active','pending','needs_reconnect','disconnected')`,
    ),
  ],
);

/** Mercado Pago's OAuth `state`: random, single use, bound to the organization and the user, 10 minutes. */
export const paymentOauthStates = pgTable("payment_oauth_states", {
  /** SHA-256 of the state sent in the URL (the state itself is never stored). */
  stateHash: text("state_hash").primaryKey(),
  organizationId: organizationId(),
  userId: uuid("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** What the daily reconciliation found wrong between the provider and our books, for the owner to see. */
export const reconciliationFindings = pgTable(
  "reconciliation_findings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    paymentAccountId: uuid("payment_account_id")
      .notNull()
      .references(() => paymentAccounts.id, { onDelete: "cascade" }),
    /** paid_without_order | order_without_payment | amount_differs */
    kind: text("kind").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    orderId: uuid("order_id"),
    providerAmountCents: cents("provider_amount_cents"),
    ourAmountCents: cents("our_amount_cents"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    foundAt: ts("found_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reconciliation_findings_uq").on(t.paymentAccountId, t.kind, t.providerPaymentId),
    index("reconciliation_findings_org_idx").on(t.organizationId, t.foundAt),
  ],
);
