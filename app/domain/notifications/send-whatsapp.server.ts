import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { afterQuietHours } from "~/lib/quiet-hours";
import type { Db } from "~/platform/db/database-handle.server";
import { notificationMessages } from "~/platform/db/schema";
import { type ThrottlePolicy, throttleHit } from "~/platform/throttle.server";
import { WhatsAppError } from "~/platform/whatsapp/cloud-api.server";
import { isTemplateName, templateComponents } from "~/platform/whatsapp/templates";
import { NOTIFICATIONS_TEXT as T } from "./messages";
import type { NotifyContext } from "./notify-context";
import { applyKnownStatuses } from "./whatsapp-statuses.server";

/**
 * At most this many messages a second leave Estadia's number, whatever the instances: Meta's default
 * throughput is 80 a second per number; staying well under it leaves room for bursts of retries.
 */
export const WHATSAPP_SEND_RATE: ThrottlePolicy = { name: "whatsapp-send", limit: 20, windowSeconds: 1 };

/** Tries of one message before it is given up (its email goes): 30 s, 1, 2, 4, 8, 16, 30, 30 min apart. */
export const MAX_WHATSAPP_ATTEMPTS = 8;

/** How long a sender holds a message it took; one that stopped mid-send is taken again after this. */
const CLAIM_MS = 2 * 60_000;

/** Messages one run sends at most; the next run goes on. */
const RUN_LIMIT = 200;

/** The wait before try number `attempt + 1`, after try `attempt` failed for a reason that may pass. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 30 * 60_000);
}

type SenderContext = NotifyContext & { db: Db };
type Claimed = typeof notificationMessages.$inferSelect;

export type SendReport = {
  accepted: number;
  retried: number;
  failed: number;
  deferred: number;
  emailed: number;
};

/**
 * Sends the WhatsApp messages that are due (issue 50, ADR 0054), once across instances: each is taken with
 * FOR UPDATE SKIP LOCKED and held for two minutes while it goes, so two senders (two instances, the job and
 * a request's nudge) never send one twice. Within the rate limit; a 429, a 5xx or the network waits and
 * tries again with backoff (and after quiet hours), up to MAX_WHATSAPP_ATTEMPTS; a refusal that will not
 * change (a template not approved, a number not on WhatsApp, a bad token) fails the message at once. Then
 * the fallback email of every failed message is sent, once. Without WhatsApp configured, no message is
 * attempted: whatever was queued fails and goes by email.
 */
export async function sendDueWhatsApp(
  ctx: SenderContext,
  options: { ids?: string[] } = {},
): Promise<SendReport> {
  const report: SendReport = { accepted: 0, retried: 0, failed: 0, deferred: 0, emailed: 0 };
  let taken = 0;
  while (taken < RUN_LIMIT) {
    const batch = await claim(ctx, options.ids, Math.min(20, RUN_LIMIT - taken));
    if (batch.length === 0) break;
    taken += batch.length;
    let limited = false;
    for (const message of batch) {
      if (limited) {
        await release(ctx, message, ctx.now());
        report.deferred += 1;
        continue;
      }
      const outcome = await sendOne(ctx, message);
      report[outcome] += 1;
      if (outcome === "deferred") limited = true;
    }
    if (limited) break;
  }
  report.emailed = await sendFallbackEmails(ctx);
  return report;
}

/** Sends these messages now, out of the request that queued them; the job takes whatever this leaves. */
export function sendWhatsAppSoon(ctx: SenderContext, ids: string[]): void {
  if (ids.length === 0) return;
  sendDueWhatsApp(ctx, { ids }).catch((err) =>
    ctx.log.warn({ err }, "WhatsApp send failed; the job tries again"),
  );
}

async function claim(ctx: SenderContext, ids: string[] | undefined, limit: number): Promise<Claimed[]> {
  const now = ctx.now();
  const due = sql`select id from ${notificationMessages}
    where status = 'queued' and next_attempt_at <= ${now.toISOString()}::timestamptz
      and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
      ${
        ids
          ? sql`and id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``
      }
    order by next_attempt_at
    limit ${limit}
    for update skip locked`;
  return ctx.db
    .update(notificationMessages)
    .set({
      claimedUntil: new Date(now.getTime() + CLAIM_MS),
      attempts: sql`${notificationMessages.attempts} + 1`,
      updatedAt: now,
    })
    .where(sql`${notificationMessages.id} in (${due})`)
    .returning();
}

/** Gives a taken message back untried, due again at `at`. */
async function release(ctx: SenderContext, message: Claimed, at: Date) {
  await ctx.db
    .update(notificationMessages)
    .set({
      claimedUntil: null,
      attempts: sql`greatest(${notificationMessages.attempts} - 1, 0)`,
      nextAttemptAt: at,
    })
    .where(eq(notificationMessages.id, message.id));
}

async function sendOne(ctx: SenderContext, message: Claimed): Promise<keyof Omit<SendReport, "emailed">> {
  const now = ctx.now();
  const api = ctx.whatsapp;
  if (!api || !message.recipient || !message.template || !isTemplateName(message.template)) {
    await fail(ctx, message, null, api ? "Mensagem sem destinatário ou modelo." : T.notConfigured);
    return "failed";
  }
  const rate = await throttleHit(ctx.db, WHATSAPP_SEND_RATE, api.phoneNumberId, now);
  if (!rate.allowed) {
    await release(ctx, message, new Date(now.getTime() + rate.retryAfterSeconds * 1000));
    return "deferred";
  }
  const values = message.variables ?? [];
  try {
    const accepted = await api.sendTemplate({
      to: message.recipient,
      template: message.template,
      language: message.language ?? "pt_BR",
      components: templateComponents(message.template, values),
    });
    await ctx.db
      .update(notificationMessages)
      .set({
        status: "accepted",
        wamid: accepted.wamid,
        acceptedAt: ctx.now(),
        claimedUntil: null,
        lastError: null,
        errorCode: null,
        updatedAt: ctx.now(),
      })
      .where(and(eq(notificationMessages.id, message.id), eq(notificationMessages.status, "queued")));
    // Meta may have told its webhook about it before we stored its id.
    await applyKnownStatuses(ctx, accepted.wamid);
    return "accepted";
  } catch (err) {
    const error =
      err instanceof WhatsAppError
        ? err
        : new WhatsAppError(err instanceof Error ? err.message : String(err), null, null, true);
    if (!(err instanceof WhatsAppError))
      ctx.log.error({ err, messageId: message.id }, "WhatsApp send crashed");
    if (error.retryable && message.attempts < MAX_WHATSAPP_ATTEMPTS) {
      const quiet =
        message.quietStart !== null && message.quietEnd !== null
          ? { start: message.quietStart, end: message.quietEnd }
          : null;
      const next = afterQuietHours(new Date(ctx.now().getTime() + retryDelayMs(message.attempts)), quiet);
      await ctx.db
        .update(notificationMessages)
        .set({
          claimedUntil: null,
          nextAttemptAt: next,
          lastError: error.message,
          errorCode: error.code,
          updatedAt: ctx.now(),
        })
        .where(eq(notificationMessages.id, message.id));
      ctx.log.warn(
        { messageId: message.id, status: error.status, code: error.code },
        "WhatsApp send retried later",
      );
      return "retried";
    }
    ctx.log.warn(
      { messageId: message.id, status: error.status, code: error.code },
      "WhatsApp message failed",
    );
    await fail(ctx, message, error.code, error.message);
    return "failed";
  }
}

async function fail(ctx: SenderContext, message: Claimed, code: number | null, reason: string) {
  const now = ctx.now();
  await ctx.db
    .update(notificationMessages)
    .set({
      status: "failed",
      failedAt: now,
      claimedUntil: null,
      errorCode: code,
      lastError: reason,
      updatedAt: now,
    })
    .where(and(eq(notificationMessages.id, message.id), eq(notificationMessages.status, "queued")));
}

/**
 * The email of each failed message that has one and has not had it sent: each is locked (SKIP LOCKED) while
 * its email goes and marked in the same transaction, so it goes once whatever runs at the same time. One
 * that could not be sent stays for the next run.
 */
export async function sendFallbackEmails(ctx: SenderContext): Promise<number> {
  const pending = and(
    eq(notificationMessages.status, "failed"),
    isNotNull(notificationMessages.fallback),
    isNull(notificationMessages.fallbackSentAt),
  );
  const candidates = await ctx.db
    .select({ id: notificationMessages.id })
    .from(notificationMessages)
    .where(pending)
    .limit(50);
  let sent = 0;
  for (const { id } of candidates) {
    try {
      await ctx.db.transaction(async (tx) => {
        const [message] = await tx
          .select({ id: notificationMessages.id, fallback: notificationMessages.fallback })
          .from(notificationMessages)
          .where(and(eq(notificationMessages.id, id), pending))
          .for("update", { skipLocked: true });
        if (!message?.fallback) return;
        await ctx.mail.send(message.fallback);
        await tx
          .update(notificationMessages)
          .set({ fallbackSentAt: ctx.now(), updatedAt: ctx.now() })
          .where(eq(notificationMessages.id, id));
        sent += 1;
      });
    } catch (err) {
      ctx.log.warn({ err, messageId: id }, "fallback email not sent; the next run tries again");
    }
  }
  return sent;
}
