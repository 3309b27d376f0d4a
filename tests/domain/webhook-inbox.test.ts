// The one webhook path (payments/webhook-inbox.server.ts): a notification is received (checked, stored once)
// without anything being fetched, then applied; what an application could not do is left to the checkout
// sweep, for payments and transfers alike.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { requestWithdrawal } from "~/domain/ledger/withdrawals.server";
import { latestGuestOrder } from "~/domain/orders/guest-orders.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import { sweepCheckout } from "~/domain/payments/sweep-checkout.server";
import { applyWebhookEvent, receiveWebhook } from "~/domain/payments/webhook-inbox.server";
import { paymentEvents, payments, wallets, withdrawals } from "~/platform/db/schema";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { ProviderError, type WebhookRequest } from "~/platform/payments/provider";
import { BUYER, deliverWebhook, guestWithCart, SANDBOX_PAYMENTS } from "../support/checkout-fixtures";
import { embeddedCheckout } from "../support/embedded-checkout";
import { ownerOf } from "../support/restock-fixtures";

vi.setConfig({ testTimeout: 30_000 });

const { db, h } = embeddedCheckout();

const menu = [{ name: "Vinho", priceCents: 6000, stock: 10 }];

/** The harness's context, its provider's `getPayment` counted and, while `down` says so, unreachable. */
function watchedContext(state: { fetched: number; down: boolean }): PaymentsContext {
  const providers = h.ctx.providers;
  return {
    ...h.ctx,
    providers: {
      ...providers,
      charges(account) {
        const provider = providers.charges(account);
        return {
          ...provider,
          async getPayment(id) {
            state.fetched += 1;
            if (state.down) throw new ProviderError("unreachable", null, true, "network");
            return provider.getPayment(id);
          },
        };
      },
    },
  };
}

/** A guest's PIX order, paid at the sandbox (nobody told the app yet), and the sandbox's notification. */
async function paidPix(): Promise<{
  orderId: string;
  cartId: string;
  deviceId: string;
  notice: WebhookRequest;
}> {
  const g = await guestWithCart(db(), menu, { Vinho: 1 });
  await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
  const { orderId } = await startPixPayment(h.ctx, g.key);
  const [pix] = await db().select().from(payments).where(eq(payments.orderId, orderId));
  await h.sandbox.settle(pix?.providerPaymentId ?? "", "approve");
  const { url, headers, body } = await h.sandbox.webhookFor(pix?.providerPaymentId ?? "");
  return { orderId, ...g, notice: { headers, body, query: new URL(url).searchParams } };
}

async function eventRow(id: string) {
  const [row] = await db().select().from(paymentEvents).where(eq(paymentEvents.id, id));
  return row;
}

describe("a payment notification", () => {
  it("is stored once without anything being fetched, then applied once", async () => {
    const state = { fetched: 0, down: false };
    const ctx = watchedContext(state);
    const pix = await paidPix();

    const received = await receiveWebhook(ctx, SANDBOX_PAYMENTS, pix.notice);
    expect(received.outcome).toBe("stored");
    const eventId = received.outcome === "stored" ? received.eventId : "";
    expect(state.fetched).toBe(0);
    expect(await eventRow(eventId)).toMatchObject({ topic: "payment", processedAt: null });
    expect((await latestGuestOrder(db(), pix.cartId, pix.deviceId))?.status).toBe("pending");
    expect(await receiveWebhook(ctx, SANDBOX_PAYMENTS, pix.notice)).toEqual({ outcome: "duplicate" });

    expect(await applyWebhookEvent(ctx, eventId)).toBe("applied");
    expect(state.fetched).toBe(1);
    expect((await latestGuestOrder(db(), pix.cartId, pix.deviceId))?.status).toBe("paid");
    const [order] = await db().select().from(payments).where(eq(payments.orderId, pix.orderId));
    expect(await eventRow(eventId)).toMatchObject({ organizationId: order?.organizationId });
    expect((await eventRow(eventId))?.processedAt).not.toBeNull();
    // Applied once: asked again, a processed event fetches nothing.
    expect(await applyWebhookEvent(ctx, eventId)).toBe("ignored");
    expect(state.fetched).toBe(1);
  });

  it("whose provider cannot answer is left for the sweep, which applies it a few seconds later", async () => {
    const state = { fetched: 0, down: true };
    const ctx = watchedContext(state);
    const pix = await paidPix();

    const received = await receiveWebhook(ctx, SANDBOX_PAYMENTS, pix.notice);
    const eventId = received.outcome === "stored" ? received.eventId : "";
    expect(await applyWebhookEvent(ctx, eventId)).toBe("deferred");
    expect((await eventRow(eventId))?.processedAt).toBeNull();
    expect((await latestGuestOrder(db(), pix.cartId, pix.deviceId))?.status).toBe("pending");

    state.down = false;
    // Not yet: the sweep leaves a fresh event to the application its request started.
    await sweepCheckout(ctx);
    expect((await eventRow(eventId))?.processedAt).toBeNull();
    h.clock.advance(11_000);
    const report = await sweepCheckout(ctx);
    expect(report.events).toBeGreaterThanOrEqual(1);
    expect((await eventRow(eventId))?.processedAt).not.toBeNull();
    expect((await latestGuestOrder(db(), pix.cartId, pix.deviceId))?.status).toBe("paid");
  });
});

describe("a transfer notification", () => {
  it("left unapplied is applied by the checkout sweep: the withdrawal is paid once", async () => {
    const pix = await paidPix();
    expect(await deliverWebhook(h.ctx, SANDBOX_PAYMENTS, pix.notice)).toBe("applied");
    const [order] = await db().select().from(payments).where(eq(payments.orderId, pix.orderId));
    const owner = await ownerOf(db(), order?.organizationId ?? "");
    const [wallet] = await db()
      .select()
      .from(wallets)
      .where(eq(wallets.organizationId, owner.organizationId));
    const { withdrawalId } = await requestWithdrawal(h.ctx, owner, {
      walletId: wallet?.id,
      amount: "20,00",
      pixKeyType: "cpf",
      pixKey: "529.982.247-25",
      remember: false,
      requestKey: crypto.randomUUID(),
    });
    const [asked] = await db().select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
    expect(asked?.status).toBe("processing");
    const transferId = asked?.providerTransferId ?? "";
    await h.payouts.settle(transferId, "done");

    // Stored, and its application never ran (the process stopped right after answering, say).
    const { url, headers, body } = await h.payouts.webhookFor(transferId);
    const payouts = { to: "payouts", provider: "sandbox" } as const;
    const received = await receiveWebhook(h.ctx, payouts, {
      headers,
      body,
      query: new URL(url).searchParams,
    });
    expect(received.outcome).toBe("stored");
    const eventId = received.outcome === "stored" ? received.eventId : "";
    expect(await eventRow(eventId)).toMatchObject({ topic: "transfer", processedAt: null });

    h.clock.advance(11_000);
    await sweepCheckout(h.ctx);
    const [paid] = await db().select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
    expect(paid?.status).toBe("paid");
    expect(await eventRow(eventId)).toMatchObject({ organizationId: owner.organizationId });
    expect((await eventRow(eventId))?.processedAt).not.toBeNull();
    const [after] = await db()
      .select()
      .from(wallets)
      .where(eq(wallets.id, wallet?.id ?? ""));
    expect(after).toMatchObject({ reservedCents: 0, withdrawnCents: 2000 });
  });
});
