import type { QuietHours } from "~/lib/quiet-hours";
import { afterQuietHours } from "~/lib/quiet-hours";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { type FallbackEmail, notificationMessages } from "~/platform/db/schema";
import { type TemplateName, templateValue, type WhatsAppLanguage } from "~/platform/whatsapp/templates";

export type QueuedWhatsApp = {
  organizationId: string;
  kind: string;
  dedupeKey: string;
  userId?: string | null;
  orderId?: string | null;
  /** Digits with the country code. */
  to: string;
  template: TemplateName;
  language: WhatsAppLanguage;
  values: string[];
  quiet: QuietHours | null;
  fallback: FallbackEmail | null;
};

/**
 * Queues one WhatsApp message for the sender (send-whatsapp.server.ts), due now or when the recipient's
 * quiet hours end; nothing when a message with the same key was queued or emailed before. Its id, or null.
 */
export async function queueWhatsApp(db: Db | Tx, message: QueuedWhatsApp, now: Date): Promise<string | null> {
  const [row] = await db
    .insert(notificationMessages)
    .values({
      organizationId: message.organizationId,
      kind: message.kind,
      dedupeKey: message.dedupeKey,
      userId: message.userId ?? null,
      orderId: message.orderId ?? null,
      channel: "whatsapp",
      recipient: message.to,
      template: message.template,
      language: message.language,
      variables: message.values.map(templateValue),
      status: "queued",
      nextAttemptAt: afterQuietHours(now, message.quiet),
      quietStart: message.quiet?.start ?? null,
      quietEnd: message.quiet?.end ?? null,
      fallback: message.fallback,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: notificationMessages.dedupeKey })
    .returning({ id: notificationMessages.id });
  return row?.id ?? null;
}
