import type { Db } from "~/platform/db/database-handle.server";
import { paymentEvents } from "~/platform/db/schema";

/**
 * Stores a provider's notification once (unique provider + event id); its row id, or null when it was
 * already stored (a replay). The body is kept as JSON when it is JSON, for diagnosis only.
 */
export async function recordEvent(
  db: Db,
  event: {
    provider: string;
    eventId: string;
    topic: string;
    subjectId: string;
    body: string;
    /** The organization of the account it came through or names, when there is one. */
    organizationId: string | null;
    receivedAt: Date;
    /** Set when there is nothing to apply: the event is stored as already processed. */
    processedAt: Date | null;
  },
): Promise<string | null> {
  let payload: unknown = null;
  try {
    payload = JSON.parse(event.body);
  } catch {
    payload = null;
  }
  const [row] = await db
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      topic: event.topic,
      providerPaymentId: event.subjectId,
      payload,
      organizationId: event.organizationId,
      receivedAt: event.receivedAt,
      processedAt: event.processedAt,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return row?.id ?? null;
}
