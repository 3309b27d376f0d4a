import { and, eq, isNull } from "drizzle-orm";
import { saoPauloDay } from "~/lib/dates";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { damageEvents, damagePhotos, damageRecords, properties } from "~/platform/db/schema";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { claimDeadlineOf } from "./claim-deadline";
import { damageTexts } from "./damage-input";
import { discardPhotos, type StoredPhoto, storePhotos } from "./damage-photo-files.server";
import { lastEndedStay, stayOfProperty } from "./damage-stays.server";
import { DAMAGE_TEXT as T } from "./messages";

export type NewDamage = {
  propertyId: unknown;
  /** A stay id, '' for 'Sem estadia', or undefined for the property's stay that ended most recently. */
  stayId: unknown;
  title: unknown;
  description: unknown;
};

/**
 * Opens a damage record ('damage.report': staff too). No amounts here: items and status belong to those
 * who manage damages. The claim deadline is fixed from the stay chosen (null without one). Photos are
 * stored first and removed again when the record could not be saved.
 */
export async function createDamage(
  db: Db,
  actor: Actor,
  input: NewDamage,
  files: readonly File[] = [],
  now: Date = new Date(),
): Promise<{ id: string }> {
  assertCan(actor, "damage.report");
  const texts = damageTexts(input);
  if (!isUuid(input.propertyId)) throw new AppError("not_found", T.propertyNotFound);
  const propertyId = input.propertyId;
  const [property] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        eq(properties.organizationId, actor.organizationId),
        isNull(properties.archivedAt),
      ),
    );
  if (!property) throw new AppError("not_found", T.propertyNotFound);
  const today = saoPauloDay(now);
  let stay: { id: string; checkOut: string } | undefined;
  if (input.stayId === undefined || input.stayId === null) {
    stay = await lastEndedStay(db, actor.organizationId, propertyId, today);
  } else if (input.stayId !== "") {
    if (!isUuid(input.stayId)) throw new AppError("not_found", T.stayNotFound, { stayId: T.stayNotFound });
    stay = await stayOfProperty(db, actor.organizationId, propertyId, input.stayId);
    if (!stay) throw new AppError("not_found", T.stayNotFound, { stayId: T.stayNotFound });
  }

  const photos = await storePhotos(files);
  try {
    return await db.transaction(async (tx) => {
      const [record] = await tx
        .insert(damageRecords)
        .values({
          organizationId: actor.organizationId,
          propertyId,
          stayId: stay?.id ?? null,
          title: texts.title,
          description: texts.description,
          claimDeadline: stay ? claimDeadlineOf(stay.checkOut) : null,
          createdBy: actor.userId,
        })
        .returning({ id: damageRecords.id });
      if (!record) throw new Error("damage insert returned nothing");
      await tx.insert(damageEvents).values({
        organizationId: actor.organizationId,
        damageId: record.id,
        kind: "created",
        toStatus: "open",
        detail: photos.length > 0 ? photoCount(photos.length) : null,
        actorUserId: actor.userId,
      });
      await insertPhotos(tx, actor, record.id, photos);
      return record;
    });
  } catch (err) {
    await discardPhotos(photos);
    throw err;
  }
}

export function photoCount(n: number): string {
  return n === 1 ? "1 foto" : `${n} fotos`;
}

export async function insertPhotos(
  tx: Pick<Db, "insert">,
  actor: Actor,
  damageId: string,
  photos: readonly StoredPhoto[],
): Promise<void> {
  if (photos.length === 0) return;
  const now = Date.now();
  await tx.insert(damagePhotos).values(
    photos.map((p, i) => ({
      organizationId: actor.organizationId,
      damageId,
      image: p.image,
      imageThumb: p.imageThumb,
      takenAt: p.takenAt,
      uploadedBy: actor.userId,
      // A millisecond apart, so photos sent together keep the order they were chosen in.
      uploadedAt: new Date(now + i),
    })),
  );
}
