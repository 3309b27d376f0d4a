import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organizationId, ts } from "./columns";
import { orders } from "./orders";

/** The email a WhatsApp message falls back to, written when it was queued. */
export type FallbackEmail = { to: string; subject: string; text: string; html: string };

/**
 * A member's notification choices in one organization (issue 50, ADR 0054): the WhatsApp number they
 * confirmed with a code sent to it, the events they get there (every other one goes by email), and quiet
 * hours in São Paulo time during which WhatsApp messages wait.
 */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    organizationId: organizationId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The confirmed number: digits with the country code (5548999998888); null until one is confirmed. */
    phone: text("phone"),
    phoneConfirmedAt: ts("phone_confirmed_at"),
    /** The number the last code went to, until it is confirmed. */
    pendingPhone: text("pending_phone"),
    /** SHA-256 of the code with a salt of its own ("salt:hex"); the code itself is never stored. */
    codeHash: text("code_hash"),
    codeExpiresAt: ts("code_expires_at"),
    /** Wrong codes typed since the last one was sent. */
    codeAttempts: integer("code_attempts").notNull().default(0),
    /** The events sent on WhatsApp. */
    whatsappEvents: text("whatsapp_events").array().notNull().default(sql`'{}'::text[]`),
    /** Minutes after midnight in São Paulo (22:00 = 1320); both null = no quiet hours. */
    quietStart: smallint("quiet_start").default(1320),
    quietEnd: smallint("quiet_end").default(480),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    check(
      "notification_settings_quiet_range",
      sql`(${t.quietStart} is null) = (${t.quietEnd} is null) and coalesce(${t.quietStart}, 0) between 0 and 1439 and coalesce(${t.quietEnd}, 0) between 0 and 1439`,
    ),
  ],
);

/**
 * Every notification sent to a member or a guest, once per event and recipient (`dedupe_key`): by email
 * (sent when it was written) or queued for WhatsApp, where it is sent by a job once across instances,
 * retried with backoff, and moves forward only: queued → accepted → sent → delivered → read, or failed
 * (then its fallback email is sent once).
 */
export const notificationMessages = pgTable(
  "notification_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    /** The event (sales_summary, stock_alert, …), guest_receipt or phone_code. */
    kind: text("kind").notNull(),
    /** The event's occurrence and its recipient: a second notice of it is not sent. */
    dedupeKey: text("dedupe_key").notNull(),
    /** The member it went to; null for a guest. */
    userId: uuid("user_id").references(() => user.id, { onDelete: "cascade" }),
    /** The guest's order; null for a member. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    /** WhatsApp: digits with the country code. Email: the address. Erased with a guest's data. */
    recipient: text("recipient"),
    /** WhatsApp only: the approved template, its language (pt_BR, en, es) and its {{n}} values in order. */
    template: text("template"),
    language: text("language"),
    variables: jsonb("variables").$type<string[]>(),
    status: text("status").notNull(),
    /** Meta's message id (wamid…), once the API accepted it. */
    wamid: text("wamid"),
    attempts: integer("attempts").notNull().default(0),
    /** Not sent before (backoff, quiet hours, the rate limit). */
    nextAttemptAt: ts("next_attempt_at"),
    /** A sender holds it until then (it is being sent). */
    claimedUntil: ts("claimed_until"),
    /** Quiet hours of the member when it was queued, for the retries (minutes, São Paulo). */
    quietStart: smallint("quiet_start"),
    quietEnd: smallint("quiet_end"),
    lastError: text("last_error"),
    errorCode: integer("error_code"),
    /** The email sent instead when WhatsApp fails for good; null for a guest's receipt and a code. */
    fallback: jsonb("fallback").$type<FallbackEmail>(),
    fallbackSentAt: ts("fallback_sent_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    acceptedAt: ts("accepted_at"),
    sentAt: ts("sent_at"),
    deliveredAt: ts("delivered_at"),
    readAt: ts("read_at"),
    failedAt: ts("failed_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("notification_messages_dedupe_uq").on(t.dedupeKey),
    uniqueIndex("notification_messages_wamid_uq").on(t.wamid),
    index("notification_messages_member_idx").on(t.organizationId, t.userId, t.createdAt),
    index("notification_messages_order_idx").on(t.orderId),
    // What the sender takes: queued WhatsApp messages by when they are due.
    index("notification_messages_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    // Failed ones whose email is still to go.
    index("notification_messages_fallback_idx")
      .on(t.failedAt)
      .where(sql`${t.status} = 'failed' and ${t.fallback} is not null and ${t.fallbackSentAt} is null`),
    check("notification_messages_channel_known", sql`${t.channel} in ('email','whatsapp')`),
    check(
      "notification_messages_status_known",
      sql`${t.status} in ('emailed','queued','accepted','sent','delivered','read','failed')`,
    ),
  ],
);

/**
 * Every status Meta reported for a message (its webhook), once per message and status: a replay adds
 * nothing, and a status that arrives before the sender stored the message's wamid is applied when it does.
 */
export const whatsappStatusUpdates = pgTable(
  "whatsapp_status_updates",
  {
    wamid: text("wamid").notNull(),
    status: text("status").notNull(),
    /** When it happened, as Meta says (the webhook's timestamp). */
    at: ts("at").notNull(),
    errorCode: integer("error_code"),
    errorTitle: text("error_title"),
    receivedAt: ts("received_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.wamid, t.status] }),
    index("whatsapp_status_updates_received_idx").on(t.receivedAt),
    check("whatsapp_status_updates_known", sql`${t.status} in ('sent','delivered','read','failed')`),
  ],
);
