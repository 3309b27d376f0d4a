import { bigint, timestamp, uuid } from "drizzle-orm/pg-core";
import { organization } from "./auth";

// Column kinds every table of ours uses the same way.

/** An instant, with its time zone. */
export const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Money in integer cents; bigint so sums of large orders never overflow. */
export const cents = (name: string) => bigint(name, { mode: "number" });

/** The tenant: every business row carries it, and every query filters by it. */
export const organizationId = () =>
  uuid("organization_id")
    .notNull()
    .references(() => organization.id, { onDelete: "cascade" });
