import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { latestGuestOrder } from "~/domain/orders/guest-orders.server";
import { connectSandbox } from "~/domain/payment-accounts/connect-sandbox.server";
import { disconnectAccount } from "~/domain/payment-accounts/disconnect.server";
import { RECEIVING_TEXT } from "~/domain/payment-accounts/messages";
import { readReceiving } from "~/domain/payment-accounts/read-receiving.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { reconcileAccounts } from "~/domain/payments/reconcile.server";
import { refundOrder } from "~/domain/payments/refund-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import { listActivity } from "~/domain/team/activity.server";
import type { Actor } from "~/domain/team/permissions";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import {
  member,
  orders,
  paymentAccounts,
  payments,
  propertyProducts,
  reconciliationFindings,
  sandboxPayments,
  walletMovements,
} from "~/platform/db/schema";
import { BUYER, type CheckoutHarness, checkoutHarness, guestWithCartIn } from "../support/checkout-fixtures";
import { refusal } from "../support/refusal";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000 });

let handle: DatabaseHandle;
let h: CheckoutHarness;
let paid: CheckoutHarness;
beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  h = checkoutHarness(handle.db);
  // Past the free days: Estadia's fee (3 %) is taken.
  paid = checkoutHarness(handle.db, { freeTrialDays: 0 });
});
afterAll(async () => {
  await handle?.close();
});

const db = () => handle.db;
const menu = [{ name: "Água", priceCents: 1_000, stock: 5 }];

/** A shop whose host has connected no account yet, and its owner. */
async function unconnectedShop() {
  const shop = await shopFixture(db(), menu, { receiving: false });
  const [owner] = await db()
    .select({ userId: member.userId })
    .from(member)
    .where(eq(member.organizationId, shop.organizationId));
  const actor: Actor = { userId: owner?.userId ?? "", organizationId: shop.organizationId, role: "owner" };
  return { shop, owner: actor, manager: { ...actor, role: "manager" as const } };
}

async function stockOf(propertyId: string) {
  const [row] = await db()
    .select({ current: propertyProducts.currentQuantity, reserved: propertyProducts.reservedQuantity })
    .from(propertyProducts)
    .where(eq(propertyProducts.propertyId, propertyId));
  return row;
}

/** The guest pays by PIX; no webhook is sent (the reconciliation finds the approval). */
async function payPix(harness: CheckoutHarness, key: Parameters<typeof startPixPayment>[1]) {
  await placeOrder(harness.ctx, { ...key, method: "pix", buyer: BUYER });
  const { orderId } = await startPixPayment(harness.ctx, key);
  const [pix] = await db().select().from(payments).where(eq(payments.orderId, orderId));
  await harness.sandbox.settle(pix?.providerPaymentId ?? "", "approve");
  return { orderId, providerPaymentId: pix?.providerPaymentId ?? "" };
}

/** Runs the daily reconciliation a moment later (the provider lists what was created before "now"). */
async function reconcile(harness: CheckoutHarness) {
  harness.clock.advance(60_000);
  return reconcileAccounts(harness.ctx);
}

describe("no account of the host's own, no charge", () => {
  it("refuses to continue to payment with the guest's sentence, creating no order and holding no stock", async () => {
    const { shop } = await unconnectedShop();
    const guest = await guestWithCartIn(db(), shop, { Água: 2 });
    expect(await refusal(placeOrder(h.ctx, { ...guest.key, method: "pix", buyer: BUYER }))).toEqual({
      kind: "conflict",
      message: "Este imóvel ainda não está recebendo pagamentos. Avise o anfitrião.",
      fieldErrors: undefined,
    });
    expect(await db().select().from(orders).where(eq(orders.organizationId, shop.organizationId))).toEqual(
      [],
    );
    expect(await stockOf(shop.propertyId)).toEqual({ current: 5, reserved: 0 });
  });
});

describe("the sandbox test account", () => {
  it("is connected by an owner only; managers see its status; the activity says who", async () => {
    const { shop, owner, manager } = await unconnectedShop();
    expect((await refusal(connectSandbox(h.ctx, manager))).kind).toBe("forbidden");
    expect((await readReceiving(h.ctx, manager)).account).toBeNull();

    const row = await connectSandbox(h.ctx, owner);
    expect(row).toMatchObject({ provider: "sandbox", status: "active", organizationId: shop.organizationId });
    expect(row.providerAccountId).toMatch(/^SBX\d+$/);
    const seen = await readReceiving(h.ctx, manager);
    expect(seen).toMatchObject({
      canManage: false,
      account: { statusLabel: "Conectada", providerLabel: "Conta de teste (sandbox)" },
    });
    expect(seen.offered.map((o) => o.provider)).toEqual(["sandbox"]);
    expect(await refusal(connectSandbox(h.ctx, owner))).toMatchObject({
      message: RECEIVING_TEXT.alreadyConnected,
    });
    const activity = await listActivity(db(), owner);
    expect(activity.map((a) => a.kind)).toContain("payment_account.connected");
  });

  it("charges with the organization's own seller, and another organization's seller never sees it", async () => {
    const a = await unconnectedShop();
    const b = await unconnectedShop();
    const sellerA = (await connectSandbox(h.ctx, a.owner)).providerAccountId;
    const sellerB = (await connectSandbox(h.ctx, b.owner)).providerAccountId;
    const guest = await guestWithCartIn(db(), a.shop, { Água: 1 });
    const { providerPaymentId } = await payPix(h, guest.key);
    const [charge] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, providerPaymentId));
    expect(charge?.sellerId).toBe(sellerA);
    const [accountB] = await db()
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.providerAccountId, sellerB));
    if (!accountB) throw new Error("no account B");
    const asB = h.ctx.providers.charges({ ...accountB, provider: "sandbox" });
    await expect(asB.getPayment(providerPaymentId)).rejects.toMatchObject({ status: 404 });
  });

  it("records each sale as gross, the provider's fee, Estadia's fee and the net", async () => {
    const { shop, owner } = await unconnectedShop();
    await connectSandbox(paid.ctx, owner);
    const guest = await guestWithCartIn(db(), shop, { Água: 3 });
    const { orderId } = await payPix(paid, guest.key);
    await reconcile(paid); // applies the approval no webhook announced
    expect((await latestGuestOrder(db(), guest.cartId, guest.deviceId))?.status).toBe("paid");
    const lines = await db().select().from(walletMovements).where(eq(walletMovements.orderId, orderId));
    const byKind = Object.fromEntries(lines.map((m) => [m.kind, m.amountCents]));
    // R$ 30,00: the sandbox's 3,99 % (R$ 1,20) and Estadia's 3 % (R$ 0,90).
    expect(byKind).toEqual({ sale: 3_000, fee: -120, platform_fee: -90 });
  });

  it("takes no Estadia fee in the organization's free days", async () => {
    const { shop, owner } = await unconnectedShop();
    await connectSandbox(h.ctx, owner);
    const guest = await guestWithCartIn(db(), shop, { Água: 1 });
    const { orderId, providerPaymentId } = await payPix(h, guest.key);
    const [charge] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, providerPaymentId));
    expect(charge?.applicationFeeCents).toBe(0);
    await reconcile(h);
    const kinds = (await db().select().from(walletMovements).where(eq(walletMovements.orderId, orderId))).map(
      (m) => m.kind,
    );
    expect(kinds.sort()).toEqual(["fee", "sale"]);
  });

  it("once disconnected, charges nothing new and keeps no credential; a refund then says it could not", async () => {
    const { shop, owner } = await unconnectedShop();
    await connectSandbox(h.ctx, owner);
    const guest = await guestWithCartIn(db(), shop, { Água: 1 });
    const { orderId } = await payPix(h, guest.key);
    await reconcile(h);
    await disconnectAccount(h.ctx, owner);
    const [row] = await db()
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.organizationId, shop.organizationId));
    expect(row).toMatchObject({ status: "disconnected", credentials: null });
    const next = await guestWithCartIn(db(), shop, { Água: 1 });
    expect((await refusal(placeOrder(h.ctx, { ...next.key, method: "pix", buyer: BUYER }))).message).toBe(
      RECEIVING_TEXT.notReceiving,
    );
    expect((await refusal(refundOrder(h.ctx, owner, { orderId, reason: "teste" }))).kind).toBe("conflict");
    expect((await refusal(disconnectAccount(h.ctx, owner))).message).toBe(RECEIVING_TEXT.nothingToDisconnect);
  });

  it("refuses to charge an order made before the account was disconnected, with the guest's sentence", async () => {
    const { shop, owner } = await unconnectedShop();
    await connectSandbox(h.ctx, owner);
    const guest = await guestWithCartIn(db(), shop, { Água: 1 });
    expect(await placeOrder(h.ctx, { ...guest.key, method: "pix", buyer: BUYER })).toMatchObject({
      ok: true,
    });
    await disconnectAccount(h.ctx, owner);
    expect((await refusal(startPixPayment(h.ctx, guest.key))).message).toBe(RECEIVING_TEXT.notReceiving);
  });
});

describe("the daily reconciliation", () => {
  it("applies what a lost webhook left behind, and shows the owner what still disagrees", async () => {
    const { shop, owner } = await unconnectedShop();
    const account = await connectSandbox(h.ctx, owner);
    const lost = await guestWithCartIn(db(), shop, { Água: 1 });
    await payPix(h, lost.key);
    const kept = await guestWithCartIn(db(), shop, { Água: 1 });
    const { providerPaymentId: reversed } = await payPix(h, kept.key);

    expect(await reconcile(h)).toMatchObject({ findings: 0 });
    expect((await latestGuestOrder(db(), lost.cartId, lost.deviceId))?.status).toBe("paid");

    // The provider now says the second payment was cancelled, though the order is paid here.
    await db().update(sandboxPayments).set({ status: "cancelled" }).where(eq(sandboxPayments.id, reversed));
    // And a payment reached the host's account that no order of ours asked for.
    const stray = await h.ctx.providers.charges({ ...account, provider: "sandbox" }).createPixCharge({
      orderId: "not-an-order",
      amountCents: 777,
      description: "?",
      payer: { name: "X", email: null, cpf: null },
      expiresAt: new Date(Date.now() + 3_600_000),
      idempotencyKey: `stray-${account.id}`,
      platformFeeCents: 0,
    });
    await h.sandbox.settle(stray.id, "approve");

    expect(await reconcile(h)).toMatchObject({ findings: 2 });
    const found = await db()
      .select()
      .from(reconciliationFindings)
      .where(eq(reconciliationFindings.paymentAccountId, account.id));
    expect(found.map((f) => [f.kind, f.providerPaymentId]).sort()).toEqual(
      [
        ["order_without_payment", reversed],
        ["paid_without_order", stray.id],
      ].sort(),
    );
    const view = await readReceiving(h.ctx, owner);
    expect(view.findings.map((f) => f.text).sort()).toEqual([
      "Pagamento aprovado no provedor sem pedido pago no Estadia",
      "Pedido pago no Estadia sem pagamento aprovado no provedor",
    ]);
    // Found once: the next run adds nothing.
    await reconcile(h);
    expect(
      await db()
        .select()
        .from(reconciliationFindings)
        .where(and(eq(reconciliationFindings.paymentAccountId, account.id))),
    ).toHaveLength(2);
  });
});
