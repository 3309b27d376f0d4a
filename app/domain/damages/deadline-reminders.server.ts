import { and, eq, gte, isNull, lte } from "drizzle-orm";
import { addDays, formatDay, saoPauloDay } from "~/lib/dates";
import type { Db } from "~/platform/db/database-handle.server";
import { damageRecords, properties } from "~/platform/db/schema";
import { damageDeadlineEmail } from "~/platform/mail/templates.server";
import { notifyMembers } from "../notifications/notify.server";
import type { NotifyContext } from "../notifications/notify-context";
import { daysLeft, daysLeftText } from "./claim-deadline";

/** Owners are told this many days before a claim's last day. */
export const REMINDER_DAYS = 3;

/**
 * Tells each owner of the organization (by email, or on WhatsApp for those who chose it) about every record
 * still 'Aberta' whose claim deadline falls between today and 3 days from now (São Paulo days), once per
 * record. Run by a job (once across instances); each record is locked (SKIP LOCKED) while its notices go
 * and marked in the same transaction, so two runs never send twice. A failed send leaves it for the next run.
 */
export async function sendDamageDeadlineReminders(ctx: NotifyContext & { db: Db }): Promise<number> {
  const today = saoPauloDay(ctx.now());
  const due = and(
    eq(damageRecords.status, "open"),
    isNull(damageRecords.deadlineRemindedAt),
    gte(damageRecords.claimDeadline, today),
    lte(damageRecords.claimDeadline, addDays(today, REMINDER_DAYS)),
  );
  const candidates = await ctx.db.select({ id: damageRecords.id }).from(damageRecords).where(due);
  let sent = 0;
  for (const { id } of candidates) {
    try {
      await ctx.db.transaction(async (tx) => {
        const [record] = await tx
          .select({
            id: damageRecords.id,
            organizationId: damageRecords.organizationId,
            title: damageRecords.title,
            deadline: damageRecords.claimDeadline,
            propertyId: damageRecords.propertyId,
          })
          .from(damageRecords)
          .where(and(eq(damageRecords.id, id), due))
          .for("update", { skipLocked: true });
        if (!record?.deadline) return;
        const [property] = await tx
          .select({ name: properties.name })
          .from(properties)
          .where(eq(properties.id, record.propertyId));
        await notifyMembers(
          { ...ctx, db: tx },
          {
            organizationId: record.organizationId,
            event: "damage_deadline",
            key: `damage-deadline:${record.id}`,
            email: damageDeadlineEmail({
              title: record.title,
              property: property?.name ?? "",
              deadline: formatDay(record.deadline),
              daysLeft: daysLeft(record.deadline, today),
              url: `${ctx.appUrl}/avarias/${record.id}`,
            }),
            whatsapp: {
              template: "estadia_prazo_avaria",
              values: [
                record.title,
                property?.name ?? "",
                formatDay(record.deadline),
                daysLeftText(record.deadline, today),
              ],
            },
          },
        );
        await tx
          .update(damageRecords)
          .set({ deadlineRemindedAt: ctx.now() })
          .where(eq(damageRecords.id, record.id));
        sent += 1;
      });
    } catch (err) {
      ctx.log.warn({ err, damageId: id }, "damage deadline reminder not sent; next run tries again");
    }
  }
  return sent;
}
