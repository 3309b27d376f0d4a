import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database-handle.server";
import { sandboxTransfers } from "../db/schema";
import type { WebhookReader } from "../payments/provider";
import {
  sandboxNotification,
  sendNotification,
  verifiedNotification,
} from "../payments/sandbox-notifications.server";
import {
  PayoutError,
  type PayoutProvider,
  type ProviderTransfer,
  type TransferStatus,
} from "./payout-provider";

export type SandboxPayouts = PayoutProvider & {
  /** What the bank would do with a pending transfer: pay the key, or fail. */
  settle(id: string, outcome: "done" | "failed"): Promise<ProviderTransfer>;
  webhookFor(id: string, now?: Date): Promise<{ url: string; headers: Headers; body: string }>;
  /** Sends that notification to the app, over HTTP, like a real provider. */
  notify(id: string): Promise<number>;
  list(limit?: number): Promise<(ProviderTransfer & { createdAt: Date; pixKey: string })[]>;
};

type Row = typeof sandboxTransfers.$inferSelect;

function toTransfer(row: Row): ProviderTransfer {
  return {
    id: row.id,
    status: row.status as TransferStatus,
    amountCents: row.amountCents,
    externalReference: row.externalReference,
    failureReason: row.failureReason,
  };
}

/**
 * The offline payout provider: transfers to PIX keys that stay pending until /dev/payments (or a test)
 * pays or fails them; then, like a real provider, it sends a signed notification to the app.
 */
export function createSandboxPayouts(options: {
  db: Db;
  /** The simulated seller whose balance pays; null is the operator's view (/dev/payments). */
  sellerId: string | null;
  webhookSecret: string;
  /** The app's /webhooks/payouts/sandbox. */
  notificationUrl: string;
}): SandboxPayouts {
  const { db, webhookSecret, notificationUrl, sellerId } = options;
  const mine = sellerId === null ? sql`true` : eq(sandboxTransfers.sellerId, sellerId);
  const find = async (id: string) => {
    const [row] = await db
      .select()
      .from(sandboxTransfers)
      .where(and(eq(sandboxTransfers.id, id), mine));
    if (!row) throw new PayoutError("Transferência não encontrada no sandbox", 404, false, "not_found");
    return row;
  };

  const payouts: SandboxPayouts = {
    name: "sandbox",

    async createTransfer(input) {
      const [made] = await db
        .insert(sandboxTransfers)
        .values({
          id: randomUUID(),
          idempotencyKey: input.idempotencyKey,
          sellerId: sellerId ?? "",
          status: "pending",
          amountCents: input.amountCents,
          externalReference: input.withdrawalId,
          pixKeyType: input.pixKeyType,
          pixKey: input.pixKey,
        })
        .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey })
        .returning();
      const row =
        made ??
        (
          await db
            .select()
            .from(sandboxTransfers)
            .where(eq(sandboxTransfers.idempotencyKey, input.idempotencyKey))
        )[0];
      if (!row) throw new PayoutError("Transferência perdida no sandbox", 500, true, "lost");
      return toTransfer(row);
    },

    async getTransfer(id) {
      return toTransfer(await find(id));
    },

    async settle(id, outcome) {
      await find(id);
      await db
        .update(sandboxTransfers)
        .set({
          status: outcome,
          failureReason: outcome === "failed" ? "Chave Pix não encontrada no banco de destino" : null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(sandboxTransfers.id, id), eq(sandboxTransfers.status, "pending")));
      return toTransfer(await find(id));
    },

    async webhookFor(id, at = new Date()) {
      await find(id);
      return sandboxNotification({
        secret: webhookSecret,
        notificationUrl,
        dataId: id,
        body: {
          id: `evt_${randomBytes(8).toString("hex")}`,
          event: "TRANSFER_UPDATED",
          dateCreated: at.toISOString(),
          transfer: { id },
        },
        now: at,
      });
    },

    notify: async (id) => sendNotification(await payouts.webhookFor(id)),

    async list(limit = 50) {
      const rows = await db
        .select()
        .from(sandboxTransfers)
        .where(mine)
        .orderBy(sql`${sandboxTransfers.createdAt} desc`)
        .limit(limit);
      return rows.map((row) => ({ ...toTransfer(row), createdAt: row.createdAt, pixKey: row.pixKey }));
    },
  };
  return payouts;
}

/** Reads the sandbox payouts' notifications (signed as the sandbox's payments are): each is about a transfer. */
export function sandboxPayoutWebhookReader(webhookSecret: string): WebhookReader {
  return (request) => {
    const verified = verifiedNotification(
      webhookSecret,
      request,
      (b) => (b.transfer as { id?: unknown })?.id,
    );
    return verified
      ? { eventId: verified.eventId, topic: "transfer", subjectId: verified.dataId, sellerId: null }
      : null;
  };
}
