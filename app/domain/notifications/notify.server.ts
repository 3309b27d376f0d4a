import { and, asc, eq, inArray } from "drizzle-orm";
import { member, notificationMessages, notificationSettings, user } from "~/platform/db/schema";
import type { MailMessage } from "~/platform/mail/mailer.server";
import type { TemplateName } from "~/platform/whatsapp/templates";
import { isRole } from "../team/permissions";
import { type NotificationEvent, roleReceives, rolesReceiving } from "./notification-events";
import type { NotifyContext } from "./notify-context";
import { queueWhatsApp } from "./queue-message.server";

/** One event told to the members of an organization it is for. */
export type MemberNotice = {
  organizationId: string;
  event: NotificationEvent;
  /** The occurrence (a digest, a record's deadline, a run's day): each member is told it once. */
  key: string;
  /** The email, the default and the fallback. */
  email: Omit<MailMessage, "to">;
  /** The approved template (pt-BR) and its {{n}} values, for members who chose WhatsApp for this event. */
  whatsapp: { template: TemplateName; values: string[] };
  /** Only these members, among those the event is for (default: all of them). */
  onlyUserIds?: string[];
};

export type Told = { emailed: number; queued: string[] };

/**
 * The one way a member is told something (issue 50, ADR 0054). Each member whose role receives the event
 * (notification-events.ts, read at this moment: a changed role applies at once) gets it once per key: on
 * WhatsApp, queued for the sender, when WhatsApp is configured, their number is confirmed and they chose
 * this event there, with this email as its fallback; by email otherwise, sent here. A member already told
 * (a second run, another instance) is skipped. A failed email is not recorded; the others are still sent,
 * and the first failure is thrown at the end, so the caller may try the notice again whole.
 */
export async function notifyMembers(ctx: NotifyContext, notice: MemberNotice): Promise<Told> {
  const people = await ctx.db
    .select({
      userId: member.userId,
      role: member.role,
      email: user.email,
      phone: notificationSettings.phone,
      events: notificationSettings.whatsappEvents,
      quietStart: notificationSettings.quietStart,
      quietEnd: notificationSettings.quietEnd,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .leftJoin(
      notificationSettings,
      and(
        eq(notificationSettings.organizationId, member.organizationId),
        eq(notificationSettings.userId, member.userId),
      ),
    )
    .where(
      and(
        eq(member.organizationId, notice.organizationId),
        inArray(member.role, rolesReceiving(notice.event)),
        notice.onlyUserIds ? inArray(member.userId, notice.onlyUserIds) : undefined,
      ),
    )
    .orderBy(asc(member.createdAt));
  const now = ctx.now();
  const told: Told = { emailed: 0, queued: [] };
  let failure: unknown = null;
  for (const person of people) {
    if (!isRole(person.role) || !roleReceives(person.role, notice.event)) continue;
    const dedupeKey = `${notice.key}:${person.userId}`;
    const onWhatsApp =
      ctx.whatsapp !== null && person.phone !== null && person.events?.includes(notice.event);
    if (onWhatsApp && person.phone) {
      const quiet =
        person.quietStart !== null && person.quietEnd !== null
          ? { start: person.quietStart, end: person.quietEnd }
          : null;
      const id = await queueWhatsApp(
        ctx.db,
        {
          organizationId: notice.organizationId,
          kind: notice.event,
          dedupeKey,
          userId: person.userId,
          to: person.phone,
          template: notice.whatsapp.template,
          language: "pt_BR",
          values: notice.whatsapp.values,
          quiet,
          fallback: { to: person.email, ...notice.email },
        },
        now,
      );
      if (id) told.queued.push(id);
      continue;
    }
    const [row] = await ctx.db
      .insert(notificationMessages)
      .values({
        organizationId: notice.organizationId,
        kind: notice.event,
        dedupeKey,
        userId: person.userId,
        channel: "email",
        recipient: person.email,
        status: "emailed",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: notificationMessages.dedupeKey })
      .returning({ id: notificationMessages.id });
    if (!row) continue;
    try {
      await ctx.mail.send({ to: person.email, ...notice.email });
      told.emailed += 1;
    } catch (err) {
      await ctx.db.delete(notificationMessages).where(eq(notificationMessages.id, row.id));
      failure ??= err;
    }
  }
  if (failure) throw failure;
  return told;
}
