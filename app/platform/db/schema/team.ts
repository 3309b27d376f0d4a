import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organization, user } from "./auth";

/**
 * What people did in an organization that the owner may want to look back on: price edits and team
 * changes. Append-only; stock changes have their own ledger (stock_movements).
 */
export const activity = pgTable(
  "activity",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    /** Who did it; null once that account is gone (the line stays). */
    actorUserId: uuid("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    /** e.g. product.price_changed, member.invited, member.joined, member.role_changed, member.removed */
    kind: text("kind").notNull(),
    /** What it was about, as shown: a product's name, a person's email. */
    subject: text("subject").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("activity_organization_created_idx").on(t.organizationId, t.createdAt)],
);
