import { eq, lt } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { notificationMessages, whatsappStatusUpdates } from "~/platform/db/schema";
import type { WhatsAppConfig } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import { countWebhookVerificationFailed } from "~/platform/metrics/checkout-metrics.server";
import { hubSignatureHolds } from "~/platform/whatsapp/hub-signature";

export type StatusUpdate = {
  wamid: string;
  status: "sent" | "delivered" | "read" | "failed";
  at: Date;
  errorCode: number | null;
  errorTitle: string | null;
};

const STATUSES = ["sent", "delivered", "read", "failed"] as const;

/** How far each status is; a message only moves to a further one. 'failed' is final, and comes only before delivery. */
const RANK: Record<string, number> = {
  emailed: 9,
  queued: 0,
  accepted: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 9,
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The statuses a webhook of Meta's carries (`entry[].changes[].value.statuses[]`); anything else is ignored. */
export function statusesOf(payload: unknown): StatusUpdate[] {
  if (!isObject(payload) || payload.object !== "whatsapp_business_account") return [];
  const updates: StatusUpdate[] = [];
  for (const entry of list(payload.entry)) {
    for (const change of list(isObject(entry) ? entry.changes : undefined)) {
      const value = isObject(change) ? change.value : undefined;
      for (const s of list(isObject(value) ? value.statuses : undefined)) {
        if (!isObject(s) || typeof s.id !== "string" || !s.id) continue;
        const status = STATUSES.find((known) => known === s.status);
        if (!status) continue;
        const seconds = Number(s.timestamp);
        const error = isObject(list(s.errors)[0]) ? (list(s.errors)[0] as Json) : undefined;
        updates.push({
          wamid: s.id.slice(0, 200),
          status,
          at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
          errorCode: typeof error?.code === "number" ? error.code : null,
          errorTitle: typeof error?.title === "string" ? error.title.slice(0, 200) : null,
        });
      }
    }
  }
  return updates;
}

/**
 * Keeps each status once (a replay adds nothing) and moves its message forward, if the sender has stored
 * the message's id yet (otherwise it is applied when it does). Returns how many messages moved.
 */
export async function recordStatusUpdates(ctx: { db: Db; now: () => Date }, updates: StatusUpdate[]) {
  let moved = 0;
  for (const u of updates) {
    await ctx.db
      .insert(whatsappStatusUpdates)
      .values({
        wamid: u.wamid,
        status: u.status,
        at: u.at,
        errorCode: u.errorCode,
        errorTitle: u.errorTitle,
        receivedAt: ctx.now(),
      })
      .onConflictDoNothing();
    if (await applyKnownStatuses(ctx, u.wamid)) moved += 1;
  }
  return moved;
}

/**
 * Moves the message with this wamid to the furthest status Meta reported for it, never back: 'read'
 * implies 'delivered'; 'failed' applies only before delivery, and is final. Under the message's row lock,
 * so the sender and two webhooks at once agree. True when it moved.
 */
export async function applyKnownStatuses(ctx: { db: Db; now: () => Date }, wamid: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.wamid, wamid))
      .for("update");
    if (!message) return false;
    const known = await tx.select().from(whatsappStatusUpdates).where(eq(whatsappStatusUpdates.wamid, wamid));
    let status = message.status;
    const set: Partial<typeof notificationMessages.$inferInsert> = {};
    for (const name of ["sent", "delivered", "read"] as const) {
      const update = known.find((k) => k.status === name);
      if (!update || (RANK[status] ?? 9) >= (RANK[name] ?? 0)) continue;
      status = name;
      if (name === "sent") set.sentAt = update.at;
      if (name === "delivered") set.deliveredAt = update.at;
      if (name === "read") {
        set.readAt = update.at;
        if (!message.deliveredAt && !set.deliveredAt) set.deliveredAt = update.at;
      }
    }
    const failed = known.find((k) => k.status === "failed");
    if (failed && (RANK[status] ?? 9) < 3) {
      status = "failed";
      set.failedAt = failed.at;
      set.errorCode = failed.errorCode;
      set.lastError = failed.errorTitle ?? "Falhou no WhatsApp";
    }
    if (status === message.status) return false;
    await tx
      .update(notificationMessages)
      .set({ ...set, status, updatedAt: ctx.now() })
      .where(eq(notificationMessages.id, message.id));
    return true;
  });
}

/**
 * A POST to /webhooks/whatsapp: refused (nothing stored) unless X-Hub-Signature-256 signs the raw body
 * with the app secret; otherwise its statuses are kept and applied. Anything authentic is answered 200,
 * also what we do not act on (incoming messages, other fields), or Meta retries it for days.
 */
export async function receiveWhatsAppWebhook(
  ctx: { db: Db; now: () => Date; log: Logger },
  config: WhatsAppConfig,
  input: { signature: string | null; rawBody: Uint8Array },
): Promise<{ outcome: "refused" } | { outcome: "received"; statuses: number; moved: number }> {
  if (!hubSignatureHolds(config.appSecret, input.signature, input.rawBody)) {
    countWebhookVerificationFailed("whatsapp");
    return { outcome: "refused" };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(input.rawBody).toString("utf8"));
  } catch {
    payload = undefined;
  }
  const updates = statusesOf(payload);
  const moved = await recordStatusUpdates(ctx, updates);
  ctx.log.info({ statuses: updates.length, moved }, "WhatsApp webhook received");
  return { outcome: "received", statuses: updates.length, moved };
}

/** Statuses are kept 30 days: long enough for any late status, short enough to stay small. */
export async function forgetOldStatusUpdates(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(whatsappStatusUpdates)
    .where(lt(whatsappStatusUpdates.receivedAt, new Date(now.getTime() - 30 * 86_400_000)))
    .returning({ wamid: whatsappStatusUpdates.wamid });
  return gone.length;
}
