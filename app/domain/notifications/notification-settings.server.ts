import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { minutesOfClock, type QuietHours } from "~/lib/quiet-hours";
import { formatWhatsAppNumber, parseWhatsAppNumber } from "~/lib/whatsapp-number";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { notificationMessages, notificationSettings } from "~/platform/db/schema";
import { type ThrottlePolicy, throttleHit } from "~/platform/throttle.server";
import { AppError } from "../errors";
import type { Actor } from "../team/permissions";
import { failureText, MESSAGE_KIND_LABEL, MESSAGE_STATUS_LABEL, NOTIFICATIONS_TEXT as T } from "./messages";
import {
  eventsForRole,
  isNotificationEvent,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
} from "./notification-events";
import type { NotifyContext } from "./notify-context";
import { queueWhatsApp } from "./queue-message.server";

/** A code is good for 10 minutes and 5 wrong tries. */
export const CODE_MINUTES = 10;
export const CODE_ATTEMPTS = 5;

/** At most 5 codes an hour per member (each one is a WhatsApp message Estadia pays for). */
export const CODE_THROTTLE: ThrottlePolicy = { name: "whatsapp-code", limit: 5, windowSeconds: 60 * 60 };

const RECENT_MESSAGES = 20;

export type RecentMessage = {
  id: string;
  label: string;
  channel: "email" | "whatsapp";
  /** Where it went: the email address or the formatted number. */
  to: string;
  status: string;
  statusLabel: string;
  /** Why it failed, said to a person; null when it did not. */
  failure: string | null;
  /** When it went by email instead. */
  fallbackSentAt: Date | null;
  /** A queued message waits until then (quiet hours, a retry). */
  nextAttemptAt: Date | null;
  createdAt: Date;
  /** When it reached its status. */
  statusAt: Date | null;
};

export type NotificationSettingsView = {
  /** The confirmed number, formatted; null when none. */
  phone: string | null;
  phoneConfirmedAt: Date | null;
  /** A code was sent to this number and is still good. */
  pendingPhone: string | null;
  events: { event: NotificationEvent; label: string; hint: string; whatsapp: boolean }[];
  quiet: QuietHours | null;
  messages: RecentMessage[];
};

function hashCode(code: string, salt: string): string {
  return `${salt}:${createHash("sha256").update(`${salt}:${code}`).digest("hex")}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt] = stored.split(":");
  if (!salt) return false;
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

const mine = (actor: Actor) =>
  and(
    eq(notificationSettings.organizationId, actor.organizationId),
    eq(notificationSettings.userId, actor.userId),
  );

async function settingsOf(db: Db, actor: Actor) {
  const [row] = await db.select().from(notificationSettings).where(mine(actor));
  return row ?? null;
}

/** Makes the member's settings row (with the default quiet hours) the first time it is needed. */
async function ensureSettings(db: Db | Tx, actor: Actor, now: Date) {
  await db
    .insert(notificationSettings)
    .values({ organizationId: actor.organizationId, userId: actor.userId, updatedAt: now })
    .onConflictDoNothing();
}

/** What the member's 'Notificações' page shows: their number, the events their role gets, recent messages. */
export async function readNotificationSettings(
  db: Db,
  actor: Actor,
  now: Date,
): Promise<NotificationSettingsView> {
  const settings = await settingsOf(db, actor);
  const chosen = new Set(settings?.phone ? settings.whatsappEvents : []);
  const pending =
    settings?.pendingPhone && settings.codeExpiresAt && settings.codeExpiresAt > now
      ? settings.pendingPhone
      : null;
  const rows = await db
    .select()
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.organizationId, actor.organizationId),
        eq(notificationMessages.userId, actor.userId),
      ),
    )
    .orderBy(desc(notificationMessages.createdAt))
    .limit(RECENT_MESSAGES);
  return {
    phone: settings?.phone ? formatWhatsAppNumber(settings.phone) : null,
    phoneConfirmedAt: settings?.phone ? settings.phoneConfirmedAt : null,
    pendingPhone: pending ? formatWhatsAppNumber(pending) : null,
    events: eventsForRole(actor.role).map((event) => ({
      event,
      label: NOTIFICATION_EVENTS[event].label,
      hint: NOTIFICATION_EVENTS[event].hint,
      whatsapp: chosen.has(event),
    })),
    // A member who never saved anything has the defaults (22:00–08:00).
    quiet:
      settings === null
        ? { start: 1320, end: 480 }
        : settings.quietStart !== null && settings.quietEnd !== null
          ? { start: settings.quietStart, end: settings.quietEnd }
          : null,
    messages: rows.map((m) => ({
      id: m.id,
      label: isNotificationEvent(m.kind)
        ? NOTIFICATION_EVENTS[m.kind].label
        : (MESSAGE_KIND_LABEL[m.kind] ?? m.kind),
      channel: m.channel === "whatsapp" ? "whatsapp" : "email",
      to: m.channel === "whatsapp" && m.recipient ? formatWhatsAppNumber(m.recipient) : (m.recipient ?? ""),
      status: m.status,
      statusLabel: MESSAGE_STATUS_LABEL[m.status] ?? m.status,
      failure: m.status === "failed" ? failureText(m.errorCode, m.lastError) : null,
      fallbackSentAt: m.fallbackSentAt,
      nextAttemptAt: m.status === "queued" ? m.nextAttemptAt : null,
      createdAt: m.createdAt,
      statusAt: m.readAt ?? m.deliveredAt ?? m.sentAt ?? m.acceptedAt ?? m.failedAt ?? null,
    })),
  };
}

/**
 * Sends a 6-digit code to the number the member typed, on WhatsApp (an authentication template), to prove
 * it is theirs. Only its salted hash is kept, good for 10 minutes and 5 tries; a new code ends the last.
 * At most 5 an hour. Returns the queued message (the caller sends it at once) and the number as shown.
 */
export async function sendPhoneCode(
  ctx: NotifyContext & { db: Db },
  actor: Actor,
  input: { phone: string },
): Promise<{ messageId: string; phone: string }> {
  if (!ctx.whatsapp) throw new AppError("conflict", `${T.notConfigured}.`);
  const phone = parseWhatsAppNumber(input.phone);
  if (!phone) throw new AppError("invalid", T.phoneInvalid, { phone: T.phoneInvalid });
  const now = ctx.now();
  const rate = await throttleHit(ctx.db, CODE_THROTTLE, `${actor.organizationId}:${actor.userId}`, now);
  if (!rate.allowed)
    throw new AppError("rate_limited", T.codeTooMany, undefined, {
      retryAfterSeconds: rate.retryAfterSeconds,
    });
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const salt = randomBytes(12).toString("base64url");
  const messageId = await ctx.db.transaction(async (tx) => {
    await ensureSettings(tx, actor, now);
    await tx
      .update(notificationSettings)
      .set({
        pendingPhone: phone,
        codeHash: hashCode(code, salt),
        codeExpiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000),
        codeAttempts: 0,
        updatedAt: now,
      })
      .where(mine(actor));
    // The member asked for it: no quiet hours, and no email instead (the email proves nothing about a phone).
    return queueWhatsApp(
      tx,
      {
        organizationId: actor.organizationId,
        kind: "phone_code",
        dedupeKey: `phone-code:${actor.organizationId}:${actor.userId}:${salt}`,
        userId: actor.userId,
        to: phone,
        template: "estadia_codigo",
        language: "pt_BR",
        values: [code],
        quiet: null,
        fallback: null,
      },
      now,
    );
  });
  if (!messageId) throw new Error("the code message was not queued");
  return { messageId, phone: formatWhatsAppNumber(phone) };
}

/** Confirms the pending number with the code that reached it: from now on it is the member's WhatsApp. */
export async function confirmPhoneCode(
  db: Db,
  actor: Actor,
  input: { code: string },
  now: Date,
): Promise<void> {
  const code = input.code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) throw new AppError("invalid", T.codeFormat, { code: T.codeFormat });
  const outcome = await db.transaction(async (tx) => {
    const [settings] = await tx.select().from(notificationSettings).where(mine(actor)).for("update");
    if (!settings?.pendingPhone || !settings.codeHash || !settings.codeExpiresAt)
      throw new AppError("conflict", T.codeMissing, { code: T.codeMissing });
    if (settings.codeAttempts >= CODE_ATTEMPTS)
      throw new AppError("conflict", T.codeExhausted, { code: T.codeExhausted });
    if (settings.codeExpiresAt <= now) throw new AppError("conflict", T.codeExpired, { code: T.codeExpired });
    if (!codeMatches(code, settings.codeHash)) {
      await tx
        .update(notificationSettings)
        .set({ codeAttempts: settings.codeAttempts + 1, updatedAt: now })
        .where(mine(actor));
      return settings.codeAttempts + 1 < CODE_ATTEMPTS ? ("wrong" as const) : ("exhausted" as const);
    }
    await tx
      .update(notificationSettings)
      .set({
        phone: settings.pendingPhone,
        phoneConfirmedAt: now,
        pendingPhone: null,
        codeHash: null,
        codeExpiresAt: null,
        codeAttempts: 0,
        updatedAt: now,
      })
      .where(mine(actor));
    return "confirmed" as const;
  });
  // A wrong code counts (committed above), and is refused once that is kept.
  if (outcome === "wrong") throw new AppError("invalid", T.codeWrong, { code: T.codeWrong });
  if (outcome === "exhausted") throw new AppError("invalid", T.codeExhausted, { code: T.codeExhausted });
}

/** Saves which events go on WhatsApp and the quiet hours ('22:00', '08:00'; both blank = none). */
export async function saveNotificationChoices(
  db: Db,
  actor: Actor,
  input: { events: string[]; quietStart: string; quietEnd: string },
  now: Date,
): Promise<void> {
  const allowed = new Set<string>(eventsForRole(actor.role));
  const events = [...new Set(input.events)];
  if (events.some((e) => !allowed.has(e))) throw new AppError("forbidden", T.eventNotAllowed);
  const blank = !input.quietStart.trim() && !input.quietEnd.trim();
  const start = minutesOfClock(input.quietStart);
  const end = minutesOfClock(input.quietEnd);
  if (!blank && (start === null || end === null))
    throw new AppError("invalid", T.quietInvalid, { quiet: T.quietInvalid });
  if (!blank && start === end) throw new AppError("invalid", T.quietSame, { quiet: T.quietSame });
  await db.transaction(async (tx) => {
    await ensureSettings(tx, actor, now);
    const [settings] = await tx.select().from(notificationSettings).where(mine(actor)).for("update");
    if (events.length > 0 && !settings?.phone) throw new AppError("conflict", T.needsPhone);
    await tx
      .update(notificationSettings)
      .set({
        whatsappEvents: events,
        quietStart: blank ? null : start,
        quietEnd: blank ? null : end,
        updatedAt: now,
      })
      .where(mine(actor));
  });
}

/** Forgets the member's number (and any code): everything goes by email again. */
export async function removePhone(db: Db, actor: Actor, now: Date): Promise<void> {
  await db
    .update(notificationSettings)
    .set({
      phone: null,
      phoneConfirmedAt: null,
      pendingPhone: null,
      codeHash: null,
      codeExpiresAt: null,
      codeAttempts: 0,
      whatsappEvents: [],
      updatedAt: now,
    })
    .where(mine(actor));
}
