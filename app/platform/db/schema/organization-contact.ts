import { pgTable, text } from "drizzle-orm/pg-core";
import { organizationId, ts } from "./columns";

/**
 * How guests reach the host (issue 24): shown on the shop, the success page and the receipt. Every field is
 * optional; none set = no contact shown.
 */
export const organizationContacts = pgTable("organization_contacts", {
  organizationId: organizationId().primaryKey(),
  /** Digits with country code (5548999998888): the wa.me link. */
  whatsapp: text("whatsapp"),
  /** Digits with country code. */
  phone: text("phone"),
  email: text("email"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
