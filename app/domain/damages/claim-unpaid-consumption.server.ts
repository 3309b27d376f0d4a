import { and, desc, eq, sql } from "drizzle-orm";
import { formatDateTime, saoPauloDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import type { Db } from "~/platform/db/database-handle.server";
import { damageEvents, damageItems, damageRecords, stays } from "~/platform/db/schema";
import { AppError } from "../errors";
import { STAY_ACCOUNT_TEXT as A } from "../stock/stay-account-text";
import { lockOpenStayCount, settleStayCount } from "../stock/stay-count-account.server";
import { type Actor, assertCan } from "../team/permissions";
import { claimDeadlineOf, daysLeft } from "./claim-deadline";

/**
 * 'Incluir na avaria' ('damage.manage'): the missing items of a stay's turnover count, with their amounts at
 * price, become items of that stay's open damage record (or of a new one, 'Consumo não pago'), each saying
 * when it was counted and by whom, so the claim PDF lists them. Only inside the claim deadline, and once: the
 * count is locked and must still be open.
 */
export async function includeUnpaidInDamage(
  db: Db,
  actor: Actor,
  countId: unknown,
  now: Date = new Date(),
): Promise<{ damageId: string }> {
  assertCan(actor, "damage.manage");
  return db.transaction(async (tx) => {
    const count = await lockOpenStayCount(tx, actor, countId);
    const [stay] = await tx
      .select({ id: stays.id, checkOut: stays.checkOut })
      .from(stays)
      .where(and(eq(stays.id, count.stayId), eq(stays.organizationId, actor.organizationId)));
    if (!stay) throw new AppError("not_found", A.countNotFound);
    const deadline = claimDeadlineOf(stay.checkOut);
    if (daysLeft(deadline, saoPauloDay(now)) < 0) throw new AppError("conflict", A.claimClosed);

    const [open] = await tx
      .select({ id: damageRecords.id })
      .from(damageRecords)
      .where(
        and(
          eq(damageRecords.organizationId, actor.organizationId),
          eq(damageRecords.stayId, stay.id),
          eq(damageRecords.status, "open"),
        ),
      )
      .orderBy(desc(damageRecords.createdAt))
      .limit(1)
      .for("update");
    let damageId = open?.id;
    if (!damageId) {
      const [created] = await tx
        .insert(damageRecords)
        .values({
          organizationId: actor.organizationId,
          propertyId: count.propertyId,
          stayId: stay.id,
          title: A.damageTitle,
          claimDeadline: deadline,
          createdBy: actor.userId,
        })
        .returning({ id: damageRecords.id });
      if (!created) throw new Error("damage insert returned nothing");
      damageId = created.id;
      await tx.insert(damageEvents).values({
        organizationId: actor.organizationId,
        damageId,
        kind: "created",
        toStatus: "open",
        actorUserId: actor.userId,
      });
    }
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${damageItems.position}), -1)::int` })
      .from(damageItems)
      .where(eq(damageItems.damageId, damageId));
    const when = formatDateTime(count.takenAt);
    const who = count.countedBy ?? "—";
    const items = count.missing.filter((m) => m.priceCents > 0);
    if (items.length > 0) {
      await tx.insert(damageItems).values(
        items.map((m, i) => ({
          organizationId: actor.organizationId,
          damageId: damageId as string,
          description: A.unpaidItem(m.units, m.name, when, who),
          estimatedCents: m.priceCents,
          position: (last?.position ?? -1) + 1 + i,
        })),
      );
    }
    const total = items.reduce((sum, m) => sum + m.priceCents, 0);
    await tx.insert(damageEvents).values({
      organizationId: actor.organizationId,
      damageId,
      kind: "items_changed",
      detail: `${A.damageTitle} · ${formatCents(total)}`,
      actorUserId: actor.userId,
    });
    await settleStayCount(tx, actor, count.id, "in_damage", damageId);
    return { damageId };
  });
}
