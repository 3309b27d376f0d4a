import { and, eq } from "drizzle-orm";
import { formatCents } from "~/lib/money";
import { parseAmountText } from "~/lib/price-input";
import { isUuid } from "~/lib/uuid";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { damageEvents, damageItems, damagePhotos, damageRecords } from "~/platform/db/schema";
import { AppError } from "../errors";
import { discardImage } from "../images/image-input.server";
import { type Actor, assertCan } from "../team/permissions";
import { damageTexts } from "./damage-input";
import {
  DAMAGE_MOVES,
  DAMAGE_STATUS_LABEL,
  type DamageStatus,
  EDITABLE_STATUSES,
  isDamageStatus,
} from "./damage-status";
import { MAX_DAMAGE_CENTS, MAX_ITEMS, DAMAGE_TEXT as T } from "./messages";

/** The record, locked for this transaction, or not_found (also for another organization's id). */
async function lockRecord(tx: Tx, actor: Actor, id: unknown) {
  if (!isUuid(id)) throw new AppError("not_found", T.notFound);
  const [record] = await tx
    .select({ id: damageRecords.id, status: damageRecords.status, title: damageRecords.title })
    .from(damageRecords)
    .where(and(eq(damageRecords.id, id), eq(damageRecords.organizationId, actor.organizationId)))
    .for("update");
  if (!record) throw new AppError("not_found", T.notFound);
  return { ...record, status: record.status as DamageStatus };
}

async function logEvent(
  tx: Tx,
  actor: Actor,
  damageId: string,
  event: { kind: string; fromStatus?: string; toStatus?: string; detail?: string | null },
) {
  await tx
    .insert(damageEvents)
    .values({ organizationId: actor.organizationId, damageId, actorUserId: actor.userId, ...event });
  await tx.update(damageRecords).set({ updatedAt: new Date() }).where(eq(damageRecords.id, damageId));
}

/** Title and description ('damage.manage'). */
export async function updateDamageDetails(
  db: Db,
  actor: Actor,
  id: unknown,
  input: { title: unknown; description: unknown },
): Promise<void> {
  assertCan(actor, "damage.manage");
  const texts = damageTexts(input);
  await db.transaction(async (tx) => {
    const record = await lockRecord(tx, actor, id);
    await tx.update(damageRecords).set(texts).where(eq(damageRecords.id, record.id));
    await logEvent(tx, actor, record.id, { kind: "details_changed" });
  });
}

export type ItemInput = { description: unknown; amount: unknown };

/**
 * Replaces the record's items ('damage.manage'): up to 30, each a description (1..200) and an estimated
 * amount typed like a price (> 0, ≤ R$ 1.000.000,00). Field errors are keyed `description:{i}` and
 * `amount:{i}` (the line's position). Only while the claim is open or waiting for the platform.
 */
export async function setDamageItems(
  db: Db,
  actor: Actor,
  id: unknown,
  items: readonly ItemInput[],
): Promise<{ totalCents: number }> {
  assertCan(actor, "damage.manage");
  if (items.length > MAX_ITEMS) throw new AppError("invalid", T.tooManyItems);
  const fieldErrors: Record<string, string> = {};
  const lines = items.map((item, i) => {
    const description =
      typeof item.description === "string" ? item.description.trim().replace(/\s+/g, " ") : "";
    const cents = typeof item.amount === "string" ? parseAmountText(item.amount) : null;
    if (description === "" || description.length > 200) fieldErrors[`description:${i}`] = T.itemDescription;
    if (cents === null || cents <= 0 || cents > MAX_DAMAGE_CENTS) fieldErrors[`amount:${i}`] = T.itemAmount;
    return { description, estimatedCents: cents ?? 0 };
  });
  const first = Object.values(fieldErrors)[0];
  if (first) throw new AppError("invalid", first, fieldErrors);
  const totalCents = lines.reduce((sum, l) => sum + l.estimatedCents, 0);
  await db.transaction(async (tx) => {
    const record = await lockRecord(tx, actor, id);
    if (!EDITABLE_STATUSES.includes(record.status)) {
      throw new AppError("conflict", T.itemsClosed(DAMAGE_STATUS_LABEL[record.status]));
    }
    await tx.delete(damageItems).where(eq(damageItems.damageId, record.id));
    if (lines.length > 0) {
      await tx.insert(damageItems).values(
        lines.map((l, position) => ({
          organizationId: actor.organizationId,
          damageId: record.id,
          description: l.description,
          estimatedCents: l.estimatedCents,
          position,
        })),
      );
    }
    await logEvent(tx, actor, record.id, {
      kind: "items_changed",
      detail: `${lines.length === 1 ? "1 item" : `${lines.length} itens`} · total ${formatCents(totalCents)}`,
    });
  });
  return { totalCents };
}

/**
 * Moves a record from the status the person saw (`from`) to `to` ('damage.manage'): open → submitted |
 * archived, submitted → reimbursed | refused | archived, refused → archived. 'Reembolsada' needs the
 * 'Valor recuperado' (> 0, ≤ R$ 1.000.000,00) and counts it on the day it is recorded.
 */
export async function moveDamage(
  db: Db,
  actor: Actor,
  id: unknown,
  input: { from: unknown; to: unknown; recovered?: unknown },
  now: Date = new Date(),
): Promise<{ status: DamageStatus }> {
  assertCan(actor, "damage.manage");
  if (!isDamageStatus(input.from) || !isDamageStatus(input.to)) throw new AppError("invalid", T.statusFailed);
  const { from, to } = input;
  if (!(DAMAGE_MOVES[from] as readonly DamageStatus[]).includes(to)) {
    throw new AppError("invalid", T.cannotMove(DAMAGE_STATUS_LABEL[from], DAMAGE_STATUS_LABEL[to]));
  }
  let recoveredCents: number | null = null;
  if (to === "reimbursed") {
    recoveredCents = typeof input.recovered === "string" ? parseAmountText(input.recovered) : null;
    if (recoveredCents === null || recoveredCents <= 0 || recoveredCents > MAX_DAMAGE_CENTS) {
      throw new AppError("invalid", T.recoveredAmount, { recovered: T.recoveredAmount });
    }
  }
  return db.transaction(async (tx) => {
    const record = await lockRecord(tx, actor, id);
    if (record.status !== from) {
      // The same move made by someone else a moment ago: done.
      if (record.status === to) return { status: to };
      throw new AppError("conflict", T.moved(DAMAGE_STATUS_LABEL[record.status]));
    }
    await tx
      .update(damageRecords)
      .set(to === "reimbursed" ? { status: to, recoveredCents, reimbursedAt: now } : { status: to })
      .where(eq(damageRecords.id, record.id));
    await logEvent(tx, actor, record.id, {
      kind: "status_changed",
      fromStatus: from,
      toStatus: to,
      detail: recoveredCents === null ? null : `${formatCents(recoveredCents)} recuperados`,
    });
    return { status: to };
  });
}

/** Removes one photo of a record ('damage.manage'); another organization's photo is not_found. */
export async function removeDamagePhoto(db: Db, actor: Actor, id: unknown, photoId: unknown): Promise<void> {
  assertCan(actor, "damage.manage");
  if (!isUuid(photoId)) throw new AppError("not_found", T.photoNotFound);
  const removed = await db.transaction(async (tx) => {
    const record = await lockRecord(tx, actor, id);
    const [photo] = await tx
      .delete(damagePhotos)
      .where(
        and(
          eq(damagePhotos.id, photoId),
          eq(damagePhotos.damageId, record.id),
          eq(damagePhotos.organizationId, actor.organizationId),
        ),
      )
      .returning({ image: damagePhotos.image, imageThumb: damagePhotos.imageThumb });
    if (!photo) throw new AppError("not_found", T.photoNotFound);
    await logEvent(tx, actor, record.id, { kind: "photo_removed" });
    return photo;
  });
  await discardImage(removed);
}
