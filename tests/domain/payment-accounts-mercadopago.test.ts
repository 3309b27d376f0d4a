// Each organization charges with its OWN Mercado Pago account (marketplace, split 1:1; ADR 0021), connected
// by OAuth through the real domain functions, against the local fake of Mercado Pago: what is checked is
// what the fake received (whose token, which application_fee), whose payment it became there, and what the
// books of each organization say afterwards.
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { latestGuestOrder } from "~/domain/orders/guest-orders.server";
import { isReceiving } from "~/domain/payment-accounts/accounts.server";
import {
  finishMercadoPagoConnect,
  MERCADOPAGO_RETURN_PATH,
  startMercadoPagoConnect,
} from "~/domain/payment-accounts/connect-mercadopago.server";
import { disconnectAccount } from "~/domain/payment-accounts/disconnect.server";
import { RECEIVING_TEXT } from "~/domain/payment-accounts/messages";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { refundOrder } from "~/domain/payments/refund-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import type { Actor } from "~/domain/team/permissions";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import {
  activity,
  member,
  orders,
  paymentAccounts,
  paymentEvents,
  paymentOauthStates,
  payments,
  propertyProducts,
  receivables,
  user,
  walletMovements,
  wallets,
} from "~/platform/db/schema";
import { openMercadoPagoCredentials } from "~/platform/payments/mercadopago-oauth.server";
import type { WebhookRequest } from "~/platform/payments/provider";
import { SealError } from "~/platform/secrets/secret-box.server";
import {
  BUYER,
  type CheckoutHarness,
  checkoutHarness,
  deliverWebhook,
  guestWithCartIn,
} from "../support/checkout-fixtures";
import {
  createTestCardToken,
  type LoggedRequest,
  type MercadoPagoFake,
  startMercadoPagoFake,
} from "../support/mercadopago-fake";
import { refusal } from "../support/refusal";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000 });

/** The key vitest.config.ts gives the test process: what the app sealed the credentials with. */
const TEST_KEY = Buffer.from(process.env.ENCRYPTION_KEY ?? "", "hex");
const MINUTE = 60_000;
/** Mercado Pago's one notification URL for every seller. */
const MERCADOPAGO_PAYMENTS = { to: "payments", provider: "mercadopago" } as const;
/** Mercado Pago's own fees in the fake, in percent (its defaults, stated here for the arithmetic below). */
const MP_FEE = { pix: 0.99, card: 4.98 };

let handle: DatabaseHandle;
let fake: MercadoPagoFake;
let h: CheckoutHarness;
const db = () => handle.db;

beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  fake = await startMercadoPagoFake({
    publicKey: "TEST-0a1b2c3d-4e5f-6789-abcd-ef0123456789",
    webhookSecret: "a-webhook-secret-from-your-integrations",
    feePercent: MP_FEE,
  });
  // No free days: Estadia's 3% fee goes out as application_fee on every charge.
  h = checkoutHarness(handle.db, {
    offered: ["mercadopago", "sandbox"],
    mercadoPago: fake.appConfig(),
    freeTrialDays: 0,
  });
});
afterAll(async () => {
  await fake?.close();
  await handle?.close();
});

type Shop = Awaited<ReturnType<typeof shopFixture>>;

const menu = [
  { name: "Vinho", priceCents: 2500, stock: 10 },
  { name: "Água", priceCents: 425, stock: 10 },
  { name: "Café", priceCents: 800, stock: null },
];

/** A shop with no account connected (guests cannot pay there yet), and its owner as an Actor. */
async function newShop(): Promise<{ shop: Shop; owner: Actor }> {
  const shop = await shopFixture(db(), menu, { receiving: false });
  const [row] = await db()
    .select({ userId: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, shop.organizationId), eq(member.role, "owner")));
  if (!row) throw new Error("no owner");
  return { shop, owner: { userId: row.userId, organizationId: shop.organizationId, role: "owner" } };
}

/**
 * The owner's browser: 'Conectar Mercado Pago' → Mercado Pago's authorization page, where `sellerId` logs
 * in and authorizes → back at our callback address with code and state.
 */
async function authorize(actor: Actor, sellerId: string): Promise<{ code: string; state: string }> {
  const url = new URL(await startMercadoPagoConnect(h.ctx, actor));
  url.searchParams.set("fake_seller", sellerId);
  const page = await fetch(url, { redirect: "manual" });
  expect(page.status).toBe(302);
  const back = new URL(page.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(`${h.ctx.appUrl}${MERCADOPAGO_RETURN_PATH}`);
  const code = back.searchParams.get("code");
  const state = back.searchParams.get("state");
  if (!code || !state) throw new Error(`no code or state in ${back}`);
  return { code, state };
}

/** A whole OAuth round trip: the seller's account becomes the organization's. */
async function connect(actor: Actor, sellerId: string) {
  return finishMercadoPagoConnect(h.ctx, actor, await authorize(actor, sellerId));
}

async function accountOf(organizationId: string) {
  const rows = await db()
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.organizationId, organizationId));
  expect(rows).toHaveLength(1);
  return rows[0] as typeof paymentAccounts.$inferSelect;
}

/** The seller's tokens as the organization holds them, opened with the test key. */
async function tokensOf(organizationId: string) {
  const row = await accountOf(organizationId);
  return openMercadoPagoCredentials(row.credentials ?? "", TEST_KEY);
}

/** Estadia's 3% of a sale, half up, in cents. */
const platformFee = (cents: number) => Math.floor((cents * 300 + 5000) / 10000);
/** Mercado Pago's own fee on a sale as the fake takes it. */
const mpFee = (cents: number, method: "pix" | "card") => Math.round((cents * MP_FEE[method]) / 100);

/** The payment creations the fake received for an order. */
const creationsFor = (orderId: string): LoggedRequest[] =>
  fake.requests.filter(
    (r) =>
      r.method === "POST" &&
      r.path === "/v1/payments" &&
      (r.body as { external_reference?: string } | undefined)?.external_reference === orderId,
  );

async function chargesOf(orderId: string) {
  return db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
}

async function movementsOf(orderId: string) {
  const rows = await db().select().from(walletMovements).where(eq(walletMovements.orderId, orderId));
  return rows.map((m) => [m.kind, m.bucket, m.amountCents]).sort();
}

async function walletOf(propertyId: string) {
  const [row] = await db().select().from(wallets).where(eq(wallets.propertyId, propertyId));
  return row;
}

/** A guest of the shop with a cart and a PIX order for it; the PIX charge made. */
async function pixOrder(shop: Shop, lines: Record<string, number>) {
  const g = await guestWithCartIn(db(), shop, lines);
  const placed = await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
  if (!placed.ok) throw new Error("not placed");
  await startPixPayment(h.ctx, g.key);
  const [charge] = await chargesOf(placed.orderId);
  const mpId = charge?.providerPaymentId;
  if (!mpId) throw new Error("no PIX charge at the provider");
  return { ...g, orderId: placed.orderId, mpId };
}

/** Everything organization-scoped that a payment could change, to compare before and after. */
async function snapshotOf(organizationId: string) {
  const [o, p, w, m, a] = await Promise.all([
    db().select().from(orders).where(eq(orders.organizationId, organizationId)).orderBy(asc(orders.id)),
    db().select().from(payments).where(eq(payments.organizationId, organizationId)).orderBy(asc(payments.id)),
    db().select().from(wallets).where(eq(wallets.organizationId, organizationId)),
    db()
      .select()
      .from(walletMovements)
      .where(eq(walletMovements.organizationId, organizationId))
      .orderBy(asc(walletMovements.id)),
    db().select().from(paymentAccounts).where(eq(paymentAccounts.organizationId, organizationId)),
  ]);
  return JSON.stringify({ o, p, w, m, a });
}

/** Seller B's name on a genuine notification about someone else's payment (the body is not signed). */
function naming(request: WebhookRequest, sellerId: string): WebhookRequest {
  const body = JSON.parse(request.body) as Record<string, unknown>;
  return { ...request, body: JSON.stringify({ ...body, user_id: Number(sellerId) }) };
}

describe("two organizations, each with its own Mercado Pago seller", () => {
  let a: { shop: Shop; owner: Actor; seller: string };
  let b: { shop: Shop; owner: Actor; seller: string };

  beforeAll(async () => {
    const [shopA, shopB] = [await newShop(), await newShop()];
    a = { ...shopA, seller: fake.addSeller("POUSADA_A").userId };
    b = { ...shopB, seller: fake.addSeller("POUSADA_B").userId };
    for (const org of [a, b]) {
      const row = await connect(org.owner, org.seller);
      expect(row).toMatchObject({
        provider: "mercadopago",
        status: "active",
        providerAccountId: org.seller,
        connectedBy: org.owner.userId,
      });
    }
  });

  it("charges PIX and card with each seller's own token and Estadia's fee as application_fee, into that seller's account", async () => {
    const cases: { org: typeof a; lines: Record<string, number> }[] = [
      { org: a, lines: { Vinho: 1, Água: 2 } }, // R$ 33,50
      { org: b, lines: { Café: 2, Água: 1 } }, // R$ 20,25
    ];
    for (const { org, lines } of cases) {
      const { accessToken } = await tokensOf(org.shop.organizationId);
      const account = await accountOf(org.shop.organizationId);

      // PIX: charged with the seller's token, paid, notified with the seller's user_id.
      const pix = await pixOrder(org.shop, lines);
      const [order] = await db().select().from(orders).where(eq(orders.id, pix.orderId));
      const total = order?.totalCents ?? 0;
      const fee = platformFee(total);
      expect(fee).toBeGreaterThan(0);
      const [pixCreation, ...morePix] = creationsFor(pix.orderId);
      expect(morePix).toEqual([]);
      expect(pixCreation?.headers.authorization).toBe(`Bearer ${accessToken}`);
      expect(pixCreation?.body).toMatchObject({
        payment_method_id: "pix",
        transaction_amount: total / 100,
        application_fee: fee / 100,
        external_reference: pix.orderId,
      });
      expect(fake.sellerOf(pix.mpId)).toBe(org.seller);
      const [pixRow] = await chargesOf(pix.orderId);
      expect(pixRow).toMatchObject({
        paymentAccountId: account.id,
        platformFeeCents: fee,
        status: "pending",
      });

      fake.approve(pix.mpId);
      const notice = fake.webhookFor(pix.mpId);
      expect(JSON.parse(notice.body).user_id).toBe(Number(org.seller));
      expect(await deliverWebhook(h.ctx, MERCADOPAGO_PAYMENTS, notice)).toBe("applied");
      expect((await latestGuestOrder(db(), pix.cartId, pix.deviceId))?.status).toBe("paid");
      // The ledger: gross in, Mercado Pago's fee (fee_details) out, Estadia's application_fee out.
      const pixMpFee = mpFee(total, "pix");
      expect(await movementsOf(pix.orderId)).toEqual(
        [
          ["sale", "available", total],
          ["fee", "available", -pixMpFee],
          ["platform_fee", "available", -fee],
        ].sort(),
      );
      const atFake = fake.payment(pix.mpId) as { transaction_details: { net_received_amount: number } };
      expect(Math.round(atFake.transaction_details.net_received_amount * 100)).toBe(total - pixMpFee - fee);

      // Card: the token from the browser, charged with the seller's token; approved at once.
      const card = await guestWithCartIn(db(), org.shop, lines);
      await placeOrder(h.ctx, { ...card.key, method: "credit_card", buyer: BUYER });
      const cardToken = await createTestCardToken(fake.url, fake.appConfig().publicKey, "APRO");
      const paid = await payByCard(h.ctx, {
        ...card.key,
        token: cardToken,
        paymentMethodId: "master",
        issuerId: null,
      });
      expect(paid.status).toBe("paid");
      const [cardCreation, ...moreCard] = creationsFor(paid.orderId);
      expect(moreCard).toEqual([]);
      expect(cardCreation?.headers.authorization).toBe(`Bearer ${accessToken}`);
      expect(cardCreation?.body).toMatchObject({
        token: cardToken,
        transaction_amount: total / 100,
        application_fee: fee / 100,
      });
      const [cardRow] = await chargesOf(paid.orderId);
      expect(cardRow).toMatchObject({
        paymentAccountId: account.id,
        platformFeeCents: fee,
        status: "approved",
      });
      expect(fake.sellerOf(cardRow?.providerPaymentId ?? "")).toBe(org.seller);
      const cardMpFee = mpFee(total, "card");
      const net = total - cardMpFee - fee;
      expect(await movementsOf(paid.orderId)).toEqual(
        [
          ["sale", "pending", total],
          ["fee", "pending", -cardMpFee],
          ["platform_fee", "pending", -fee],
        ].sort(),
      );
      const [receivable] = await db().select().from(receivables).where(eq(receivables.orderId, paid.orderId));
      expect(receivable?.amountCents).toBe(net);
      expect(await walletOf(org.shop.propertyId)).toMatchObject({
        availableCents: total - pixMpFee - fee,
        pendingCents: net,
      });
    }
    // Nobody charged with another seller's token: every creation carried one of the two sellers' own.
    const tokens = [
      (await tokensOf(a.shop.organizationId)).accessToken,
      (await tokensOf(b.shop.organizationId)).accessToken,
    ];
    expect(tokens[0]).not.toBe(tokens[1]);
  });

  it("a webhook naming seller A applies A's order and leaves organization B untouched; one naming B for A's payment is ignored", async () => {
    const pix = await pixOrder(a.shop, { Vinho: 1 });
    fake.approve(pix.mpId);
    const before = await snapshotOf(b.shop.organizationId);
    const fetchesBefore = fake.requests.length;

    // Seller B's user_id on A's payment: nothing is fetched with anyone's credentials, nothing applied.
    const forged = naming(fake.webhookFor(pix.mpId), b.seller);
    expect(await deliverWebhook(h.ctx, MERCADOPAGO_PAYMENTS, forged)).toBe("ignored");
    expect(fake.requests.slice(fetchesBefore)).toEqual([]);
    expect((await latestGuestOrder(db(), pix.cartId, pix.deviceId))?.status).toBe("pending");
    expect(await movementsOf(pix.orderId)).toEqual([]);

    // The genuine one: fetched with A's token, A's order paid.
    expect(await deliverWebhook(h.ctx, MERCADOPAGO_PAYMENTS, fake.webhookFor(pix.mpId))).toBe("applied");
    const fetched = fake.requests.slice(fetchesBefore).filter((r) => r.path === `/v1/payments/${pix.mpId}`);
    expect(fetched.length).toBeGreaterThan(0);
    for (const r of fetched)
      expect(r.headers.authorization).toBe(`Bearer ${(await tokensOf(a.shop.organizationId)).accessToken}`);
    expect((await latestGuestOrder(db(), pix.cartId, pix.deviceId))?.status).toBe("paid");
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerPaymentId, pix.mpId));
    // The forged one is done and matched to no one; the genuine one to organization A.
    expect(events.map((e) => e.organizationId ?? "none").sort()).toEqual(
      [a.shop.organizationId, "none"].sort(),
    );
    expect(events.map((e) => e.processedAt === null)).toEqual([false, false]);

    expect(await snapshotOf(b.shop.organizationId)).toBe(before);
  });

  it("a payment found by external_reference in another organization's account is ignored", async () => {
    // A's order whose PIX creation answer never came back: a row waiting for its provider id.
    const g = await guestWithCartIn(db(), a.shop, { Vinho: 1 });
    const placed = await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    if (!placed.ok) throw new Error("not placed");
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
    const accountA = await accountOf(a.shop.organizationId);
    await db()
      .insert(payments)
      .values({
        organizationId: a.shop.organizationId,
        orderId: placed.orderId,
        provider: "mercadopago",
        paymentAccountId: accountA.id,
        method: "pix",
        status: "creating",
        amountCents: order?.totalCents ?? 0,
        idempotencyKey: `order:${placed.orderId}:pix:${randomUUID()}`,
      });
    // Seller B makes a payment of its own naming A's order, and it is paid.
    const made = await fetch(`${fake.url}/v1/payments`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${(await tokensOf(b.shop.organizationId)).accessToken}`,
        "content-type": "application/json",
        "x-idempotency-key": randomUUID(),
      },
      body: JSON.stringify({
        payment_method_id: "pix",
        transaction_amount: (order?.totalCents ?? 0) / 100,
        external_reference: placed.orderId,
        payer: { email: BUYER.email },
      }),
    });
    const { id } = (await made.json()) as { id: number };
    fake.approve(id);
    const beforeA = await snapshotOf(a.shop.organizationId);

    // B's genuine notification about it is fetched with B's token: A's books stay as they were.
    expect(await deliverWebhook(h.ctx, MERCADOPAGO_PAYMENTS, fake.webhookFor(id))).toBe("ignored");
    expect(fake.requests.some((r) => r.path === `/v1/payments/${id}` && r.method === "GET")).toBe(true);
    expect(await snapshotOf(a.shop.organizationId)).toBe(beforeA);
    expect((await latestGuestOrder(db(), g.cartId, g.deviceId))?.status).toBe("pending");
    const [waiting] = await chargesOf(placed.orderId);
    expect(waiting).toMatchObject({ status: "creating", providerPaymentId: null });
    expect(await movementsOf(placed.orderId)).toEqual([]);
  });

  it("an IPN call is answered, never read for its body: the payment is fetched with its own seller's token and only the answer counts", async () => {
    const pix = await pixOrder(a.shop, { Água: 1 });
    const beforeB = await snapshotOf(b.shop.organizationId);
    const tokenA = `Bearer ${(await tokensOf(a.shop.organizationId)).accessToken}`;
    // Unpaid, whatever the body claims (a seller, a status): fetched with A's token, still pending.
    const ipn = fake.ipnFor(pix.mpId);
    const lying = { ...ipn, body: JSON.stringify({ user_id: Number(b.seller), status: "approved" }) };
    const from = fake.requests.length;
    expect(await deliverWebhook(h.ctx, MERCADOPAGO_PAYMENTS, lying)).toBe("applied");
    const fetched = fake.requests.slice(from).filter((r) => r.path === `/v1/payments/${pix.mpId}`);
    expect(fetched.map((r) => r.headers.authorization)).toEqual([tokenA]);
    expect((await latestGuestOrder(db(), pix.cartId, pix.deviceId))?.status).toBe("pending");

    // Paid: the next IPN call (a minute later) applies what Mercado Pago answers.
    fake.approve(pix.mpId);
    const nextMinute = vi.spyOn(Date, "now").mockReturnValue(Date.now() + MINUTE);
    try {
      expect(await deliverWebhook(h.ctx, MERCADOPAGO_PAYMENTS, fake.ipnFor(pix.mpId))).toBe("applied");
      // Its retry is the same event.
      expect(await deliverWebhook(h.ctx, MERCADOPAGO_PAYMENTS, fake.ipnFor(pix.mpId))).toBe("duplicate");
    } finally {
      nextMinute.mockRestore();
    }
    expect((await latestGuestOrder(db(), pix.cartId, pix.deviceId))?.status).toBe("paid");
    expect(await movementsOf(pix.orderId)).toHaveLength(3);

    // An unsigned call about a payment that is not ours is answered and stored nowhere.
    const stored = (await db().select().from(paymentEvents)).length;
    const stranger = { ...ipn, query: new URLSearchParams({ topic: "payment", id: "990000000001" }) };
    expect(await deliverWebhook(h.ctx, MERCADOPAGO_PAYMENTS, stranger)).toBe("passed");
    expect(await db().select().from(paymentEvents)).toHaveLength(stored);
    expect(await snapshotOf(b.shop.organizationId)).toBe(beforeB);
  });

  it("refunds through the seller that took the payment, with that seller's token", async () => {
    const pix = await pixOrder(a.shop, { Água: 1, Café: 1 });
    fake.approve(pix.mpId);
    expect(await deliverWebhook(h.ctx, MERCADOPAGO_PAYMENTS, fake.webhookFor(pix.mpId))).toBe("applied");
    const beforeB = await snapshotOf(b.shop.organizationId);

    // Another organization's owner cannot refund it (it is not theirs to see).
    expect(
      await refusal(refundOrder(h.ctx, b.owner, { orderId: pix.orderId, reason: "engano" })),
    ).toMatchObject({ kind: "not_found" });
    const from = fake.requests.length;
    await refundOrder(h.ctx, a.owner, { orderId: pix.orderId, reason: "O hóspede desistiu" });

    const refundCalls = fake.requests
      .slice(from)
      .filter((r) => r.method === "POST" && r.path === `/v1/payments/${pix.mpId}/refunds`);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]?.headers.authorization).toBe(
      `Bearer ${(await tokensOf(a.shop.organizationId)).accessToken}`,
    );
    const atFake = fake.payment(pix.mpId) as { status: string; refunds: unknown[]; collector_id: number };
    expect(atFake).toMatchObject({ status: "refunded", collector_id: Number(a.seller) });
    expect(atFake.refunds).toHaveLength(1);
    expect((await latestGuestOrder(db(), pix.cartId, pix.deviceId))?.status).toBe("refunded");
    const [charge] = await chargesOf(pix.orderId);
    expect(charge?.status).toBe("refunded");
    expect(await snapshotOf(b.shop.organizationId)).toBe(beforeB);
  });
});

describe("the OAuth state of 'Conectar Mercado Pago'", () => {
  it("is stored only as a hash and works once: a second callback with the same state is refused", async () => {
    const { owner } = await newShop();
    const seller = fake.addSeller().userId;
    const callback = await authorize(owner, seller);
    const stored = await db()
      .select()
      .from(paymentOauthStates)
      .where(eq(paymentOauthStates.organizationId, owner.organizationId));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.stateHash).not.toBe(callback.state);
    expect(JSON.stringify(stored)).not.toContain(callback.state);

    await finishMercadoPagoConnect(h.ctx, owner, callback);
    expect(await refusal(finishMercadoPagoConnect(h.ctx, owner, callback))).toEqual({
      kind: "invalid",
      message: RECEIVING_TEXT.oauthExpired,
      fieldErrors: undefined,
    });
    expect((await accountOf(owner.organizationId)).status).toBe("active");
    expect(fake.refreshCount(seller)).toBe(0);
  });

  it("is refused for another user and for another organization, and still works for the one who asked", async () => {
    const { owner } = await newShop();
    const other = await newShop();
    const colleague = await createConfirmedUser(db(), {
      name: "Outra Pessoa",
      email: `outra-${randomBytes(4).toString("hex")}@example.com`,
      password: "segredo1",
    });
    const seller = fake.addSeller().userId;
    const callback = await authorize(owner, seller);

    const anotherUser: Actor = { ...owner, userId: colleague.userId };
    const anotherOrg: Actor = { ...owner, organizationId: other.shop.organizationId };
    for (const actor of [anotherUser, anotherOrg, other.owner]) {
      expect((await refusal(finishMercadoPagoConnect(h.ctx, actor, callback))).message).toBe(
        RECEIVING_TEXT.oauthExpired,
      );
    }
    expect(
      await db().select().from(paymentAccounts).where(eq(paymentAccounts.providerAccountId, seller)),
    ).toEqual([]);
    // A manager of the organization may not connect at all.
    expect(
      (await refusal(finishMercadoPagoConnect(h.ctx, { ...owner, role: "manager" }, callback))).kind,
    ).toBe("forbidden");

    await finishMercadoPagoConnect(h.ctx, owner, callback);
    expect(await accountOf(owner.organizationId)).toMatchObject({
      providerAccountId: seller,
      status: "active",
    });
  });

  it("expires after 10 minutes", async () => {
    const { owner } = await newShop();
    const seller = fake.addSeller().userId;
    const callback = await authorize(owner, seller);
    h.clock.advance(10 * MINUTE);
    try {
      expect((await refusal(finishMercadoPagoConnect(h.ctx, owner, callback))).message).toBe(
        RECEIVING_TEXT.oauthExpired,
      );
    } finally {
      h.clock.advance(-10 * MINUTE);
    }
    expect(
      await db()
        .select()
        .from(paymentAccounts)
        .where(eq(paymentAccounts.organizationId, owner.organizationId)),
    ).toEqual([]);
    // A new 'Conectar' a little under 10 minutes later works.
    const again = await authorize(owner, seller);
    h.clock.advance(10 * MINUTE - 1_000);
    try {
      await finishMercadoPagoConnect(h.ctx, owner, again);
    } finally {
      h.clock.advance(-(10 * MINUTE - 1_000));
    }
    expect((await accountOf(owner.organizationId)).status).toBe("active");
  });

  it("refuses a seller the owner declined, and a seller another organization has connected", async () => {
    const x = await newShop();
    const y = await newShop();
    const seller = fake.addSeller().userId;

    fake.denyNextAuthorization();
    const declined = new URL(await startMercadoPagoConnect(h.ctx, x.owner));
    const back = new URL((await fetch(declined, { redirect: "manual" })).headers.get("location") ?? "");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(
      (
        await refusal(
          finishMercadoPagoConnect(h.ctx, x.owner, {
            code: back.searchParams.get("code"),
            state: back.searchParams.get("state"),
            error: back.searchParams.get("error"),
          }),
        )
      ).message,
    ).toBe(RECEIVING_TEXT.oauthRefused);

    await connect(x.owner, seller);
    expect(await refusal(connect(y.owner, seller))).toEqual({
      kind: "conflict",
      message: RECEIVING_TEXT.takenByOther,
      fieldErrors: undefined,
    });
    expect(
      await db()
        .select()
        .from(paymentAccounts)
        .where(eq(paymentAccounts.organizationId, y.shop.organizationId)),
    ).toEqual([]);
    expect(await accountOf(x.shop.organizationId)).toMatchObject({
      providerAccountId: seller,
      status: "active",
    });
    // Organization X still charges with its seller.
    const pix = await pixOrder(x.shop, { Café: 1 });
    expect(fake.sellerOf(pix.mpId)).toBe(seller);
  });
});

describe("the seller's tokens at rest", () => {
  it("are stored only sealed: the row holds neither token, and it opens to them with the app's key only", async () => {
    const { owner } = await newShop();
    const seller = fake.addSeller("CHALE_DA_SERRA");
    await connect(owner, seller.userId);
    const row = await accountOf(owner.organizationId);
    expect(row).toMatchObject({ displayName: "CHALE_DA_SERRA", email: seller.email });
    const credentials = row.credentials ?? "";
    expect(credentials).toMatch(/^v1\./);

    const { accessToken, refreshToken } = openMercadoPagoCredentials(credentials, TEST_KEY);
    expect(accessToken).toMatch(new RegExp(`^TEST-.*-${seller.userId}$`));
    expect(refreshToken).toMatch(new RegExp(`^TG-.*-${seller.userId}$`));
    // The access token is the one the fake issued for this seller: /users/me was asked with it.
    const me = fake.requests.filter(
      (r) => r.path === "/users/me" && r.headers.authorization === `Bearer ${accessToken}`,
    );
    expect(me).toHaveLength(1);
    for (const token of [accessToken, refreshToken]) {
      expect(credentials).not.toContain(token);
      expect(JSON.stringify(row)).not.toContain(token);
    }
    expect(() => openMercadoPagoCredentials(credentials, randomBytes(32))).toThrow(SealError);

    // Nowhere else in the database either (activity, OAuth states, events…).
    const tables = await db().execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables.rows as { table_name: string }[]) {
      const found = await db().execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} t where t::text like ${`%${accessToken}%`} or t::text like ${`%${refreshToken}%`}`,
      );
      expect(found.rows[0], table_name).toEqual({ n: 0 });
    }
  });
});

describe("a seller who revokes Estadia's authorization", () => {
  it("stops charging with the guest's sentence, tells the owners, and charges again once reconnected", async () => {
    const { shop, owner } = await newShop();
    const seller = fake.addSeller().userId;
    await connect(owner, seller);
    const before = await tokensOf(shop.organizationId);

    // A guest ordered while the account was fine; then the seller revokes the application at Mercado Pago.
    const guest = await guestWithCartIn(db(), shop, { Vinho: 1 });
    const placed = await placeOrder(h.ctx, { ...guest.key, method: "pix", buyer: BUYER });
    if (!placed.ok) throw new Error("not placed");
    fake.revoke(seller);

    expect(await refusal(startPixPayment(h.ctx, guest.key))).toEqual({
      kind: "conflict",
      message: RECEIVING_TEXT.notReceiving,
      fieldErrors: undefined,
    });
    const [attempt] = await chargesOf(placed.orderId);
    expect(attempt).toMatchObject({ status: "error", providerPaymentId: null });
    const account = await accountOf(shop.organizationId);
    expect(account).toMatchObject({ status: "needs_reconnect", lastError: expect.stringMatching(/\S/) });
    expect(await isReceiving(h.ctx, shop.organizationId)).toBe(false);

    const [host] = await db().select({ email: user.email }).from(user).where(eq(user.id, owner.userId));
    const noticesTo = () => h.outbox().filter((m) => m.to === host?.email);
    const notices = noticesTo();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe("Reconecte sua conta de recebimento");
    expect(notices[0]?.text).toContain("Mercado Pago");
    expect(notices[0]?.text).toContain(`${h.ctx.appUrl}/recebimentos`);
    const recorded = await db()
      .select()
      .from(activity)
      .where(
        and(
          eq(activity.organizationId, shop.organizationId),
          eq(activity.kind, "payment_account.needs_reconnect"),
        ),
      );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.actorUserId).toBeNull();

    // The same guest trying a card, and a new guest ordering: the same sentence, nothing asked of MP.
    const asked = fake.requests.length;
    const cardToken = await createTestCardToken(fake.url, fake.appConfig().publicKey, "APRO");
    expect(
      (
        await refusal(
          payByCard(h.ctx, { ...guest.key, token: cardToken, paymentMethodId: "master", issuerId: null }),
        )
      ).message,
    ).toBe(RECEIVING_TEXT.notReceiving);
    const newcomer = await guestWithCartIn(db(), shop, { Água: 3 });
    expect((await refusal(placeOrder(h.ctx, { ...newcomer.key, method: "pix", buyer: BUYER }))).message).toBe(
      RECEIVING_TEXT.notReceiving,
    );
    expect(await latestGuestOrder(db(), newcomer.cartId, newcomer.deviceId)).toBeNull();
    expect(fake.requests.slice(asked).filter((r) => r.path !== "/v1/card_tokens")).toEqual([]);
    expect(noticesTo()).toHaveLength(1);

    // The owner connects the same seller again: 'Conectada', new tokens, guests pay.
    const row = await connect(owner, seller);
    expect(row).toMatchObject({ id: account.id, status: "active", lastError: null });
    const after = await tokensOf(shop.organizationId);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(await isReceiving(h.ctx, shop.organizationId)).toBe(true);

    const pix = await pixOrder(shop, { Água: 1 });
    const [creation] = creationsFor(pix.orderId);
    expect(creation?.headers.authorization).toBe(`Bearer ${after.accessToken}`);
    expect(fake.sellerOf(pix.mpId)).toBe(seller);
    fake.approve(pix.mpId);
    expect(await deliverWebhook(h.ctx, MERCADOPAGO_PAYMENTS, fake.webhookFor(pix.mpId))).toBe("applied");
    expect((await latestGuestOrder(db(), pix.cartId, pix.deviceId))?.status).toBe("paid");
    // And the guest whose charge failed can pay their order now.
    await startPixPayment(h.ctx, guest.key);
    const retried = (await chargesOf(placed.orderId)).filter((c) => c.status === "pending");
    expect(retried).toHaveLength(1);
    expect(fake.sellerOf(retried[0]?.providerPaymentId ?? "")).toBe(seller);
  });
});

/** Waits until the fake has received a request matching `match` (it logs a request before answering it). */
async function received(match: (r: LoggedRequest) => boolean) {
  const deadline = Date.now() + 10_000;
  while (!fake.requests.some(match)) {
    if (Date.now() > deadline) throw new Error("the fake never received the request");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a 401 that answers after the owner already reconnected", () => {
  // The account is flagged only while it still holds the credentials that were refused.
  it("a charge made with the revoked token does not undo a reconnection that happened meanwhile", async () => {
    const { shop, owner } = await newShop();
    const seller = fake.addSeller().userId;
    await connect(owner, seller);
    const guest = await guestWithCartIn(db(), shop, { Café: 1 });
    const placed = await placeOrder(h.ctx, { ...guest.key, method: "pix", buyer: BUYER });
    if (!placed.ok) throw new Error("not placed");
    fake.revoke(seller);

    // The guest's charge leaves with the revoked token and Mercado Pago takes a while to answer; meanwhile
    // the owner, told by Mercado Pago, reconnects.
    fake.delayNext(3_000);
    const charging = refusal(startPixPayment(h.ctx, guest.key));
    await received(
      (r) =>
        r.path === "/v1/payments" &&
        (r.body as { external_reference?: string } | undefined)?.external_reference === placed.orderId,
    );
    await connect(owner, seller);
    expect((await charging).message).toBe(RECEIVING_TEXT.notReceiving);

    expect((await accountOf(shop.organizationId)).status).toBe("active");
  });

  it("a renewal refused for the old refresh token does not undo a reconnection that happened meanwhile", async () => {
    const { refreshDueTokens } = await import("~/domain/payment-accounts/refresh-tokens.server");
    const { shop, owner } = await newShop();
    const seller = fake.addSeller().userId;
    await connect(owner, seller);
    await db()
      .update(paymentAccounts)
      .set({ tokenExpiresAt: new Date(h.clock.now().getTime() + 10 * 86_400_000) })
      .where(eq(paymentAccounts.organizationId, shop.organizationId));
    const { refreshToken } = await tokensOf(shop.organizationId);
    // (The fake, like MP's rotation, keeps one live refresh token per seller: the reconnection's code
    // exchange is what makes the renewal's old one refused.)

    fake.delayNext(3_000);
    const renewing = refreshDueTokens(h.ctx);
    await received((r) => (r.body as { refresh_token?: string } | undefined)?.refresh_token === refreshToken);
    await connect(owner, seller);
    await renewing;

    expect((await accountOf(shop.organizationId)).status).toBe("active");
  });
});

describe("no platform account to fall back on", () => {
  it("an organization without an account takes no order, holds nothing and charges nobody", async () => {
    const { shop } = await newShop();
    const asked = fake.requests.length;
    const guest = await guestWithCartIn(db(), shop, { Vinho: 2 });
    expect(await refusal(placeOrder(h.ctx, { ...guest.key, method: "pix", buyer: BUYER }))).toEqual({
      kind: "conflict",
      message: RECEIVING_TEXT.notReceiving,
      fieldErrors: undefined,
    });
    expect(
      await refusal(placeOrder(h.ctx, { ...guest.key, method: "credit_card", buyer: BUYER })),
    ).toMatchObject({
      message: RECEIVING_TEXT.notReceiving,
    });
    expect(await db().select().from(orders).where(eq(orders.organizationId, shop.organizationId))).toEqual(
      [],
    );
    const [stock] = await db()
      .select({ reserved: propertyProducts.reservedQuantity, current: propertyProducts.currentQuantity })
      .from(propertyProducts)
      .where(eq(propertyProducts.productId, shop.productIds.Vinho ?? ""));
    expect(stock).toEqual({ reserved: 0, current: 10 });
    expect(fake.requests.slice(asked)).toEqual([]);
  });

  it("nor does one that disconnected its account: its credentials are erased", async () => {
    const { shop, owner } = await newShop();
    await connect(owner, fake.addSeller().userId);
    await disconnectAccount(h.ctx, owner);
    expect(await accountOf(shop.organizationId)).toMatchObject({ status: "disconnected", credentials: null });
    const guest = await guestWithCartIn(db(), shop, { Café: 1 });
    expect((await refusal(placeOrder(h.ctx, { ...guest.key, method: "pix", buyer: BUYER }))).message).toBe(
      RECEIVING_TEXT.notReceiving,
    );
    expect(await db().select().from(orders).where(eq(orders.organizationId, shop.organizationId))).toEqual(
      [],
    );
  });
});
