import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMercadoPagoProvider,
  type MercadoPagoConfig,
} from "~/platform/payments/mercadopago-provider.server";
import { type PaymentProvider, ProviderError, type WebhookRequest } from "~/platform/payments/provider";
import { signWebhook } from "~/platform/payments/webhook-signature";
import {
  createTestCardToken,
  type MercadoPagoFake,
  startMercadoPagoFake,
  TEST_CPF,
} from "../support/mercadopago-fake";
import { providerContract } from "../support/provider-contract";
import { everything, thrown } from "../support/thrown";

const CREDENTIALS = {
  accessToken: "TEST-4412950512345678-112304-0123456789abcdef0123456789abcdef-123456789",
  publicKey: "TEST-0a1b2c3d-4e5f-6789-abcd-ef0123456789",
  webhookSecret: "a-webhook-secret-from-your-integrations",
};
const NOTIFICATION_URL = "https://estadia.example.com.br/webhooks/mercadopago";
const FALLBACK_EMAIL = "pagamentos@estadia.com.br";

function adapter(fake: MercadoPagoFake, overrides: Partial<MercadoPagoConfig> = {}): PaymentProvider {
  return createMercadoPagoProvider({
    ...CREDENTIALS,
    apiUrl: fake.url,
    notificationUrl: NOTIFICATION_URL,
    fallbackPayerEmail: FALLBACK_EMAIL,
    ...overrides,
  });
}

providerContract("Mercado Pago adapter against the local fake of its API", async () => {
  const fake = await startMercadoPagoFake(CREDENTIALS);
  return {
    provider: adapter(fake),
    cardToken: (holderName) => createTestCardToken(fake.url, CREDENTIALS.publicKey, holderName),
    settle: async (paymentId, outcome) => fake[outcome](paymentId),
    webhookFor: (paymentId) => fake.webhookFor(paymentId),
    close: () => fake.close(),
  };
});

const pix = (overrides: Record<string, unknown> = {}) => ({
  orderId: `order-${randomUUID()}`,
  amountCents: 1_250,
  description: "Estadia: 1 noite",
  payer: { name: "Ana", email: null, cpf: TEST_CPF },
  expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  idempotencyKey: randomUUID(),
  ...overrides,
});

describe("Mercado Pago adapter: what it sends and how it fails", () => {
  let fake: MercadoPagoFake;
  let provider: PaymentProvider;

  beforeAll(async () => {
    fake = await startMercadoPagoFake(CREDENTIALS);
    provider = adapter(fake);
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
    expect(request.headers.authorization).toBe(`Bearer ${CREDENTIALS.accessToken}`);
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

  it("surfaces a 500 or a 429 from the API as a retryable ProviderError", async () => {
    fake.failNext(500);
    const serverError = await thrown(provider.createPixCharge(pix()), ProviderError);
    expect(serverError).toMatchObject({ status: 500, retryable: true });

    fake.failNext(429);
    const throttled = await thrown(provider.getPayment("1"), ProviderError);
    expect(throttled).toMatchObject({ status: 429, retryable: true });
  });

  it("surfaces an unreachable API or a timeout as a retryable ProviderError", async () => {
    const unreachable = adapter(fake, { apiUrl: "http://127.0.0.1:1" });
    expect(await thrown(unreachable.createPixCharge(pix()), ProviderError)).toMatchObject({
      status: null,
      retryable: true,
    });

    const impatient = adapter(fake, { timeoutMs: 50 });
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
      ...CREDENTIALS,
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
      adapter(fake, { apiUrl: "http://127.0.0.1:1" }).chargeCard({ ...card, idempotencyKey: randomUUID() }),
      ProviderError,
    );

    for (const error of [reused, echoed, offline]) {
      const text = everything(error);
      expect(text).not.toContain(token);
      expect(text).not.toContain(TEST_CPF);
      expect(text).not.toContain("ana.souza@estadia.com.br");
      expect(text).not.toContain(CREDENTIALS.accessToken);
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
      const hint = provider.verifyWebhook(webhook);
      expect(hint).toMatchObject({ paymentId: payment.id, topic: "payment" });
      expect(hint?.eventId).toBe(String(JSON.parse(webhook.body).id));
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it("builds a stable event id when the notification has none, and refuses a body that is not JSON", () => {
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

    const first = provider.verifyWebhook({ headers, query, body });
    const second = provider.verifyWebhook({ headers, query, body });
    expect(first).toMatchObject({ paymentId: "123456", topic: "payment" });
    expect(first?.eventId).toMatch(/\S/);
    expect(second?.eventId).toBe(first?.eventId);

    expect(provider.verifyWebhook({ headers, query, body: "id=1&topic=payment" })).toBeNull();
  });

  it("gives the browser the public key and MercadoPago.js, never the access token", () => {
    expect(provider.browserCardConfig()).toEqual({
      provider: "mercadopago",
      publicKey: CREDENTIALS.publicKey,
      sdkUrl: "https://sdk.mercadopago.com/js/v2",
    });
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
