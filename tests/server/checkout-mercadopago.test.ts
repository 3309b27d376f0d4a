// The guest checkout with PAYMENTS_PROVIDER=mercadopago, against a local fake of Mercado Pago's API: the
// built app calls the fake as it would call api.mercadopago.com, and the fake notifies the app's webhook
// as Mercado Pago does. What is checked is what a guest sees and what the provider receives.
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBrCode } from "~/lib/pix-brcode";
import { orders, paymentEvents, payments } from "~/platform/db/schema";
import { startCheckoutServer } from "../support/checkout-server";
import { guestPhone } from "../support/guest-phone";
import {
  createTestCardToken,
  type LoggedRequest,
  type MercadoPagoFake,
  startMercadoPagoFake,
} from "../support/mercadopago-fake";
import { postgresAvailable } from "../support/postgres";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const CREDENTIALS = {
  accessToken: "TEST-4412950512345678-112304-0123456789abcdef0123456789abcdef-123456789",
  publicKey: "TEST-0a1b2c3d-4e5f-6789-abcd-ef0123456789",
  webhookSecret: "a-webhook-secret-from-your-integrations",
};
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

/** The built app with Mercado Pago as its provider, its API at the fake, on a shop with two products. */
function startMercadoPagoServer(fake: MercadoPagoFake, env: Record<string, string> = {}) {
  return startCheckoutServer(
    [
      { name: "Café", priceCents: 800, stock: null },
      { name: "Granola", priceCents: 1650, stock: 9 },
    ],
    {
      appUrlIsOwn: true,
      env: {
        PAYMENTS_PROVIDER: "mercadopago",
        MERCADOPAGO_ACCESS_TOKEN: CREDENTIALS.accessToken,
        MERCADOPAGO_PUBLIC_KEY: CREDENTIALS.publicKey,
        MERCADOPAGO_WEBHOOK_SECRET: CREDENTIALS.webhookSecret,
        MERCADOPAGO_API_URL: fake.url,
        ...env,
      },
    },
  );
}

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
async function payByPix(running: ShopServer, fake: MercadoPagoFake) {
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
  expect(page.status).toBe(200);
  expect(page.body).toContain("Pagamento via PIX");
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
  expect(creation?.headers.authorization).toBe(`Bearer ${CREDENTIALS.accessToken}`);
  expect(creation?.body).toMatchObject({
    payment_method_id: "pix",
    transaction_amount: totalCents / 100,
    external_reference: order?.id,
    notification_url: `${server.url}/webhooks/payments/mercadopago`,
  });
  expect(await guest.status(cartId)).toEqual({ status: "pending" });

  // A notification whose signature does not hold is refused and stored nowhere.
  const genuine = fake.webhookFor(mpId);
  const target = new URL(`${server.url}/webhooks/payments/mercadopago`);
  for (const [name, value] of genuine.query) target.searchParams.set(name, value);
  const headers = new Headers(genuine.headers);
  const signature = genuine.headers.get("x-signature") ?? "";
  headers.set(
    "x-signature",
    signature.replace(/v1=([0-9a-f])/, (_, c) => `v1=${c === "0" ? "1" : "0"}`),
  );
  const refused = await fetch(target, { method: "POST", headers, body: genuine.body });
  expect(refused.status).toBe(401);
  await refused.body?.cancel();
  const [stored] = await db
    .select({ n: count() })
    .from(paymentEvents)
    .where(eq(paymentEvents.providerPaymentId, mpId));
  expect(stored?.n).toBe(0);
  expect((await guest.ordersOf(cartId))[0]?.status).toBe("pending");

  // The payer pays; Mercado Pago notifies the notification_url it was given (the app's own).
  fake.approve(mpId);
  const notified = await fake.notify(mpId);
  expect(notified.status).toBe(200);
  await notified.body?.cancel();
  // The webhook alone paid the order (the status poll below would also ask the provider).
  expect((await guest.ordersOf(cartId))[0]?.status).toBe("paid");
  expect(await guest.status(cartId)).toEqual({ status: "paid" });
  const success = await phone.request(`/payments/${cartId}/success`);
  expect(success.status).toBe(200);
  expect(success.body).toContain("Pagamento confirmado!");
}

describe.runIf(available)("the guest checkout with Mercado Pago (local fake of its API)", () => {
  let fake: MercadoPagoFake;

  beforeAll(async () => {
    fake = await startMercadoPagoFake(CREDENTIALS);
  });
  afterAll(() => fake?.close());

  describe("as configured by default (orders held 30 minutes, Mercado Pago's minimum for a PIX)", () => {
    let running: ShopServer;
    beforeAll(async () => {
      running = await startMercadoPagoServer(fake);
    });
    afterAll(() => running?.stop());

    it("pays by PIX: the fake's code on the page, its webhook confirming the order", async () => {
      await payByPix(running, fake);
    });

    it("shows the card form with Mercado Pago's secure fields, its public key and a CSP that lets them in", async () => {
      const guest = checkoutOf(running, fake);
      const { phone } = guest;
      const cartId = await guest.cartWith({ Café: 1 });
      await guest.identify(cartId, "credit_card");
      const page = await phone.request(`/payments/${cartId}/credit_card/payment`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(`data-public-key="${CREDENTIALS.publicKey}"`);
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
      const cardToken = await createTestCardToken(fake.url, CREDENTIALS.publicKey, "APRO");
      const charged = await phone.request(`/payments/${cartId}/credit_card/charge`, {
        token: cardToken,
        paymentMethodId: "master",
        issuerId: "",
      });
      expect(charged.status, charged.body).toBe(200);
      expect(JSON.parse(charged.body)).toEqual({
        ok: true,
        status: "paid",
        next: `/payments/${cartId}/success`,
      });
      const [order] = await guest.ordersOf(cartId);
      const [creation] = guest.creationsFor(order?.id ?? "");
      expect(creation?.headers["x-idempotency-key"]).toMatch(/\S/);
      expect(creation?.body).toMatchObject({ token: cardToken, external_reference: order?.id });
      expect((await phone.request(`/payments/${cartId}/success`)).body).toContain("Pagamento confirmado!");
    });
  });
});
