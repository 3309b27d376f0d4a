import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MercadoPagoAppConfig } from "~/platform/env.server";
import {
  exchangeMercadoPagoCode,
  mercadoPagoAuthorizationUrl,
  mercadoPagoSeller,
  openMercadoPagoCredentials,
  refreshMercadoPagoToken,
} from "~/platform/payments/mercadopago-oauth.server";
import { createMercadoPagoProvider } from "~/platform/payments/mercadopago-provider.server";
import { ProviderError } from "~/platform/payments/provider";
import { SealError, seal } from "~/platform/secrets/secret-box.server";
import { type MercadoPagoFake, startMercadoPagoFake, TEST_CPF } from "../support/mercadopago-fake";
import { everything, thrown } from "../support/thrown";

const REDIRECT_URI = "https://estadia.example.com.br/painel/pagamentos/mercadopago/retorno";
const KEY = randomBytes(32);
const DAY_MS = 24 * 60 * 60 * 1000;

let fake: MercadoPagoFake;
let app: MercadoPagoAppConfig;

beforeAll(async () => {
  fake = await startMercadoPagoFake({
    publicKey: "TEST-0a1b2c3d-4e5f-6789-abcd-ef0123456789",
    webhookSecret: "a-webhook-secret-from-your-integrations",
    clientId: "4412950512345678",
    clientSecret: "aBcDeFgHiJkLmNoPqRsTuVwXyZ012345",
  });
  app = fake.appConfig();
});

afterAll(async () => {
  await fake.close();
});

/** What the seller's browser does: opens the authorization page and follows MP back to our callback. */
async function authorize(state: string = randomUUID()): Promise<URL> {
  const page = await fetch(mercadoPagoAuthorizationUrl(app, { state, redirectUri: REDIRECT_URI }), {
    redirect: "manual",
  });
  expect(page.status).toBe(302);
  return new URL(page.headers.get("location") ?? "");
}

async function connected(options: { now?: Date } = {}) {
  const code = (await authorize()).searchParams.get("code") ?? "";
  return exchangeMercadoPagoCode(app, { code, redirectUri: REDIRECT_URI }, { key: KEY, ...options });
}

/** A PIX charge made with the sealed credentials, as the account's adapter would make it. */
function charge(sealedCredentials: string) {
  return createMercadoPagoProvider({
    accessToken: openMercadoPagoCredentials(sealedCredentials, KEY).accessToken,
    publicKey: app.publicKey,
    apiUrl: app.apiUrl,
    notificationUrl: "https://estadia.example.com.br/webhooks/payments/mercadopago",
    fallbackPayerEmail: "pagamentos@estadia.com.br",
  }).createPixCharge({
    orderId: `order-${randomUUID()}`,
    amountCents: 1_000,
    description: "Estadia",
    payer: { name: "Ana", email: null, cpf: TEST_CPF },
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    idempotencyKey: randomUUID(),
    platformFeeCents: 50,
  });
}

describe("connecting a seller's Mercado Pago account by OAuth", () => {
  it("sends the seller to MP's authorization page with the application, a code response, platform mp, state and callback", () => {
    const url = new URL(
      mercadoPagoAuthorizationUrl(
        { ...app, authUrl: "https://auth.mercadopago.com.br/" },
        { state: "st/ate+1", redirectUri: REDIRECT_URI },
      ),
    );
    expect(`${url.origin}${url.pathname}`).toBe("https://auth.mercadopago.com.br/authorization");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: app.clientId,
      response_type: "code",
      platform_id: "mp",
      state: "st/ate+1",
      redirect_uri: REDIRECT_URI,
    });
  });

  it("gets the seller back with a code and our state, or with access_denied when they decline", async () => {
    const back = await authorize("state-123");
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("state")).toBe("state-123");
    expect(back.searchParams.get("code")).toMatch(/\S/);

    fake.denyNextAuthorization();
    const declined = await authorize("state-456");
    expect(declined.searchParams.get("error")).toBe("access_denied");
    expect(declined.searchParams.get("state")).toBe("state-456");
    expect(declined.searchParams.has("code")).toBe(false);
  });

  it("exchanges the code for sealed tokens that never show in clear, and whose charges land in that seller's account", async () => {
    const seller = fake.addSeller("POUSADA_DO_MAR");
    fake.nextAuthorizingSeller = seller.userId;
    const now = new Date("2026-11-24T12:00:00.000Z");
    let result: Awaited<ReturnType<typeof connected>>;
    try {
      result = await connected({ now });
    } finally {
      fake.nextAuthorizingSeller = null;
    }

    const exchange = fake.requests.filter((r) => r.path === "/oauth/token").at(-1);
    expect(exchange?.body).toMatchObject({
      client_id: app.clientId,
      client_secret: app.clientSecret,
      grant_type: "authorization_code",
      redirect_uri: REDIRECT_URI,
    });
    expect(exchange?.headers.authorization).toBeUndefined();

    expect(result.userId).toBe(seller.userId);
    expect(result.liveMode).toBe(false);
    expect(result.expiresAt.getTime()).toBe(now.getTime() + 180 * DAY_MS);
    const credentials = openMercadoPagoCredentials(result.sealedCredentials, KEY);
    expect(credentials.accessToken).toMatch(/\S{20}/);
    expect(credentials.refreshToken).toMatch(/\S{10}/);
    expect(result.sealedCredentials).not.toContain(credentials.accessToken);
    expect(result.sealedCredentials).not.toContain(credentials.refreshToken);
    expect(() => openMercadoPagoCredentials(result.sealedCredentials, randomBytes(32))).toThrow(SealError);

    const payment = await charge(result.sealedCredentials);
    expect(fake.sellerOf(payment.id)).toBe(seller.userId);
    expect(await mercadoPagoSeller(app.apiUrl, result.sealedCredentials, { key: KEY })).toEqual({
      nickname: "POUSADA_DO_MAR",
      email: seller.email,
    });
  });

  it("refuses a code the second time, after 10 minutes, or for another callback, as a final invalid_grant", async () => {
    const exchange = (code: string, redirectUri = REDIRECT_URI) =>
      thrown(exchangeMercadoPagoCode(app, { code, redirectUri }, { key: KEY }), ProviderError);

    const used = (await authorize()).searchParams.get("code") ?? "";
    await exchangeMercadoPagoCode(app, { code: used, redirectUri: REDIRECT_URI }, { key: KEY });
    const again = await exchange(used);
    expect(again).toMatchObject({ status: 400, retryable: false, code: "invalid_grant" });
    expect(everything(again)).not.toContain(used);
    expect(everything(again)).not.toContain(app.clientSecret);

    const late = (await authorize()).searchParams.get("code") ?? "";
    fake.advanceClock(11 * 60 * 1000);
    expect(await exchange(late)).toMatchObject({ retryable: false, code: "invalid_grant" });

    const elsewhere = (await authorize()).searchParams.get("code") ?? "";
    expect(await exchange(elsewhere, "https://evil.example.com/cb")).toMatchObject({ code: "invalid_grant" });
  });

  it("tells a wrong application secret (invalid_client) apart from a bad grant", async () => {
    const code = (await authorize()).searchParams.get("code") ?? "";
    const error = await thrown(
      exchangeMercadoPagoCode(
        { ...app, clientSecret: "not-the-secret-0000000000000000" },
        { code, redirectUri: REDIRECT_URI },
        { key: KEY },
      ),
      ProviderError,
    );
    expect(error).toMatchObject({ status: 400, retryable: false, code: "invalid_client" });
  });

  it("surfaces MP down, throttling or unreachable during the exchange as retryable", async () => {
    const code = (await authorize()).searchParams.get("code") ?? "";
    for (const status of [500, 429]) {
      fake.failNext(status);
      const error = await thrown(
        exchangeMercadoPagoCode(app, { code, redirectUri: REDIRECT_URI }, { key: KEY }),
        ProviderError,
      );
      expect(error).toMatchObject({ status, retryable: true });
    }
    const offline = await thrown(
      exchangeMercadoPagoCode(
        { ...app, apiUrl: "http://127.0.0.1:1" },
        { code, redirectUri: REDIRECT_URI },
        { key: KEY },
      ),
      ProviderError,
    );
    expect(offline).toMatchObject({ status: null, retryable: true });
    // The code was never spent: it still connects.
    await exchangeMercadoPagoCode(app, { code, redirectUri: REDIRECT_URI }, { key: KEY });
  });
});

describe("keeping a seller's Mercado Pago tokens alive", () => {
  it("refreshes: both tokens change, the old refresh token is refused afterwards, the new access token charges", async () => {
    const first = await connected();
    const before = openMercadoPagoCredentials(first.sealedCredentials, KEY);
    const now = new Date("2026-12-01T00:00:00.000Z");

    const refreshed = await refreshMercadoPagoToken(app, first.sealedCredentials, { key: KEY, now });
    const after = openMercadoPagoCredentials(refreshed.sealedCredentials, KEY);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(refreshed.expiresAt.getTime()).toBe(now.getTime() + 180 * DAY_MS);
    expect(fake.refreshCount(first.userId)).toBe(1);
    const sent = fake.requests.filter((r) => r.path === "/oauth/token").at(-1)?.body;
    expect(sent).toMatchObject({ grant_type: "refresh_token", refresh_token: before.refreshToken });

    const stale = await thrown(
      refreshMercadoPagoToken(app, first.sealedCredentials, { key: KEY }),
      ProviderError,
    );
    expect(stale).toMatchObject({ status: 400, retryable: false, code: "invalid_grant" });
    expect(everything(stale)).not.toContain(before.refreshToken);
    expect(fake.refreshCount(first.userId)).toBe(1);

    expect(fake.sellerOf((await charge(refreshed.sealedCredentials)).id)).toBe(first.userId);
  });

  it("answers an expired access token with a final 401, and a refresh brings the account back", async () => {
    const account = await connected();
    fake.expireAccessToken(account.userId);
    expect(await thrown(charge(account.sealedCredentials), ProviderError)).toMatchObject({
      status: 401,
      retryable: false,
      code: "unauthorized",
    });

    const refreshed = await refreshMercadoPagoToken(app, account.sealedCredentials, { key: KEY });
    expect((await charge(refreshed.sealedCredentials)).status).toBe("pending");
  });

  it("once the seller revokes the application: charges answer 401 'unauthorized' and the refresh invalid_grant", async () => {
    const account = await connected();
    fake.revoke(account.userId);

    const charging = await thrown(charge(account.sealedCredentials), ProviderError);
    expect(charging).toMatchObject({ status: 401, retryable: false, code: "unauthorized" });
    const refreshing = await thrown(
      refreshMercadoPagoToken(app, account.sealedCredentials, { key: KEY }),
      ProviderError,
    );
    expect(refreshing).toMatchObject({ retryable: false, code: "invalid_grant" });
    const { accessToken, refreshToken } = openMercadoPagoCredentials(account.sealedCredentials, KEY);
    for (const error of [charging, refreshing]) {
      expect(everything(error)).not.toContain(accessToken);
      expect(everything(error)).not.toContain(refreshToken);
    }
  });

  it("refuses to open a sealed value that holds something else than Mercado Pago credentials", () => {
    expect(() => openMercadoPagoCredentials(seal({ apiKey: "x" }, KEY), KEY)).toThrow(/not Mercado Pago/);
  });
});
