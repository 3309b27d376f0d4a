import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { properties } from "./catalog";
import { cents, organizationId, ts } from "./columns";
import { stays } from "./stays";

/**
 * A damage record ('Avaria'): what a stay broke, with photos and estimated amounts, and where its claim
 * stands. Status: open → submitted → reimbursed | refused | archived (archived also from open).
 */
export const damageRecords = pgTable(
  "damage_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** The stay it happened in (by default the one that just ended); null when none is known. */
    stayId: uuid("stay_id").references(() => stays.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** 'open' | 'submitted' | 'reimbursed' | 'refused' | 'archived'. */
    status: text("status").notNull().default("open"),
    /** The last day to claim (the stay's check-out + 14 days), fixed when the stay is chosen. */
    claimDeadline: date("claim_deadline", { mode: "string" }),
    /** What the platform paid back ('Reembolsada'). */
    recoveredCents: cents("recovered_cents"),
    /** When it was reimbursed: the profit dashboard counts the recovered amount on this day. */
    reimbursedAt: ts("reimbursed_at"),
    /** When owners were told the deadline is near (once). */
    deadlineRemindedAt: ts("deadline_reminded_at"),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("damage_records_org_created_idx").on(t.organizationId, t.createdAt),
    index("damage_records_property_idx").on(t.organizationId, t.propertyId),
    index("damage_records_open_deadline_idx")
      .on(t.claimDeadline)
      .where(sql`${t.status} = 'open' and ${t.deadlineRemindedAt} is null`),
    check(
      "damage_records_status_known",
      sql`${t.status} in ('open','submitted','reimbursed','refused','archived')`,
    ),
    check(
      "damage_records_recovered_not_negative",
      sql`${t.recoveredCents} is null or ${t.recoveredCents} >= 0`,
    ),
  ],
);

/** One itemised amount of a record (what broke and its estimated cost). */
export const damageItems = pgTable(
  "damage_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    damageId: uuid("damage_id")
      .notNull()
      .references(() => damageRecords.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    estimatedCents: cents("estimated_cents").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("damage_items_damage_idx").on(t.damageId, t.position),
    check("damage_items_amount_range", sql`${t.estimatedCents} between 0 and 100000000`),
  ],
);

/**
 * A photo of a record (stored like product photos: /media/… paths). /media finds a photo by its address
 * (either size) to serve it to the record's organization only (ADR 0051).
 */
export const damagePhotos = pgTable(
  "damage_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    damageId: uuid("damage_id")
      .notNull()
      .references(() => damageRecords.id, { onDelete: "cascade" }),
    image: text("image").notNull(),
    imageThumb: text("image_thumb").notNull(),
    /** When the camera says it was taken (EXIF), when it says so. */
    takenAt: ts("taken_at"),
    uploadedBy: uuid("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    uploadedAt: ts("uploaded_at").notNull().defaultNow(),
  },
  (t) => [
    index("damage_photos_damage_idx").on(t.damageId, t.uploadedAt),
    index("damage_photos_image_idx").on(t.image),
    index("damage_photos_image_thumb_idx").on(t.imageThumb),
  ],
);

/** The record's timeline (append-only): created, photos added, status changes, amounts. */
export const damageEvents = pgTable(
  "damage_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    damageId: uuid("damage_id")
      .notNull()
      .references(() => damageRecords.id, { onDelete: "cascade" }),
    /** 'created' | 'photo_added' | 'items_changed' | 'status_changed'. */
    kind: text("kind").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    /** A short pt-BR detail for the timeline ('2 fotos', 'R$ 350,00 recuperados'). */
    detail: text("detail"),
    actorUserId: uuid("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("damage_events_damage_idx").on(t.damageId, t.createdAt)],
);
