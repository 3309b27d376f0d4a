import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organizationId, ts } from "./columns";

/**
 * A poster background with where the property's QR code goes on it. The positions are pixels of the image
 * as shown 500 px wide (app/lib/qr-placement.ts); the image is an upload of ours (`/media/…`), never an
 * outside URL, so posters are drawn from bytes we hold.
 */
export const qrTemplates = pgTable(
  "qr_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: organizationId(),
    /** What the list and the poster template select call it. */
    name: text("name").notNull(),
    /** The one the posters use when none is named; at most one per organization, none = the built-in. */
    isDefault: boolean("is_default").notNull().default(false),
    image: text("image").notNull(),
    imageThumb: text("image_thumb").notNull(),
    /** Of the stored image, so a preview has the right shape before the image loads. */
    imageWidth: integer("image_width").notNull(),
    imageHeight: integer("image_height").notNull(),
    positionX: integer("position_x").notNull().default(0),
    positionY: integer("position_y").notNull().default(0),
    size: integer("size").notNull().default(100),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("qr_templates_org_idx").on(t.organizationId, t.createdAt),
    uniqueIndex("qr_templates_one_default_uq").on(t.organizationId).where(sql`${t.isDefault}`),
    check("qr_templates_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check("qr_templates_position_x_range", sql`${t.positionX} between 0 and 500`),
    check("qr_templates_position_y_range", sql`${t.positionY} between 0 and 500`),
    check("qr_templates_size_range", sql`${t.size} between 50 and 300`),
    check("qr_templates_image_size_positive", sql`${t.imageWidth} > 0 and ${t.imageHeight} > 0`),
  ],
);
