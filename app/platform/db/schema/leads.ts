import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Visitors who left their details on a landing page; not tenant data (they have no organization yet). */
export const leads = pgTable("leads", {
  id: uuid("id").primaryKey().defaultRandom(),
  fullName: text("full_name").notNull().default(""),
  email: text("email").notNull(),
  phone: text("phone").notNull().default(""),
  propertiesCount: text("properties_count").notNull().default(""),
  language: text("language").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
