import { and, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { addDays, formatDay, saoPauloDay } from "~/lib/dates";
import type { Db } from "~/platform/db/database-handle.server";
import { damageRecords, member, properties, user } from "~/platform/db/schema";
import type { Logger } from "~/platform/log.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import { damageDeadlineEmail } from "~/platform/mail/templates.server";
import { daysLeft } from "./claim-deadline";

/** Owners are told this many days before a claim's last day. */
export const REMINDER_DAYS = 3;

/**
 * Emails each owner of the organization about every record still 'Aberta' whose claim deadline falls
 * between today and 3 days from now (São Paulo days), once per record. Run by a job (once across
 * instances); each record is locked (SKIP LOCKED) while its emails go and marked in the same
 * transaction, so two runs never send twice. A failed send leaves it for the next run.
 */
export async function sendDamageDeadlineReminders(ctx: {
  db: Db;
  mail: Mailer;
  appUrl: string;
  log: Logger;
  now: () => Date;
}): Promise<number> {
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
        const owners = await tx
          .select({ email: user.email })
          .from(member)
          .innerJoin(user, eq(user.id, member.userId))
          .where(and(eq(member.organizationId, record.organizationId), inArray(member.role, ["owner"])));
        const message = damageDeadlineEmail({
          title: record.title,
          property: property?.name ?? "",
          deadline: formatDay(record.deadline),
          daysLeft: daysLeft(record.deadline, today),
          url: `${ctx.appUrl}/avarias/${record.id}`,
        });
        for (const owner of owners) await ctx.mail.send({ to: owner.email, ...message });
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
