import { createHmac } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { addToCart } from "~/domain/carts/add-to-cart.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import {
  type Applied,
  applyWebhookEvent,
  type Received,
  receiveWebhook,
} from "~/domain/payments/webhook-inbox.server";
import type { Db } from "~/platform/db/database-handle.server";
import { payments } from "~/platform/db/schema";
import type { PaymentsConfig } from "~/platform/env.server";
import { createMailer } from "~/platform/mail/mailer.server";
import { readOutbox } from "~/platform/mail/outbox.server";
import {
  type AccountProviders,
  createAccountProviders,
  type WebhookSource,
} from "~/platform/payments/account-providers.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import type { WebhookRequest } from "~/platform/payments/provider";
import { createSandboxProvider, type SandboxProvider } from "~/platform/payments/sandbox-provider.server";
import type { SandboxPayouts } from "~/platform/payouts/sandbox-payouts.server";
import { newDeviceId, shopFixture } from "./shop-fixtures";

/** New organizations are in their free days here, so Estadia takes no fee unless a test says otherwise. */
export const TEST_PAYMENTS_CONFIG: PaymentsConfig = {
  offered: ["sandbox"],
  mercadoPago: null,
  asaas: null,
  platformFeeBps: 300,
  freeTrialDays: 7,
  holdMinutes: 30,
  processingFeeBps: 399,
  cardSettlementDays: 30,
  minWithdrawalCents: 1000,
  withdrawalFeeCents: 0,
};

export const BUYER = {
  name: "Maria da Silva",
  email: "maria@example.com",
  phone: "11987654321",
  cpf: "12345678909",
};

export const TEST_CARD = { number: "5031 4332 1540 6351", expiryMonth: 11, expiryYear: 2030, cvv: "123" };

/** What account-providers derives the sandbox's webhook secret from, given the harness's secret. */
const SANDBOX_SECRET = createHmac("sha256", "checkout-test-secret-0123456789")
  .update("sandbox-webhooks")
  .digest("hex");

/** A clock the test moves by hand. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

export type CheckoutHarness = {
  ctx: PaymentsContext;
  sandbox: SandboxProvider;
  payouts: SandboxPayouts;
  clock: ReturnType<typeof testClock>;
  /** Emails sent to guests (receipts), newest first. */
  outbox(): ReturnType<typeof readOutbox>;
};

/** A payments context on this database with the sandbox provider, a hand-moved clock and a file outbox. */
export function checkoutHarness(db: Db, overrides: Partial<PaymentsConfig> = {}): CheckoutHarness {
  const clock = testClock();
  const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), "estadia-checkout-")), "outbox");
  const config = { ...TEST_PAYMENTS_CONFIG, ...overrides };
  const base = createAccountProviders({
    db,
    config,
    appUrl: "http://127.0.0.1:9",
    secret: "checkout-test-secret-0123456789",
  });
  // The sandbox's charges follow the test's clock (PIX expiry), as its operator view does.
  const providers: AccountProviders = {
    ...base,
    // The real factory first: it refuses an account without credentials, as the app does.
    charges: (account) =>
      base.charges(account) && account.provider === "sandbox"
        ? createSandboxProvider({
            db,
            sellerId: account.providerAccountId,
            feeBps: config.processingFeeBps,
            webhookSecret: SANDBOX_SECRET,
            notificationUrl: "http://127.0.0.1:9/webhooks/payments/sandbox",
            now: clock.now,
          })
        : base.charges(account),
  };
  const sandbox = createSandboxProvider({
    db,
    sellerId: null,
    feeBps: config.processingFeeBps,
    webhookSecret: SANDBOX_SECRET,
    notificationUrl: "http://127.0.0.1:9/webhooks/payments/sandbox",
    now: clock.now,
  });
  const payouts = base.sandbox()?.payouts;
  if (!payouts) throw new Error("the sandbox is not offered");
  const ctx: PaymentsContext = {
    db,
    providers,
    config,
    mail: createMailer({ smtpUrl: undefined, from: "Estadia <nao-responda@estadia.dev>", outboxDir }),
    whatsapp: null,
    appUrl: "http://localhost:8080",
    log: pino({ level: "silent" }),
    now: clock.now,
  };
  return { ctx, sandbox, payouts, clock, outbox: () => readOutbox(outboxDir) };
}

/** The sandbox's payment notifications' URL, as a source. */
export const SANDBOX_PAYMENTS: WebhookSource = { to: "payments", provider: "sandbox" };

/**
 * A notification as its route takes it, and the application the route starts right after it answered,
 * awaited: what receiving it did when nothing was stored (refused, duplicate), else what applying it did.
 */
export async function deliverWebhook(
  ctx: PaymentsContext,
  source: WebhookSource,
  request: WebhookRequest,
): Promise<Exclude<Received["outcome"], "stored"> | Applied> {
  const received = await receiveWebhook(ctx, source, request);
  return received.outcome === "stored" ? applyWebhookEvent(ctx, received.eventId) : received.outcome;
}

/** A shop with these products and a guest whose cart holds `quantities` of them (by name). */
export async function guestWithCart(
  db: Db,
  items: Parameters<typeof shopFixture>[1],
  quantities: Record<string, number>,
  ip?: string,
) {
  return guestWithCartIn(db, await shopFixture(db, items), quantities, ip);
}

/** A new guest of an existing shop whose cart holds `quantities` of its products (by name). */
export async function guestWithCartIn(
  db: Db,
  shop: Awaited<ReturnType<typeof shopFixture>>,
  quantities: Record<string, number>,
  ip = `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) {
  const deviceId = newDeviceId();
  let cartId = "";
  for (const [name, quantity] of Object.entries(quantities)) {
    for (let i = 0; i < quantity; i++) {
      const cart = await addToCart(db, {
        hash: shop.hash,
        productId: shop.productIds[name] ?? "",
        deviceId,
        ip,
      });
      cartId = cart.id;
    }
  }
  return { shop, deviceId, cartId, key: { cartId, deviceId, ip } };
}

/** A new guest of the shop buys `quantities` by PIX and the sandbox approves it (its signed webhook): the order. */
export async function paidPixSale(
  h: CheckoutHarness,
  shop: Awaited<ReturnType<typeof shopFixture>>,
  quantities: Record<string, number>,
): Promise<string> {
  const { db } = h.ctx;
  const g = await guestWithCartIn(db, shop, quantities);
  await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
  const { orderId } = await startPixPayment(h.ctx, g.key);
  const [pix] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  await h.sandbox.settle(pix?.providerPaymentId ?? "", "approve");
  const { url, headers, body } = await h.sandbox.webhookFor(pix?.providerPaymentId ?? "");
  await deliverWebhook(h.ctx, SANDBOX_PAYMENTS, { headers, body, query: new URL(url).searchParams });
  return orderId;
}
