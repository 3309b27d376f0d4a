import { and, count, eq } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { damageEvents, damagePhotos, damageRecords } from "~/platform/db/schema";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { insertPhotos, photoCount } from "./create-damage.server";
import { discardPhotos, storePhotos } from "./damage-photo-files.server";
import { DAMAGE_STATUS_LABEL, type DamageStatus, EDITABLE_STATUSES } from "./damage-status";
import { MAX_PHOTOS, DAMAGE_TEXT as T } from "./messages";

/**
 * Adds photos to a record ('damage.report': staff from a phone), up to 10 at a time and 30 in all, while
 * the claim is open or waiting for the platform. The record is locked while they are counted.
 */
export async function addDamagePhotos(
  db: Db,
  actor: Actor,
  id: unknown,
  files: readonly File[],
): Promise<{ added: number }> {
  assertCan(actor, "damage.report");
  if (!isUuid(id)) throw new AppError("not_found", T.notFound);
  if (files.length === 0) throw new AppError("invalid", T.noPhotos, { photos: T.noPhotos });
  // Checked before storing anything, and again under the lock.
  await checkRoom(db, actor, id, files.length);
  const photos = await storePhotos(files);
  try {
    await db.transaction(async (tx) => {
      await checkRoom(tx, actor, id, files.length, true);
      await insertPhotos(tx, actor, id, photos);
      await tx.insert(damageEvents).values({
        organizationId: actor.organizationId,
        damageId: id,
        kind: "photo_added",
        detail: photoCount(photos.length),
        actorUserId: actor.userId,
      });
      await tx.update(damageRecords).set({ updatedAt: new Date() }).where(eq(damageRecords.id, id));
    });
  } catch (err) {
    await discardPhotos(photos);
    throw err;
  }
  return { added: photos.length };
}

async function checkRoom(db: Pick<Db, "select">, actor: Actor, id: string, adding: number, lock = false) {
  const query = db
    .select({ status: damageRecords.status })
    .from(damageRecords)
    .where(and(eq(damageRecords.id, id), eq(damageRecords.organizationId, actor.organizationId)));
  const [record] = lock ? await query.for("update") : await query;
  if (!record) throw new AppError("not_found", T.notFound);
  const status = record.status as DamageStatus;
  if (!EDITABLE_STATUSES.includes(status)) {
    const message = T.photosClosed(DAMAGE_STATUS_LABEL[status]);
    throw new AppError("conflict", message, { photos: message });
  }
  const [held] = await db.select({ n: count() }).from(damagePhotos).where(eq(damagePhotos.damageId, id));
  if ((held?.n ?? 0) + adding > MAX_PHOTOS) {
    throw new AppError("invalid", T.tooManyPhotos, { photos: T.tooManyPhotos });
  }
}
