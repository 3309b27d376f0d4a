import { asc, eq, gt } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { mediaObjects } from "~/platform/db/schema";
import { assertMediaKey, assertMediaType, isMediaKey, type MediaStorage } from "./media-storage";

const PAGE = 500;

/**
 * The bytes in the `media_objects` table of the app's own database (PostgreSQL or PGlite): instances that
 * share one database share their media with no other service. `db` is asked for on each call, so building
 * the store never opens a connection.
 */
export function createPostgresStorage(db: () => Promise<Db>): MediaStorage {
  return {
    async put(key, bytes, contentType) {
      assertMediaKey(key);
      assertMediaType(contentType);
      await (await db())
        .insert(mediaObjects)
        .values({ key, contentType, bytes })
        .onConflictDoUpdate({ target: mediaObjects.key, set: { contentType, bytes } });
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      const [row] = await (await db())
        .select({ bytes: mediaObjects.bytes, contentType: mediaObjects.contentType })
        .from(mediaObjects)
        .where(eq(mediaObjects.key, key));
      return row ?? null;
    },
    async delete(key) {
      assertMediaKey(key);
      await (await db()).delete(mediaObjects).where(eq(mediaObjects.key, key));
    },
    async *keys() {
      // Pages by key, so a large table is never read into memory at once.
      let after = "";
      for (;;) {
        const rows = await (await db())
          .select({ key: mediaObjects.key })
          .from(mediaObjects)
          .where(gt(mediaObjects.key, after))
          .orderBy(asc(mediaObjects.key))
          .limit(PAGE);
        for (const row of rows) yield row.key;
        const last = rows.at(-1);
        if (!last || rows.length < PAGE) return;
        after = last.key;
      }
    },
  };
}
