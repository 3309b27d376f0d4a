import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organizationId, ts } from "./columns";
import { orders } from "./orders";

/**
 * A guest's data request under LGPD art. 18 (issue 24): a copy of their data ('export') or its erasure
 * ('erasure'), made by the guest from their receipt's link or recorded by an owner. Due 15 days after it
 * was made; answered once, by whom and when.
 */
export const guestDataRequests = pgTable(
  "guest_data_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    kind: text("kind").notNull(),
    /** 'guest' (the receipt's link) or 'owner' (found and answered in 'Dados de hóspedes'). */
    source: text("source").notNull(),
    /** The guest as they were found: lower-case email, or digits of the phone or CPF. Erased when answered by erasure. */
    subjectEmail: text("subject_email"),
    subjectPhone: text("subject_phone"),
    subjectCpf: text("subject_cpf"),
    /** The order whose receipt the guest's request came from. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The guest's language, for the answer they get. */
    locale: text("locale").notNull().default("pt-BR"),
    requestedAt: ts("requested_at").notNull().defaultNow(),
    /** requested_at + 15 days. */
    dueAt: ts("due_at").notNull(),
    answeredAt: ts("answered_at"),
    answeredBy: uuid("answered_by").references(() => user.id, { onDelete: "set null" }),
    /** 'exported', 'anonymized', or null while open. */
    answer: text("answer"),
  },
  (t) => [
    index("guest_data_requests_org_idx").on(t.organizationId, t.requestedAt),
    check("guest_data_requests_kind_known", sql`${t.kind} in ('export','erasure')`),
    check("guest_data_requests_source_known", sql`${t.source} in ('guest','owner')`),
  ],
);
