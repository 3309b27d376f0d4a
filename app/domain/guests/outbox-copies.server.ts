import { unlinkSync } from "node:fs";
import path from "node:path";
import { readOutbox } from "~/platform/mail/outbox.server";

/**
 * Deletes the dev outbox's copies of the emails sent to these addresses (receipts, data copies). Only the
 * outbox keeps copies: a real SMTP delivery keeps none here. Returns how many files went.
 */
export function deleteOutboxCopies(outboxDir: string | null, emails: string[]): number {
  if (!outboxDir || emails.length === 0) return 0;
  const wanted = new Set(emails.map((e) => e.toLowerCase()));
  let deleted = 0;
  for (const message of readOutbox(outboxDir)) {
    const to = /<([^>]+)>/.exec(message.to)?.[1] ?? message.to;
    if (!wanted.has(to.trim().toLowerCase())) continue;
    try {
      unlinkSync(path.join(outboxDir, message.file));
      deleted += 1;
    } catch {
      // Deleted meanwhile by a concurrent run.
    }
  }
  return deleted;
}
