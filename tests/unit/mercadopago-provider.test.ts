import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMercadoPagoProvider,
  type MercadoPagoConfig,
  mercadoPagoWebhookVerifier,
} from "~/platform/payments/mercadopago-provider.server";
import { type PaymentProvider, ProviderError, type WebhookRequest } from "~/platform/payments/provider";
import { signWebhook } from "~/platform/payments/webhook-signature";
import {
  createTestCardToken,
  type FakeConnection,
  type MercadoPagoFake,
  startMercadoPagoFake,
  TEST_CPF,
} from "../support/mercadopago-fake";
import { providerContract } from "../support/provider-contract";
import { everything, thrown } from "../support/thrown";

/** The application's: its owner's own token (which charges no application_fee), public key, webhook secret. */
const CREDENTIALS = {
  accessToken: "TEST-4412950512345678-112304-0123456789abcdef0123456789abcdef-123456789",
  publicKey: "TEST-0a1b2c3d-4e5f-6789-abcd-ef0123456789",
  webhookSecret: "a-webhook-secret-from-your-integrations",
};
const NOTIFICATION_URL = "https://estadia.example.com.br/webhooks/mercadopago";
const FALLBACK_EMAIL = "pagamentos@estadia.com.br";
const verifyWebhook = mercadoPagoWebhookVerifier(CREDENTIALS.webhookSecret);

/** The adapter for one connected seller: their token on the server, the platform's public key in the browser. */
function adapter(
  fake: MercadoPagoFake,
  seller: Pick<FakeConnection, "accessToken">,
  overrides: Partial<MercadoPagoConfig> = {},
): PaymentProvider {
  return createMercadoPagoProvider({
    accessToken: seller.accessToken,
    publicKey: CREDENTIALS.publicKey,
    apiUrl: fake.url,
    notificationUrl: NOTIFICATION_URL,
    fallbackPayerEmail: FALLBACK_EMAIL,
    ...overrides,
  });
}

providerContract(
  "Mercado Pago adapter against the local fake of its API",
  async () => {
    const fake = await startMercadoPagoFake(CREDENTIALS);
    const seller = fake.connect();
    return {
      provider: adapter(fake, seller),
      cardToken: (holderName) => createTestCardToken(fake.url, CREDENTIALS.publicKey, holderName),
      settle: async (paymentId, outcome) => fake[outcome](paymentId),
      webhookFor: (paymentId) => fake.webhookFor(paymentId),
      ipnFor: (paymentId) => fake.ipnFor(paymentId),
      dispute: async (paymentId, step) => fake.dispute(paymentId, step),
      verifyWebhook,
      accountId: seller.userId,
      otherAccount: adapter(fake, fake.connect()),
      close: () => fake.close(),
    };
  },
  { unsignedCalls: true, disputes: true },
);

const pix = (overrides: Record<string, unknown> = {}) => ({
  orderId: `order-${randomUUID()}`,
  amountCents: 1_250,
  description: "Estadia: 1 noite",
  payer: { name: "Ana", email: null, cpf: TEST_CPF },
  expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  idempotencyKey: randomUUID(),
  platformFeeCents: 0,
  ...overrides,
});

describe("Mercado Pago adapter: what it sends and how it fails", () => {
  let fake: MercadoPagoFake;
  let seller: FakeConnection;
  let provider: PaymentProvider;

  beforeAll(async () => {
    fake = await startMercadoPagoFake(CREDENTIALS);
    seller = fake.connect();
    provider = adapter(fake, seller);
  });

  afterAll(async () => {
    await fake.close();
  });

  const lastRequest = () => {
    const request = fake.requests.at(-1);
    if (!request) throw new Error("no request reached the fake");
    return request;
  };

  it("sends a PIX charge with the documented fields, amount in reais and an idempotency key", async () => {
    const input = pix();
    await provider.createPixCharge(input);

    const request = lastRequest();
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/payments");
    expect(request.headers.authorization).toBe(`Bearer ${seller.accessToken}`);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["x-idempotency-key"]).toBe(input.idempotencyKey);
    const body = request.body as Record<string, unknown>;
    expect(body).toMatchObject({
      transaction_amount: 12.5,
      payment_method_id: "pix",
      description: input.description,
      external_reference: input.orderId,
      notification_url: NOTIFICATION_URL,
      // No email from the guest: the fallback; a CPF given: sent as MP's identification.
      payer: { email: FALLBACK_EMAIL, first_name: "Ana", identification: { type: "CPF", number: TEST_CPF } },
    });
    expect(body.date_of_expiration).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/,
    );
    expect(Date.parse(String(body.date_of_expiration))).toBe(input.expiresAt.getTime());
  });

  it("sends amounts as exact reais and leaves identification out when there is no CPF", async () => {
    await provider.createPixCharge(
      pix({ amountCents: 1_999, payer: { name: "Ana Maria Souza", email: "ana@estadia.com.br", cpf: null } }),
    );
    const body = lastRequest().body as Record<string, unknown>;
    expect(body.transaction_amount).toBe(19.99);
    expect(body.payer).toEqual({ email: "ana@estadia.com.br", first_name: "Ana", last_name: "Maria Souza" });
  });

  it("sends a card charge with the token, one installment, brand and issuer, not in binary mode", async () => {
    const token = await createTestCardToken(fake.url, CREDENTIALS.publicKey, "APRO");
    const key = randomUUID();
    const payment = await provider.chargeCard({
      orderId: "order-card-1",
      amountCents: 10_000,
      description: "Estadia",
      payer: { name: "Ana", email: null, cpf: null },
      token,
      paymentMethodId: "master",
      issuerId: "24",
      idempotencyKey: key,
      platformFeeCents: 0,
    });

    expect(payment).toMatchObject({ status: "approved", card: { lastFour: "6351", brand: "master" } });
    const request = lastRequest();
    expect(request.headers["x-idempotency-key"]).toBe(key);
    expect(request.body).toMatchObject({
      token,
      transaction_amount: 100,
      installments: 1,
      payment_method_id: "master",
      issuer_id: "24",
      external_reference: "order-card-1",
      notification_url: NOTIFICATION_URL,
      payer: { email: FALLBACK_EMAIL },
      binary_mode: false,
      three_d_secure_mode: "optional",
    });
  });

  it("reads a 3-D Secure challenge (pending_challenge, three_ds_info), then the issuer's answer, refused in our words", async () => {
    const card = async (orderId: string) =>
      provider.chargeCard({
        orderId,
        amountCents: 5_000,
        description: "Estadia",
        payer: { name: "Ana", email: null, cpf: null },
        token: await createTestCardToken(fake.url, CREDENTIALS.publicKey, "APRO"),
        paymentMethodId: "master",
        issuerId: null,
        idempotencyKey: randomUUID(),
        platformFeeCents: 0,
      });
    fake.requireChallengeNext();
    const asked = await card("order-3ds-1");
    expect(asked).toMatchObject({ status: "pending", statusDetail: "pending_challenge", refusal: null });
    expect(asked.challenge).toEqual({
      url: `${fake.url}/3ds/challenge/${asked.id}`,
      creq: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    fake.completeChallenge(asked.id, true);
    expect(await provider.getPayment(asked.id)).toMatchObject({ status: "approved", challenge: null });

    fake.requireChallengeNext();
    const failed = await card("order-3ds-2");
    fake.completeChallenge(failed.id, false);
    expect(await provider.getPayment(failed.id)).toMatchObject({
      status: "rejected",
      refusal: "challenge_failed",
      challenge: null,
    });
  });

  it("cancels with PUT {status: cancelled} and a key derived from the payment, and refunds with {amount} or {}", async () => {
    const pending = await provider.createPixCharge(pix());
    await provider.cancelPayment(pending.id);
    expect(lastRequest()).toMatchObject({
      method: "PUT",
      path: `/v1/payments/${pending.id}`,
      body: { status: "cancelled" },
    });
    expect(lastRequest().headers["x-idempotency-key"]).toContain(pending.id);

    const paid = await provider.createPixCharge(pix({ amountCents: 2_000 }));
    fake.approve(paid.id);
    const partial = await provider.refund(paid.id, { amountCents: 550, idempotencyKey: "refund-1" });
    expect(partial).toMatchObject({ amountCents: 550, status: "approved" });
    expect(lastRequest()).toMatchObject({ path: `/v1/payments/${paid.id}/refunds`, body: { amount: 5.5 } });
    expect(lastRequest().headers["x-idempotency-key"]).toBe("refund-1");
    await provider.refund(paid.id, { idempotencyKey: "refund-2" });
    expect(lastRequest().body).toEqual({});
  });

  it("reads what MP answers: money release date, status detail and amounts", async () => {
    const payment = await provider.createPixCharge(pix({ amountCents: 3_333 }));
    expect(payment).toMatchObject({
      statusDetail: "pending_waiting_transfer",
      moneyReleaseDate: null,
      amountCents: 3_333,
    });
    fake.approve(payment.id);
    const approved = await provider.getPayment(payment.id);
    expect(approved).toMatchObject({ status: "approved", statusDetail: "accredited" });
    expect(approved.moneyReleaseDate).toBeInstanceOf(Date);
  });

  it("translates MP's refusal codes into our refusals, and says none for a card it did not refuse", async () => {
    const charge = async (holderName: string) =>
      provider.chargeCard({
        orderId: `order-${randomUUID()}`,
        amountCents: 5_000,
        description: "Estadia",
        payer: { name: "Ana", email: null, cpf: null },
        token: await createTestCardToken(fake.url, CREDENTIALS.publicKey, holderName),
        paymentMethodId: "master",
        issuerId: null,
        idempotencyKey: randomUUID(),
        platformFeeCents: 0,
      });
    const read = async (holderName: string) => {
      const { status, statusDetail, refusal } = await charge(holderName);
      return { status, statusDetail, refusal };
    };
    expect(await read("FUND")).toEqual({
      status: "rejected",
      statusDetail: "cc_rejected_insufficient_amount",
      refusal: "insufficient_funds",
    });
    expect((await read("SECU")).refusal).toBe("bad_security_code");
    expect((await read("EXPI")).refusal).toBe("bad_expiry_date");
    expect((await read("FORM")).refusal).toBe("bad_card_data");
    expect((await read("CALL")).refusal).toBe("call_bank");
    expect((await read("OTHE")).refusal).toBe("other");
    expect(await read("APRO")).toMatchObject({ status: "approved", refusal: null });
    expect(await read("CONT")).toMatchObject({ status: "processing", refusal: null });
  });

  it("says a PIX expired only when MP cancelled it for its time, not when it was cancelled by the collector", async () => {
    const lapsed = await provider.createPixCharge(pix());
    expect(lapsed.expired).toBe(false);
    fake.expire(lapsed.id);
    expect(await provider.getPayment(lapsed.id)).toMatchObject({
      status: "cancelled",
      statusDetail: "expired",
      expired: true,
      refusal: null,
    });
    const stopped = await provider.cancelPayment((await provider.createPixCharge(pix())).id);
    expect(stopped).toMatchObject({ status: "cancelled", statusDetail: "by_collector", expired: false });
  });

  it("surfaces a 500 or a 429 from the API as a retryable ProviderError", async () => {
    fake.failNext(500);
    const serverError = await thrown(provider.createPixCharge(pix()), ProviderError);
    expect(serverError).toMatchObject({ status: 500, retryable: true });

    fake.failNext(429);
    const throttled = await thrown(provider.getPayment("1"), ProviderError);
    expect(throttled).toMatchObject({ status: 429, retryable: true });
  });

  it("surfaces an unreachable API or a timeout as a retryable ProviderError", async () => {
    const unreachable = adapter(fake, seller, { apiUrl: "http://127.0.0.1:1" });
    expect(await thrown(unreachable.createPixCharge(pix()), ProviderError)).toMatchObject({
      status: null,
      retryable: true,
    });

    const impatient = adapter(fake, seller, { timeoutMs: 50 });
    fake.delayNext(500);
    expect(await thrown(impatient.getPayment("1"), ProviderError)).toMatchObject({
      status: null,
      retryable: true,
    });
  });

  it("asks Mercado Pago for at least its 30-minute minimum when the order's time is shorter", async () => {
    const soon = await provider.createPixCharge(pix({ expiresAt: new Date(Date.now() + 29 * 60 * 1000) }));
    expect(soon.status).toBe("pending");
    const body = fake.requests.at(-1)?.body as { date_of_expiration?: string } | undefined;
    const sent = new Date(String(body?.date_of_expiration)).getTime();
    expect(sent - Date.now()).toBeGreaterThan(30 * 60 * 1000);
  });

  it("surfaces MP's refusals as final errors with MP's cause code", async () => {
    const tooLate = await thrown(
      provider.createPixCharge(pix({ expiresAt: new Date(Date.now() + 31 * 86_400_000) })),
      ProviderError,
    );
    expect(tooLate).toMatchObject({ status: 400, retryable: false });

    const badEmail = await thrown(
      provider.createPixCharge(pix({ payer: { name: "Ana", email: "ana@estadia.test", cpf: null } })),
      ProviderError,
    );
    expect(badEmail).toMatchObject({ status: 400, retryable: false, code: "4050" });

    const wrongToken = adapter(fake, { accessToken: "TEST-not-the-token" });
    expect(await thrown(wrongToken.getPayment("1"), ProviderError)).toMatchObject({
      status: 401,
      retryable: false,
      code: "unauthorized",
    });
  });

  it("never lets the card token, the CPF, the email or the access token into an error", async () => {
    const token = await createTestCardToken(fake.url, CREDENTIALS.publicKey, "APRO");
    const card = {
      orderId: "order-card-2",
      amountCents: 5_000,
      description: "Estadia",
      payer: { name: "Ana", email: "ana.souza@estadia.com.br", cpf: TEST_CPF },
      token,
      paymentMethodId: null,
      issuerId: null,
      platformFeeCents: 250,
    };
    await provider.chargeCard({ ...card, idempotencyKey: randomUUID() });
    // MP's answer to a reused token names the token; the error must not.
    const reused = await thrown(
      provider.chargeCard({ ...card, idempotencyKey: randomUUID() }),
      ProviderError,
    );
    expect(fake.requests.at(-1)?.body).toMatchObject({ token });
    expect(reused.retryable).toBe(false);

    // An API that echoes the payer's data back.
    const echoing = createMercadoPagoProvider({
      accessToken: seller.accessToken,
      publicKey: CREDENTIALS.publicKey,
      apiUrl: "http://mp.invalid",
      notificationUrl: NOTIFICATION_URL,
      fallbackPayerEmail: FALLBACK_EMAIL,
      fetch: async (_url, init) => {
        const sent = String(init?.body);
        return new Response(
          JSON.stringify({
            message: `Invalid request ${sent}`,
            error: "bad_request",
            status: 400,
            cause: [],
          }),
          { status: 400, headers: { "Content-Type": "application/json" } },
        );
      },
    });
    const echoed = await thrown(echoing.chargeCard({ ...card, idempotencyKey: randomUUID() }), ProviderError);
    const offline = await thrown(
      adapter(fake, seller, { apiUrl: "http://127.0.0.1:1" }).chargeCard({
        ...card,
        idempotencyKey: randomUUID(),
      }),
      ProviderError,
    );

    for (const error of [reused, echoed, offline]) {
      const text = everything(error);
      expect(text).not.toContain(token);
      expect(text).not.toContain(TEST_CPF);
      expect(text).not.toContain("ana.souza@estadia.com.br");
      expect(text).not.toContain(seller.accessToken);
    }
  });

  it("verifies a webhook exactly as the fake POSTs it over HTTP", async () => {
    const received: WebhookRequest[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === "string") headers.set(name, value);
        const url = new URL(req.url ?? "/", "http://receiver");
        received.push({ headers, query: url.searchParams, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const payment = await provider.createPixCharge(pix());
      const port = (receiver.address() as AddressInfo).port;
      const response = await fake.notify(payment.id, `http://127.0.0.1:${port}/webhooks/mercadopago`);
      expect(response.status).toBe(200);
      const [webhook] = received;
      if (!webhook) throw new Error("no webhook arrived");
      expect(webhook.query.get("type")).toBe("payment");
      const hint = verifyWebhook(webhook);
      expect(hint).toMatchObject({ paymentId: payment.id, topic: "payment", sellerId: seller.userId });
      expect(hint?.eventId).toBe(String(JSON.parse(webhook.body).id));
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it("builds a stable event id when the notification has none, and reads a body that is not JSON as an unsigned call", () => {
    const requestId = randomUUID();
    const headers = new Headers({
      "x-request-id": requestId,
      "x-signature": signWebhook({ secret: CREDENTIALS.webhookSecret, dataId: "123456", requestId }),
    });
    const query = new URLSearchParams({ "data.id": "123456", type: "payment" });
    const body = JSON.stringify({
      action: "payment.updated",
      date_created: "2026-11-23T10:00:00.000-04:00",
      data: { id: "123456" },
    });

    const first = verifyWebhook({ headers, query, body });
    const second = verifyWebhook({ headers, query, body });
    expect(first).toMatchObject({ paymentId: "123456", topic: "payment", sellerId: null });
    expect(first?.eventId).toMatch(/\S/);
    expect(second?.eventId).toBe(first?.eventId);

    expect(verifyWebhook({ headers, query, body: "id=1&topic=payment" })).toMatchObject({
      paymentId: "123456",
      sellerId: null,
      unsigned: true,
    });
    expect(verifyWebhook({ headers, query: new URLSearchParams(), body: "id=1&topic=payment" })).toBeNull();
  });

  it("names the seller from the body's user_id, a number or a string, and trusts no seller under another secret's signature", () => {
    const requestId = randomUUID();
    const headers = new Headers({
      "x-request-id": requestId,
      "x-signature": signWebhook({ secret: CREDENTIALS.webhookSecret, dataId: "777", requestId }),
    });
    const query = new URLSearchParams({ "data.id": "777", type: "payment" });
    const body = (userId: unknown) =>
      JSON.stringify({ id: 1, type: "payment", user_id: userId, data: { id: "777" } });

    expect(verifyWebhook({ headers, query, body: body(241983636) })?.sellerId).toBe("241983636");
    expect(verifyWebhook({ headers, query, body: body("241983636") })?.sellerId).toBe("241983636");
    // Another secret's signature does not hold: only an unsigned call about 777, naming no seller.
    expect(
      mercadoPagoWebhookVerifier("another-application")({ headers, query, body: body(1) }),
    ).toMatchObject({
      paymentId: "777",
      sellerId: null,
      unsigned: true,
    });
  });

  it("gives the browser the public key and MercadoPago.js, never the access token", () => {
    expect(provider.browserCardConfig()).toEqual({
      provider: "mercadopago",
      publicKey: CREDENTIALS.publicKey,
      sdkUrl: "https://sdk.mercadopago.com/js/v2",
    });
  });
});

describe("Mercado Pago adapter for a connected seller (marketplace, split 1:1)", () => {
  let fake: MercadoPagoFake;
  let seller: FakeConnection;
  let provider: PaymentProvider;

  beforeAll(async () => {
    fake = await startMercadoPagoFake({ ...CREDENTIALS, feePercent: { card: 4.98, pix: 0.99 } });
    seller = fake.connect();
    provider = adapter(fake, seller);
  });

  afterAll(async () => {
    await fake.close();
  });

  const lastRequest = () => {
    const request = fake.requests.at(-1);
    if (!request) throw new Error("no request reached the fake");
    return request;
  };

  it("charges with the seller's token and sends Estadia's cut as application_fee in reais, none when it is 0", async () => {
    await provider.createPixCharge(pix({ amountCents: 10_000, platformFeeCents: 350 }));
    expect(lastRequest().headers.authorization).toBe(`Bearer ${seller.accessToken}`);
    expect(lastRequest().body).toMatchObject({ transaction_amount: 100, application_fee: 3.5 });

    const token = await createTestCardToken(fake.url, CREDENTIALS.publicKey, "APRO");
    await provider.chargeCard({
      orderId: "order-fee-card",
      amountCents: 25_990,
      description: "Estadia",
      payer: { name: "Ana", email: null, cpf: null },
      token,
      paymentMethodId: "master",
      issuerId: null,
      idempotencyKey: randomUUID(),
      platformFeeCents: 780,
    });
    expect(lastRequest().headers.authorization).toBe(`Bearer ${seller.accessToken}`);
    expect(lastRequest().body).toMatchObject({ token, application_fee: 7.8 });

    await provider.createPixCharge(pix({ platformFeeCents: 0 }));
    expect(lastRequest().body).not.toHaveProperty("application_fee");
  });

  it("refuses a platform fee that is not whole cents below the amount, before calling Mercado Pago", async () => {
    const sent = fake.requests.length;
    for (const platformFeeCents of [-1, 1.5, 1_250]) {
      const error = await thrown(provider.createPixCharge(pix({ platformFeeCents })), ProviderError);
      expect(error).toMatchObject({ retryable: false, code: "invalid_fee" });
    }
    expect(fake.requests.length).toBe(sent);
  });

  it("reads the fees from fee_details once approved: MP's and Estadia's, and the seller nets the rest", async () => {
    const payment = await provider.createPixCharge(pix({ amountCents: 10_000, platformFeeCents: 500 }));
    expect(payment.fees).toBeNull();
    fake.approve(payment.id);

    const paid = await provider.getPayment(payment.id);
    // 0.99% of R$ 100,00 for a PIX.
    expect(paid.fees).toEqual({ providerCents: 99, platformCents: 500 });
    const atMp = fake.payment(payment.id) as { transaction_details: { net_received_amount: number } };
    expect(Math.round(atMp.transaction_details.net_received_amount * 100)).toBe(10_000 - 99 - 500);

    const token = await createTestCardToken(fake.url, CREDENTIALS.publicKey, "APRO");
    const card = await provider.chargeCard({
      orderId: "order-fee-card-2",
      amountCents: 20_000,
      description: "Estadia",
      payer: { name: "Ana", email: null, cpf: null },
      token,
      paymentMethodId: null,
      issuerId: null,
      idempotencyKey: randomUUID(),
      platformFeeCents: 600,
    });
    // 4.98% of R$ 200,00 for a card, reported at once since the card is approved at once.
    expect(card.fees).toEqual({ providerCents: 996, platformCents: 600 });
  });

  it("counts every fee the seller pays as the provider's, leaves out one the payer pays, and says nothing before approval", async () => {
    const answer = (status: string, feeDetails: unknown[]) =>
      createMercadoPagoProvider({
        accessToken: seller.accessToken,
        publicKey: CREDENTIALS.publicKey,
        apiUrl: "http://mp.invalid",
        notificationUrl: NOTIFICATION_URL,
        fallbackPayerEmail: FALLBACK_EMAIL,
        fetch: async () =>
          Response.json({
            id: 1,
            status,
            transaction_amount: 100,
            payment_method_id: "master",
            fee_details: feeDetails,
          }),
      }).getPayment("1");
    const details = [
      { type: "mercadopago_fee", amount: 4.98, fee_payer: "collector" },
      { type: "coupon_fee", amount: 1, fee_payer: "collector" },
      { type: "financing_fee", amount: 12.3, fee_payer: "payer" },
      { type: "application_fee", amount: 3, fee_payer: "collector" },
    ];
    expect((await answer("approved", details)).fees).toEqual({ providerCents: 598, platformCents: 300 });
    expect((await answer("in_process", details)).fees).toBeNull();
    expect((await answer("approved", [])).fees).toBeNull();
  });

  it("is refused with MP's code 2059 when application_fee goes on the application owner's own account", async () => {
    const owner = adapter(fake, { accessToken: CREDENTIALS.accessToken });
    const error = await thrown(owner.createPixCharge(pix({ platformFeeCents: 100 })), ProviderError);
    expect(error).toMatchObject({ status: 400, retryable: false, code: "2059" });
  });

  it("keeps sellers apart: seller B's token can neither read, cancel nor refund seller A's payment", async () => {
    const sellerB = adapter(fake, fake.connect());
    const payment = await provider.createPixCharge(pix());
    expect(fake.sellerOf(payment.id)).toBe(seller.userId);

    for (const call of [
      sellerB.getPayment(payment.id),
      sellerB.cancelPayment(payment.id),
      sellerB.refund(payment.id, { idempotencyKey: randomUUID() }),
    ]) {
      expect(await thrown(call, ProviderError)).toMatchObject({ status: 404, retryable: false });
    }
    expect((await provider.getPayment(payment.id)).status).toBe("pending");
  });

  it("surfaces a revoked seller's token as a final 401 'unauthorized', without the token in it", async () => {
    const revoked = fake.connect();
    const revokedProvider = adapter(fake, revoked);
    const payment = await revokedProvider.createPixCharge(pix());
    fake.revoke(revoked.userId);

    const error = await thrown(revokedProvider.getPayment(payment.id), ProviderError);
    expect(error).toMatchObject({ status: 401, retryable: false, code: "unauthorized" });
    expect(everything(error)).not.toContain(revoked.accessToken);
  });

  it("lists the seller's payments of a range through MP's search, page by page, and no one else's", async () => {
    const lister = fake.connect();
    const listing = adapter(fake, lister);
    const from = new Date(Date.now() - 1_000);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await listing.createPixCharge(pix()));
    await provider.createPixCharge(pix()); // another seller's, in the same minutes
    const to = new Date(Date.now() + 1_000);

    fake.searchPageCap = 2;
    const sent = fake.requests.length;
    try {
      const listed = await listing.listPayments({ from, to });
      expect(listed.map((p) => p.id).sort()).toEqual(made.map((p) => p.id).sort());
    } finally {
      fake.searchPageCap = 1000;
    }
    const searches = fake.requests.slice(sent).filter((r) => r.path === "/v1/payments/search");
    expect(searches.length).toBe(3);
    expect(searches.map((r) => r.query.get("offset"))).toEqual(["0", "2", "4"]);
    const query = searches[0]?.query;
    expect(Object.fromEntries(query ?? [])).toMatchObject({
      sort: "date_created",
      range: "date_created",
      criteria: "asc",
    });
    expect(Date.parse(query?.get("begin_date") ?? "")).toBe(from.getTime());
    expect(Date.parse(query?.get("end_date") ?? "")).toBe(to.getTime());
    expect(searches[0]?.headers.authorization).toBe(`Bearer ${lister.accessToken}`);
  });

  it("leaves out of a listing what MP's inclusive range adds at its end", async () => {
    const from = new Date("2026-11-24T03:00:00.000Z");
    const to = new Date("2026-11-25T03:00:00.000Z");
    const listing = createMercadoPagoProvider({
      accessToken: seller.accessToken,
      publicKey: CREDENTIALS.publicKey,
      apiUrl: "http://mp.invalid",
      notificationUrl: NOTIFICATION_URL,
      fallbackPayerEmail: FALLBACK_EMAIL,
      fetch: async () =>
        Response.json({
          paging: { total: 2, limit: 100, offset: 0 },
          results: [
            { id: 1, status: "approved", date_created: "2026-11-24T00:00:00.000-03:00" },
            { id: 2, status: "approved", date_created: "2026-11-25T00:00:00.000-03:00" },
          ],
        }),
    });
    expect((await listing.listPayments({ from, to })).map((p) => p.id)).toEqual(["1"]);
  });
});

describe("the Mercado Pago fake holds to the API's rules", () => {
  let fake: MercadoPagoFake;

  beforeAll(async () => {
    fake = await startMercadoPagoFake(CREDENTIALS);
  });

  afterAll(async () => {
    await fake.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${fake.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const auth = { Authorization: `Bearer ${CREDENTIALS.accessToken}` };
  const pixBody = {
    transaction_amount: 10,
    payment_method_id: "pix",
    payer: { email: "ana@estadia.com.br" },
  };

  it("wants a Bearer token and an idempotency key on payments", async () => {
    const anonymous = await post("/v1/payments", pixBody, { "X-Idempotency-Key": randomUUID() });
    expect(anonymous.status).toBe(401);
    const keyless = await post("/v1/payments", pixBody, auth);
    expect(keyless.status).toBe(400);
    expect(await keyless.json()).toMatchObject({ error: "bad_request", status: 400, cause: [{}] });
  });

  it("validates bodies with MP's error shape", async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ ...pixBody, transaction_amount: undefined }, 4002],
      [{ ...pixBody, payer: {} }, 4050],
      [{ ...pixBody, payment_method_id: "bitcoin" }, 3028],
      [{ ...pixBody, date_of_expiration: new Date(Date.now() + 31 * 24 * 3600_000).toISOString() }, 0],
    ];
    for (const [body, code] of cases) {
      const response = await post("/v1/payments", body, { ...auth, "X-Idempotency-Key": randomUUID() });
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { message: string; cause: { code: unknown }[] };
      expect(answer.message).toMatch(/\S/);
      if (code) expect(answer.cause[0]?.code).toBe(code);
    }
  });

  it("answers a PIX with a QR image and a ticket URL, and 404s an unknown payment", async () => {
    const response = await post("/v1/payments", pixBody, { ...auth, "X-Idempotency-Key": randomUUID() });
    expect(response.status).toBe(201);
    const payment = (await response.json()) as {
      point_of_interaction: { transaction_data: { qr_code_base64: string; ticket_url: string } };
    };
    const png = Buffer.from(payment.point_of_interaction.transaction_data.qr_code_base64, "base64");
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(payment.point_of_interaction.transaction_data.ticket_url).toMatch(/^http/);

    const missing = await fetch(`${fake.url}/v1/payments/1`, { headers: auth });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: "not_found", status: 404 });
  });
});
