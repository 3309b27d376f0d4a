import { customType, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

/** Raw bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both are handed back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The `postgres` media store (ADR 0028). A storage backend, not tenant data: keys are random capabilities
 * referenced from tenant rows (product photos, QR templates), so it carries no organization_id.
 */
export const mediaObjects = pgTable("media_objects", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});
