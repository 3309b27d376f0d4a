// The guest checkout with Mercado Pago offered (the marketplace application's MERCADOPAGO_* variables)
// and the shop's organization connected to its own seller account, against a local fake of Mercado Pago:
// the built app charges with the seller's token (never a platform-wide one), and the fake notifies the
// app's one webhook URL with the seller's user_id, as Mercado Pago does. What is checked is what a guest
// sees, what the provider receives, and that the seller's tokens show nowhere outside the sealed column.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBrCode } from "~/lib/pix-brcode";
import { disputes, orders, paymentAccounts, paymentEvents, payments } from "~/platform/db/schema";
import { seal } from "~/platform/secrets/secret-box.server";
import { startCheckoutServer, WEBHOOK_APPLIED } from "../support/checkout-server";
import { guestPhone } from "../support/guest-phone";
import {
  createTestCardToken,
  type FakeConnection,
  type LoggedRequest,
  type MercadoPagoFake,
  startMercadoPagoFake,
} from "../support/mercadopago-fake";
import { postgresAvailable } from "../support/postgres";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

/** The marketplace application's credentials (they connect sellers; they charge nobody). */
const APP = {
  clientId: "4412950512345678",
  clientSecret: "aBcDeFgHiJkLmNoPqRsTuVwXyZ012345",
  publicKey: "TEST-0a1b2c3d-4e5f-6789-abcd-ef0123456789",
  webhookSecret: "a-webhook-secret-from-your-integrations",
};
const DAY = 86_400_000;
const BUYER = {
  fullName: "Maria da Silva",
  cpf: "123.456.789-09",
  email: "maria@example.com",
  phone: "(11) 98765-4321",
};

/** The 'copia e cola' code of a PIX payment page. */
function pixCodeIn(html: string): string {
  return (/<textarea[^>]*data-pix-code[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1] ?? "").trim();
}

/** One directive of a Content-Security-Policy header, as its list of sources. */
function directive(csp: string | null, name: string): string[] {
  const found = (csp ?? "")
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found?.slice(1) ?? [];
}

/** Estadia's 3% of a sale, half up, in cents. */
const platformFee = (cents: number) => Math.floor((cents * 300 + 5000) / 10000);

/**
 * The built app offering Mercado Pago (both its hosts at the fake), no free days (Estadia's fee goes out as
 * application_fee), on a shop with two products.
 */
function startMercadoPagoServer(fake: MercadoPagoFake, env: Record<string, string> = {}) {
  return startCheckoutServer(
    [
      { name: "Café", priceCents: 800, stock: null },
      { name: "Granola", priceCents: 1650, stock: 9 },
    ],
    {
      appUrlIsOwn: true,
      env: {
        MERCADOPAGO_CLIENT_ID: APP.clientId,
        MERCADOPAGO_CLIENT_SECRET: APP.clientSecret,
        MERCADOPAGO_PUBLIC_KEY: APP.publicKey,
        MERCADOPAGO_WEBHOOK_SECRET: APP.webhookSecret,
        MERCADOPAGO_API_URL: fake.url,
        MERCADOPAGO_AUTH_URL: fake.url,
        FREE_TRIAL_DAYS: "0",
        ...env,
      },
    },
  );
}

/**
 * The shop's organization connects its own seller account, as the OAuth callback leaves it: the fixture's
 * sandbox account disconnected, the seller's tokens sealed with the key the server opens them with
 * (ENCRYPTION_KEY, passed on by server-process.ts).
 */
async function connectSeller(running: ShopServer, fake: MercadoPagoFake): Promise<FakeConnection> {
  const { db, shop } = running;
  const seller = fake.addSeller("POUSADA_DO_TESTE");
  const tokens = fake.connect(seller.userId);
  await db
    .update(paymentAccounts)
    .set({ status: "disconnected", credentials: null, disconnectedAt: new Date() })
    .where(eq(paymentAccounts.organizationId, shop.organizationId));
  await db.insert(paymentAccounts).values({
    organizationId: shop.organizationId,
    provider: "mercadopago",
    status: "active",
    providerAccountId: seller.userId,
    displayName: seller.nickname,
    email: seller.email,
    credentials: seal({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }),
    tokenExpiresAt: new Date(Date.now() + 180 * DAY),
  });
  return tokens;
}

/** Every page and webhook answer the tests received, to look for secrets in. */
const answers: string[] = [];

let ipCounter = 0;

/** A guest of this shop, with helpers for the steps it takes. */
function checkoutOf(running: ShopServer, fake: MercadoPagoFake) {
  const { server, shop, db } = running;
  const phone = guestPhone(server.url, `198.51.100.${++ipCounter}`);
  return {
    phone,
    async cartWith(lines: Record<string, number>): Promise<string> {
      let cartId = "";
      for (const [name, quantity] of Object.entries(lines)) {
        for (let i = 0; i < quantity; i++) {
          const added = await phone.cart({
            intent: "add",
            hash: shop.hash,
            productId: shop.productIds[name] ?? "",
          });
          expect(added.status).toBe(200);
          cartId = added.json.cart.id;
        }
      }
      return cartId;
    },
    async identify(cartId: string, method: "pix" | "credit_card") {
      const res = await phone.request(`/payments/${cartId}/${method}`, BUYER);
      expect(res.status, res.body.slice(0, 500)).toBe(303);
      expect(res.location).toBe(`/payments/${cartId}/${method}/payment`);
    },
    ordersOf: (cartId: string) =>
      db.select().from(orders).where(eq(orders.cartId, cartId)).orderBy(asc(orders.createdAt)),
    async status(cartId: string) {
      return JSON.parse((await phone.request(`/payments/${cartId}/status`)).body) as {
        status: string | null;
      };
    },
    /** The payment creations the adapter sent the fake for this order. */
    creationsFor: (orderId: string): LoggedRequest[] =>
      fake.requests.filter(
        (r) =>
          r.method === "POST" &&
          r.path === "/v1/payments" &&
          (r.body as { external_reference?: string } | undefined)?.external_reference === orderId,
      ),
  };
}

/**
 * Identification → PIX → the fake's BR Code on the page → a tampered notification refused → the payer pays
 * and Mercado Pago notifies the notification_url it was given → paid, confirmed.
 */
async function payByPix(running: ShopServer, fake: MercadoPagoFake, seller: FakeConnection) {
  const { server, db } = running;
  const guest = checkoutOf(running, fake);
  const { phone } = guest;
  const cartId = await guest.cartWith({ Granola: 1, Café: 2 });
  const totalCents = 1650 + 2 * 800;
  await guest.identify(cartId, "pix");
  const asked = await phone.request(`/payments/${cartId}/pix/payment`, { intent: "pix" });
  const failure = /<p role="alert"[^>]*>([^<]*)<\/p>/.exec(asked.body)?.[1];
  expect(asked.status, `the PIX charge was not created: ${failure}`).toBe(303);
  expect(asked.location).toBe(`/payments/${cartId}/pix/payment`);

  const page = await phone.request(`/payments/${cartId}/pix/payment`);
  answers.push(asked.body, page.body);
  expect(page.status).toBe(200);
  expect(page.body).toContain("Pagamento via Pix");
  const code = pixCodeIn(page.body);
  const parsed = parseBrCode(code);
  expect(parsed?.amountCents).toBe(totalCents);
  const [order] = await guest.ordersOf(cartId);
  const [charge] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, order?.id ?? ""));
  const mpId = charge?.providerPaymentId ?? "";
  expect(parsed?.txid).toBe(`MP${mpId}`);
  const atFake = fake.payment(mpId) as { point_of_interaction: { transaction_data: { qr_code: string } } };
  expect(code).toBe(atFake.point_of_interaction.transaction_data.qr_code);

  // What the adapter asked of Mercado Pago.
  const [creation, ...more] = guest.creationsFor(order?.id ?? "");
  expect(more).toEqual([]);
  expect(creation?.headers["x-idempotency-key"]).toMatch(/\S/);
  // The seller's own token, Estadia's cut as application_fee: the payment is the seller's at Mercado Pago.
  expect(creation?.headers.authorization).toBe(`Bearer ${seller.accessToken}`);
  expect(creation?.body).toMatchObject({
    payment_method_id: "pix",
    transaction_amount: totalCents / 100,
    application_fee: platformFee(totalCents) / 100,
    external_reference: order?.id,
    notification_url: `${server.url}/webhooks/payments/mercadopago`,
  });
  expect(fake.sellerOf(mpId)).toBe(seller.userId);
  expect(await guest.status(cartId)).toEqual({ status: "pending" });

  // A notification whose signature does not hold may be Mercado Pago's IPN (which cannot be verified):
  // answered 200 and taken only as "look at payment <id>", fetched with the seller's token; still pending.
  const genuine = fake.webhookFor(mpId);
  const target = new URL(`${server.url}/webhooks/payments/mercadopago`);
  for (const [name, value] of genuine.query) target.searchParams.set(name, value);
  const headers = new Headers(genuine.headers);
  const signature = genuine.headers.get("x-signature") ?? "";
  headers.set(
    "x-signature",
    signature.replace(/v1=([0-9a-f])/, (_, c) => `v1=${c === "0" ? "1" : "0"}`),
  );
  const unsignedFrom = fake.requests.length;
  const unsigned = await fetch(target, { method: "POST", headers, body: genuine.body });
  expect(unsigned.status).toBe(200);
  answers.push(await unsigned.text());
  await expect
    .poll(async () => {
      const [row] = await db
        .select({ processedAt: paymentEvents.processedAt })
        .from(paymentEvents)
        .where(eq(paymentEvents.providerPaymentId, mpId));
      return row?.processedAt ?? null;
    })
    .not.toBeNull();
  const looked = fake.requests.slice(unsignedFrom).filter((r) => r.path === `/v1/payments/${mpId}`);
  expect(looked.map((r) => r.headers.authorization)).toEqual([`Bearer ${seller.accessToken}`]);
  expect((await guest.ordersOf(cartId))[0]?.status).toBe("pending");

  // The payer pays; Mercado Pago notifies the notification_url it was given (the app's own), naming the
  // seller (user_id), whose token fetches the payment.
  fake.approve(mpId);
  expect(JSON.parse(fake.webhookFor(mpId).body).user_id).toBe(Number(seller.userId));
  const fetchedFrom = fake.requests.length;
  const notified = await fake.notify(mpId);
  expect(notified.status).toBe(200);
  const answer = await notified.text();
  answers.push(answer);
  expect(JSON.parse(answer)).toEqual({ received: true });
  // The webhook alone pays the order, right after its answer (the status poll below would also ask the
  // provider).
  await expect.poll(async () => (await guest.ordersOf(cartId))[0]?.status, WEBHOOK_APPLIED).toBe("paid");
  const fetches = fake.requests.slice(fetchedFrom).filter((r) => r.path === `/v1/payments/${mpId}`);
  expect(fetches.length).toBeGreaterThan(0);
  for (const r of fetches) expect(r.headers.authorization).toBe(`Bearer ${seller.accessToken}`);
  await until(() => server.output().includes('"outcome":"applied"'), "the webhook's log line");
  const [event] = await db.select().from(paymentEvents).where(eq(paymentEvents.providerPaymentId, mpId));
  expect(event?.organizationId).toBe(running.shop.organizationId);
  expect(await guest.status(cartId)).toEqual({ status: "paid" });
  const success = await phone.request(`/payments/${cartId}/success`);
  answers.push(success.body);
  expect(success.status).toBe(200);
  expect(success.body).toContain("Pagamento confirmado!");
}

/** Waits for a condition (a log line is written a moment after the answer), failing after 5 s. */
async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(available)("the guest checkout with Mercado Pago (local fake of its API)", () => {
  let fake: MercadoPagoFake;

  beforeAll(async () => {
    fake = await startMercadoPagoFake({ ...APP });
  });
  afterAll(() => fake?.close());

  describe("as configured by default (orders held 30 minutes, Mercado Pago's minimum for a PIX)", () => {
    let running: ShopServer;
    let seller: FakeConnection;
    const server = () => running.server;
    beforeAll(async () => {
      running = await startMercadoPagoServer(fake);
      seller = await connectSeller(running, fake);
    });
    afterAll(() => running?.stop());

    it("pays by PIX: the fake's code on the page, its webhook (with the seller's user_id) confirming the order", async () => {
      await payByPix(running, fake, seller);
    });

    it("applies a dispute told only by the chargebacks topic: the case read with the seller's token, its payment held once, then lost", async () => {
      const { db } = running;
      const guest = checkoutOf(running, fake);
      const cartId = await guest.cartWith({ Café: 1 });
      await guest.identify(cartId, "pix");
      expect((await guest.phone.request(`/payments/${cartId}/pix/payment`, { intent: "pix" })).status).toBe(
        303,
      );
      const [order] = await guest.ordersOf(cartId);
      const [charge] = await db
        .select()
        .from(payments)
        .where(eq(payments.orderId, order?.id ?? ""));
      const mpId = charge?.providerPaymentId ?? "";
      fake.approve(mpId);
      await fake.notify(mpId);
      await expect.poll(async () => (await guest.ordersOf(cartId))[0]?.status, WEBHOOK_APPLIED).toBe("paid");

      const post = (request: { headers: Headers; query: URLSearchParams; body: string }) => {
        const url = new URL(`${server().url}/webhooks/payments/mercadopago`);
        for (const [name, value] of request.query) url.searchParams.set(name, value);
        return fetch(url, { method: "POST", headers: request.headers, body: request.body });
      };
      const disputeOf = async () =>
        (
          await db
            .select()
            .from(disputes)
            .where(eq(disputes.orderId, order?.id ?? ""))
        ).map((d) => d.status);

      // The payer's bank contests it; Mercado Pago says so on the chargebacks topic, naming the case.
      fake.dispute(mpId, "open");
      const opened = fake.chargebackWebhookFor(mpId);
      const caseId = opened.query.get("data.id") ?? "";
      const from = fake.requests.length;
      expect((await post(opened)).status).toBe(200);
      await expect.poll(disputeOf, WEBHOOK_APPLIED).toEqual(["opened"]);
      const asked = fake.requests.slice(from).filter((r) => r.path === `/v1/chargebacks/${caseId}`);
      expect(asked.map((r) => r.headers.authorization)).toEqual([`Bearer ${seller.accessToken}`]);
      // Replayed: answered, nothing moves twice.
      expect((await post(opened)).status).toBe(200);
      expect(await disputeOf()).toEqual(["opened"]);

      fake.dispute(mpId, "lose");
      expect((await post(fake.chargebackWebhookFor(mpId))).status).toBe(200);
      await expect.poll(disputeOf, WEBHOOK_APPLIED).toEqual(["lost"]);
      expect((await guest.ordersOf(cartId))[0]?.status).toBe("refunded");
    });

    it("answers a notification once it is stored, without waiting for a slow Mercado Pago; applies it right after", async () => {
      const guest = checkoutOf(running, fake);
      const cartId = await guest.cartWith({ Café: 1 });
      await guest.identify(cartId, "pix");
      const asked = await guest.phone.request(`/payments/${cartId}/pix/payment`, { intent: "pix" });
      expect(asked.status).toBe(303);
      const [order] = await guest.ordersOf(cartId);
      const [charge] = await running.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, order?.id ?? ""));
      const mpId = charge?.providerPaymentId ?? "";
      fake.approve(mpId);

      // Mercado Pago takes 4 s to answer the app's next question: the payment the notification is about.
      fake.delayNext(4_000);
      const notified = await fake.notify(mpId);
      expect(notified.status).toBe(200);
      expect(await notified.json()).toEqual({ received: true });
      const eventOf = async () =>
        (await running.db.select().from(paymentEvents).where(eq(paymentEvents.providerPaymentId, mpId)))[0];
      // Answered with the event stored and not yet applied: the order waits for the fetch.
      expect(await eventOf()).toMatchObject({ processedAt: null });
      expect((await guest.ordersOf(cartId))[0]?.status).toBe("pending");

      await expect
        .poll(async () => (await guest.ordersOf(cartId))[0]?.status, { timeout: 15_000 })
        .toBe("paid");
      await expect.poll(async () => (await eventOf())?.processedAt ?? null, WEBHOOK_APPLIED).not.toBeNull();
    });

    it("shows the card form with Mercado Pago's secure fields, its public key and a CSP that lets them in", async () => {
      const guest = checkoutOf(running, fake);
      const { phone } = guest;
      const cartId = await guest.cartWith({ Café: 1 });
      await guest.identify(cartId, "credit_card");
      const page = await phone.request(`/payments/${cartId}/credit_card/payment`);
      answers.push(page.body);
      expect(page.status).toBe(200);
      // The browser tokenizes the card with the platform's (integrator's) public key.
      expect(page.body).toContain(`data-public-key="${APP.publicKey}"`);
      expect(page.body).toContain('data-provider="mercadopago"');
      for (const id of ["card-number", "card-expiry", "card-cvv"]) {
        expect(page.body).toMatch(new RegExp(`<div id="${id}" data-secure-field`));
      }
      expect(page.body).not.toContain("data-tokenize-url");
      expect(page.body).not.toContain('data-card="number"');
      const csp = page.headers.get("content-security-policy");
      expect(directive(csp, "connect-src")).toContain("https://*.mercadopago.com");
      expect(directive(csp, "frame-src")).toContain("https://*.mercadopago.com");

      // The browser's MercadoPago.js turns the card into a token at Mercado Pago; only the token reaches us.
      const cardToken = await createTestCardToken(fake.url, APP.publicKey, "APRO");
      const charged = await phone.request(`/payments/${cartId}/credit_card/charge`, {
        token: cardToken,
        paymentMethodId: "master",
        issuerId: "",
      });
      answers.push(charged.body);
      expect(charged.status, charged.body).toBe(200);
      expect(JSON.parse(charged.body)).toEqual({
        ok: true,
        status: "paid",
        next: `/payments/${cartId}/success`,
      });
      const [order] = await guest.ordersOf(cartId);
      const [creation] = guest.creationsFor(order?.id ?? "");
      expect(creation?.headers["x-idempotency-key"]).toMatch(/\S/);
      expect(creation?.headers.authorization).toBe(`Bearer ${seller.accessToken}`);
      expect(creation?.body).toMatchObject({
        token: cardToken,
        external_reference: order?.id,
        application_fee: platformFee(800) / 100,
      });
      const [paid] = await running.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, order?.id ?? ""));
      expect(fake.sellerOf(paid?.providerPaymentId ?? "")).toBe(seller.userId);
      expect((await phone.request(`/payments/${cartId}/success`)).body).toContain("Pagamento confirmado!");
    });

    it("an organization whose seller revoked the application stops charging: the guest reads why", async () => {
      const guest = checkoutOf(running, fake);
      const cartId = await guest.cartWith({ Café: 1 });
      await guest.identify(cartId, "pix");
      fake.revoke(seller.userId);
      const asked = await guest.phone.request(`/payments/${cartId}/pix/payment`, { intent: "pix" });
      answers.push(asked.body);
      expect(asked.body).toContain("Este imóvel ainda não está recebendo pagamentos. Avise o anfitrião.");
      const [account] = await running.db
        .select()
        .from(paymentAccounts)
        .where(eq(paymentAccounts.providerAccountId, seller.userId));
      expect(account?.status).toBe("needs_reconnect");
      await until(
        () => server().output().includes("payment account needs reconnecting"),
        "the needs-reconnect log line",
      );
    });

    it("never shows the seller's access or refresh token: not in the logs, the pages or the webhook answers", () => {
      const log = server().output();
      expect(answers.length).toBeGreaterThan(5);
      expect(log).toContain("webhook received");
      for (const secret of [seller.accessToken, seller.refreshToken, APP.clientSecret]) {
        expect(log).not.toContain(secret);
        for (const body of answers) expect(body).not.toContain(secret);
      }
    });
  });
});
