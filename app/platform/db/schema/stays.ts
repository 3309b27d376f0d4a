import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { properties } from "./catalog";
import { organizationId, ts } from "./columns";

// Issue 23's stays. Dates of a stay are calendar days (YYYY-MM-DD strings, never instants): an all-day
// date read through a time zone shifts by one.

/**
 * A calendar a property imports (an iCal export address from Airbnb, Booking.com, Vrbo or any other). The
 * address carries the platform's secret, so it is sealed at rest; `addressHint` is what the screens show.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** 'airbnb' | 'booking' | 'vrbo' | 'other', read from the address's host. */
    source: text("source").notNull(),
    /** The address, sealed (app/platform/secrets/secret-box.server.ts). */
    addressSealed: text("address_sealed").notNull(),
    /** 'www.airbnb.com.br/…a1b2' — enough to recognise it, never the secret. */
    addressHint: text("address_hint").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastAttemptAt: ts("last_attempt_at"),
    lastSuccessAt: ts("last_success_at"),
    /** The pt-BR reason of the last failed fetch; null once a fetch succeeds. */
    lastError: text("last_error"),
    /** Events (stays and blocks) in the last good fetch: an empty feed after a full one is suspicious. */
    lastEventCount: integer("last_event_count"),
  },
  (t) => [index("calendar_feeds_property_idx").on(t.organizationId, t.propertyId)],
);

/**
 * A stay or a block on a property's calendar: from a feed (feed_id, uid) or typed by hand ('Reserva direta',
 * feed_id null). A stay missing from a good feed is cancelled, never deleted; a failed fetch changes nothing.
 */
export const stays = pgTable(
  "stays",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    feedId: uuid("feed_id").references(() => calendarFeeds.id, { onDelete: "set null" }),
    /** The feed's UID; null for a stay typed by hand. */
    uid: text("uid"),
    /** 'stay' (a guest) | 'block' (the calendar is closed: occupies it, is not a stay). */
    kind: text("kind").notNull(),
    /** 'airbnb' | 'booking' | 'vrbo' | 'other' | 'direct'. */
    source: text("source").notNull(),
    checkIn: date("check_in", { mode: "string" }).notNull(),
    /** The check-out day (the feed's DTEND of an all-day event). */
    checkOut: date("check_out", { mode: "string" }).notNull(),
    summary: text("summary"),
    /** The platform's reservation code, when the feed gives one (Airbnb's 'Reservation URL'). */
    reservationCode: text("reservation_code"),
    /** 'confirmed' | 'cancelled'. */
    status: text("status").notNull().default("confirmed"),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    cancelledAt: ts("cancelled_at"),
    /**
     * The stay's shop link /e/<token> (issue 48): the host pastes it in the booking platform's welcome message;
     * before check-in it opens the pre-arrival shop (ADR 0060). 122 random bits from PostgreSQL.
     */
    shopToken: text("shop_token").notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    uniqueIndex("stays_feed_uid_uq").on(t.feedId, t.uid),
    uniqueIndex("stays_shop_token_uq").on(t.shopToken),
    index("stays_property_dates_idx").on(t.organizationId, t.propertyId, t.checkIn),
    index("stays_org_dates_idx").on(t.organizationId, t.checkIn),
    check("stays_kind_known", sql`${t.kind} in ('stay','block')`),
    check("stays_status_known", sql`${t.status} in ('confirmed','cancelled')`),
    check("stays_source_known", sql`${t.source} in ('airbnb','booking','vrbo','other','direct')`),
    check("stays_dates_ordered", sql`${t.checkOut} > ${t.checkIn}`),
  ],
);

/**
 * The organization's secret calendar (turnovers and restocking runs) for the cleaning team's phone:
 * /agenda/<token>.ics. A new token replaces the old one, which then answers 404.
 */
export const agendaFeedTokens = pgTable(
  "agenda_feed_tokens",
  {
    organizationId: organizationId().primaryKey(),
    token: text("token").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("agenda_feed_tokens_token_uq").on(t.token)],
);
