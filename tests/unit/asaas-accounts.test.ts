import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AsaasRootConfig } from "~/platform/env.server";
import {
  ASAAS_WEBHOOK_EVENTS,
  type AsaasSubAccountInput,
  asaasTransferValidationAnswer,
  asaasTransferValidationRequest,
  asaasWebhookNotice,
  createAsaasSubAccount,
  openAsaasCredentials,
  registerAsaasWebhook,
} from "~/platform/payments/asaas-accounts.server";
import { createAsaasPayments } from "~/platform/payments/asaas-payments.server";
import { ProviderError } from "~/platform/payments/provider";
import { createAsaasPayouts } from "~/platform/payouts/asaas-payouts.server";
import { SealError } from "~/platform/secrets/secret-box.server";
import { type AsaasFake, startAsaasFake } from "../support/asaas-fake";
import { TEST_PIX_KEYS, transferInput } from "../support/payout-contract";
import { everything, thrown } from "../support/thrown";

// Opening a host's Asaas sub-account with Estadia's root key, over HTTP against the local fake of Asaas's
// API, and reading what Asaas sends back: webhooks with the per-account token, and the root's transfer
// validation requests.

const SEALING_KEY = randomBytes(32);
const VALIDATION_TOKEN = "validacao-Tq8vN3xLr2Zp7Ks9Wd4Hj6Mb1Cf5Gy0A";

function host(overrides: Partial<AsaasSubAccountInput> = {}): AsaasSubAccountInput {
  return {
    name: "Maria Anfitriã da Silva",
    email: `maria.${randomUUID()}@anfitria.test`,
    cpfCnpj: "52998224725",
    birthDate: "1988-04-12",
    companyType: null,
    mobilePhone: "11987654321",
    address: "Rua das Flores",
    addressNumber: "120",
    complement: "Casa 2",
    province: "Centro",
    postalCode: "01001000",
    incomeCents: 800_000,
    ...overrides,
  };
}

type Received = { path: string; headers: Headers; body: string };

/** A local HTTP receiver for webhooks; `answer` picks each response's status and JSON body. */
async function startReceiver(answer: (request: Received) => [number, unknown] = () => [200, {}]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string") headers.set(name, value);
      const request = { path: req.url ?? "/", headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(request);
      const [status, body] = answer(request);
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("Asaas sub-accounts, against the local fake", () => {
  let fake: AsaasFake;
  let root: AsaasRootConfig;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    fake = await startAsaasFake({ rootApiKey: "$aact_hmlg_rootKeyOfEstadia000000000000000000000" });
    root = {
      apiKey: fake.root.apiKey,
      walletId: fake.root.walletId,
      webhookToken: "root-webhook-token-0000000000000000000000",
      transferValidationToken: VALIDATION_TOKEN,
      apiUrl: fake.url,
    };
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });

  const requestsTo = (method: string, path: string) =>
    fake.requests.filter((r) => r.method === method && r.path === path);

  it("creates a sub-account with the root key and keeps its API key only sealed", async () => {
    const input = host();
    const webhookUrl = `${receiver.base}/webhooks/asaas/${randomUUID()}`;
    const account = await createAsaasSubAccount(root, input, { webhookUrl, key: SEALING_KEY });

    expect(account).toMatchObject({
      accountId: expect.stringMatching(/\S/),
      walletId: expect.stringMatching(/\S/),
      displayName: input.name,
      email: input.email,
      webhookRegistered: true,
      webhookError: null,
    });
    const created = requestsTo("POST", "/v3/accounts").at(-1);
    expect(created?.headers.access_token).toBe(root.apiKey);
    expect(created?.headers["user-agent"]).toMatch(/\S/);
    expect(created?.body).toEqual({
      name: input.name,
      email: input.email,
      cpfCnpj: input.cpfCnpj,
      birthDate: input.birthDate,
      mobilePhone: input.mobilePhone,
      address: input.address,
      addressNumber: input.addressNumber,
      complement: input.complement,
      province: input.province,
      postalCode: input.postalCode,
      incomeValue: 8_000,
    });

    const { apiKey, webhookToken } = openAsaasCredentials(account.sealedCredentials, SEALING_KEY);
    expect(apiKey).toMatch(/^\$aact_/);
    expect(account.sealedCredentials).not.toContain(apiKey);
    expect(account.sealedCredentials).not.toContain(webhookToken);
    expect(() => openAsaasCredentials(account.sealedCredentials, randomBytes(32))).toThrow(SealError);
    // The key opened from the seal is the sub-account's own: its wallet answers to it.
    const mine = await fetch(`${fake.url}/v3/webhooks`, { headers: { access_token: apiKey } });
    expect(mine.status).toBe(200);
    // Asaas never shows the key again.
    const listed = await fetch(`${fake.url}/v3/accounts?email=${encodeURIComponent(input.email)}`, {
      headers: { access_token: root.apiKey },
    });
    const { data } = (await listed.json()) as { data: Record<string, unknown>[] };
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ id: account.accountId, walletId: account.walletId });
    expect(JSON.stringify(data)).not.toContain(apiKey);
  });

  it("registers the sub-account's webhook with its own key and a per-account token", async () => {
    const webhookUrl = `${receiver.base}/webhooks/asaas/${randomUUID()}`;
    const account = await createAsaasSubAccount(root, host(), { webhookUrl, key: SEALING_KEY });
    const { apiKey, webhookToken } = openAsaasCredentials(account.sealedCredentials, SEALING_KEY);

    const registration = requestsTo("POST", "/v3/webhooks").at(-1);
    expect(registration?.headers.access_token).toBe(apiKey);
    expect(webhookToken.length).toBeGreaterThanOrEqual(32);
    expect(fake.webhooks(account.accountId)).toEqual([
      expect.objectContaining({
        url: webhookUrl,
        authToken: webhookToken,
        enabled: true,
        interrupted: false,
        sendType: "SEQUENTIALLY",
        events: [...ASAAS_WEBHOOK_EVENTS],
      }),
    ]);
    for (const event of [
      "PAYMENT_RECEIVED",
      "PAYMENT_REFUNDED",
      "PAYMENT_DELETED",
      "TRANSFER_DONE",
      "TRANSFER_BLOCKED",
    ])
      expect(ASAAS_WEBHOOK_EVENTS).toContain(event);

    // Another account's token differs.
    const other = await createAsaasSubAccount(root, host(), {
      webhookUrl: `${webhookUrl}-2`,
      key: SEALING_KEY,
    });
    expect(openAsaasCredentials(other.sealedCredentials, SEALING_KEY).webhookToken).not.toBe(webhookToken);
  });

  it("asks a CPF account for a birth date and a CNPJ account for a company type, before calling Asaas", async () => {
    const before = fake.requests.length;
    const options = { webhookUrl: `${receiver.base}/w`, key: SEALING_KEY };
    const person = await thrown(
      createAsaasSubAccount(root, host({ birthDate: null }), options),
      ProviderError,
    );
    expect(person).toMatchObject({ retryable: false, code: "invalid_account_data" });
    const company = await thrown(
      createAsaasSubAccount(root, host({ cpfCnpj: "11222333000181", birthDate: null }), options),
      ProviderError,
    );
    expect(company).toMatchObject({ retryable: false, code: "invalid_account_data" });
    expect(fake.requests.length).toBe(before);

    const mei = host({ cpfCnpj: "11444777000161", birthDate: null, companyType: "MEI", complement: null });
    await createAsaasSubAccount(root, mei, options);
    const body = requestsTo("POST", "/v3/accounts").at(-1)?.body as Record<string, unknown>;
    expect(body).toMatchObject({ cpfCnpj: "11444777000161", companyType: "MEI" });
    expect(body).not.toHaveProperty("birthDate");
    expect(body).not.toHaveProperty("complement");
  });

  it("surfaces Asaas's refusal as a final ProviderError without the host's personal data", async () => {
    const input = host();
    const options = { webhookUrl: `${receiver.base}/w`, key: SEALING_KEY };
    await createAsaasSubAccount(root, input, options);
    const again = await thrown(createAsaasSubAccount(root, input, options), ProviderError);
    expect(again).toMatchObject({ status: 400, retryable: false, code: "invalid_email" });
    const text = everything(again);
    expect(text).not.toContain(input.email);
    expect(text).not.toContain(input.cpfCnpj);
    expect(text).not.toContain(root.apiKey);

    const wrongRoot = { ...root, apiKey: "$aact_hmlg_notTheRootKey" };
    expect(await thrown(createAsaasSubAccount(wrongRoot, host(), options), ProviderError)).toMatchObject({
      status: 401,
      retryable: false,
    });
  });

  it("still returns the account when its webhook cannot be registered, and the retry registers it once", async () => {
    const webhookUrl = `${receiver.base}/webhooks/asaas/${randomUUID()}`;
    const failingWebhooks: typeof fetch = async (url, init) =>
      String(url).includes("/v3/webhooks")
        ? new Response(JSON.stringify({ errors: [{ code: "internal_error", description: "Erro" }] }), {
            status: 503,
          })
        : fetch(url, init);
    const account = await createAsaasSubAccount(root, host(), {
      webhookUrl,
      key: SEALING_KEY,
      fetch: failingWebhooks,
    });
    expect(account.webhookRegistered).toBe(false);
    expect(account.webhookError).toContain("503");
    expect(fake.webhooks(account.accountId)).toEqual([]);

    const retry = {
      apiUrl: root.apiUrl,
      sealedCredentials: account.sealedCredentials,
      webhookUrl,
      key: SEALING_KEY,
    };
    await registerAsaasWebhook({ ...retry, email: "operacoes@estadia.test" });
    await registerAsaasWebhook({ ...retry, email: "operacoes@estadia.test" });
    expect(fake.webhooks(account.accountId)).toEqual([
      expect.objectContaining({ url: webhookUrl, email: "operacoes@estadia.test" }),
    ]);
  });
});

describe("Asaas's notifications, as the fake sends them", () => {
  let fake: AsaasFake;
  let root: AsaasRootConfig;

  beforeAll(async () => {
    fake = await startAsaasFake({ rootApiKey: "$aact_hmlg_rootKeyOfEstadia111111111111111111111" });
    root = {
      apiKey: fake.root.apiKey,
      walletId: fake.root.walletId,
      webhookToken: "",
      transferValidationToken: VALIDATION_TOKEN,
      apiUrl: fake.url,
    };
  });

  afterAll(async () => {
    await fake.close();
  });

  it("delivers a payment's events with the account's token; only that token verifies them", async () => {
    let failFirst = true;
    const receiver = await startReceiver(() => {
      if (failFirst) {
        failFirst = false;
        return [500, {}];
      }
      return [200, {}];
    });
    try {
      const accountPath = `/webhooks/asaas/${randomUUID()}`;
      const account = await createAsaasSubAccount(root, host(), {
        webhookUrl: `${receiver.base}${accountPath}`,
        key: SEALING_KEY,
      });
      const { webhookToken } = openAsaasCredentials(account.sealedCredentials, SEALING_KEY);
      const payments = createAsaasPayments({
        apiUrl: fake.url,
        sealedCredentials: account.sealedCredentials,
        platformWalletId: root.walletId,
        key: SEALING_KEY,
      });
      const charge = await payments.createPixCharge({
        orderId: randomUUID(),
        amountCents: 10_000,
        description: "Estadia: 1 noite",
        payer: { name: "Hóspede Teste", email: null, cpf: "12345678909" },
        expiresAt: new Date(Date.now() + 30 * 60_000),
        idempotencyKey: randomUUID(),
        platformFeeCents: 300,
      });
      await fake.receivePix(charge.id);
      // The first delivery failed (HTTP 500): Asaas sends it again, in order, on its next pass.
      expect(fake.deliveries.map((d) => [d.event, d.status])).toEqual([["PAYMENT_RECEIVED", 500]]);
      await fake.flush();
      expect(fake.deliveries.map((d) => [d.event, d.status])).toEqual([
        ["PAYMENT_RECEIVED", 500],
        ["PAYMENT_RECEIVED", 200],
      ]);

      const delivered = receiver.received.at(-1);
      if (!delivered) throw new Error("nothing was delivered");
      expect(delivered.path).toBe(accountPath);
      expect(delivered.headers.get("asaas-access-token")).toBe(webhookToken);
      const notice = asaasWebhookNotice(webhookToken, delivered);
      expect(notice).toEqual({
        eventId: JSON.parse(delivered.body).id,
        topic: "payment",
        subjectId: charge.id,
        sellerId: null,
      });

      const wrong = new Headers(delivered.headers);
      wrong.set("asaas-access-token", `${webhookToken.slice(0, -1)}x`);
      expect(asaasWebhookNotice(webhookToken, { ...delivered, headers: wrong })).toBeNull();
      const none = new Headers(delivered.headers);
      none.delete("asaas-access-token");
      expect(asaasWebhookNotice(webhookToken, { ...delivered, headers: none })).toBeNull();
      expect(asaasWebhookNotice("", { ...delivered, headers: none })).toBeNull();
      const otherToken = openAsaasCredentials(
        (await createAsaasSubAccount(root, host(), { webhookUrl: `${receiver.base}/x`, key: SEALING_KEY }))
          .sealedCredentials,
        SEALING_KEY,
      ).webhookToken;
      expect(asaasWebhookNotice(otherToken, delivered)).toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it("reads transfer events, any event name (its own topic), and builds a stable id when there is none", () => {
    const token = "t".repeat(43);
    const headers = new Headers({ "asaas-access-token": token });
    const transfer = JSON.stringify({
      event: "TRANSFER_FAILED",
      dateCreated: "2026-11-23 10:00:00",
      transfer: { object: "transfer", id: "777eb7c8-b1a2-4356-8fd8-a1b0644b5282", status: "FAILED" },
    });
    const first = asaasWebhookNotice(token, { headers, body: transfer });
    expect(first).toMatchObject({ topic: "transfer", subjectId: "777eb7c8-b1a2-4356-8fd8-a1b0644b5282" });
    expect(first?.eventId).toMatch(/\S/);
    expect(asaasWebhookNotice(token, { headers, body: transfer })?.eventId).toBe(first?.eventId);

    const unknown = JSON.stringify({ id: "evt_1", event: "ACCOUNT_STATUS_UPDATED", accountStatus: {} });
    expect(asaasWebhookNotice(token, { headers, body: unknown })).toEqual({
      eventId: "evt_1",
      topic: "ACCOUNT_STATUS_UPDATED",
      subjectId: "",
      sellerId: null,
    });
    expect(asaasWebhookNotice(token, { headers, body: "event=TRANSFER_DONE" })).toBeNull();
    expect(asaasWebhookNotice(token, { headers, body: JSON.stringify({ id: "evt_2" }) })).toBeNull();
    expect(asaasWebhookNotice(token, { headers, body: "[]" })).toBeNull();
  });

  it("reads each chargeback event as news of its payment, to be fetched (ADR 0061)", () => {
    const token = "t".repeat(43);
    const headers = new Headers({ "asaas-access-token": token });
    for (const event of [
      "PAYMENT_CHARGEBACK_REQUESTED",
      "PAYMENT_CHARGEBACK_DISPUTE",
      "PAYMENT_AWAITING_CHARGEBACK_REVERSAL",
      "PAYMENT_REFUNDED",
    ]) {
      const body = JSON.stringify({
        id: `evt_${event}`,
        event,
        dateCreated: "2026-11-23 10:00:00",
        payment: {
          object: "payment",
          id: "pay_080225913252",
          status: event.replace("PAYMENT_", ""),
          chargeback: { status: "REQUESTED", reason: "NOT_RECOGNIZED" },
        },
      });
      expect(asaasWebhookNotice(token, { headers, body })).toEqual({
        eventId: `evt_${event}`,
        topic: "payment",
        subjectId: "pay_080225913252",
        sellerId: null,
      });
    }
  });

  it("reads the root's transfer validation request and answers it as Asaas expects", async () => {
    const account = await createAsaasSubAccount(root, host(), {
      webhookUrl: "http://127.0.0.1:1/w",
      key: SEALING_KEY,
    });
    fake.setBalance(account.accountId, 1_000_000);
    const payouts = createAsaasPayouts({
      apiUrl: fake.url,
      sealedCredentials: account.sealedCredentials,
      key: SEALING_KEY,
    });
    // Estadia's route: approve only a transfer it made, for the amount it made it.
    const ours = new Map<string, number>();
    const validator = await startReceiver((request) => {
      const asked = asaasTransferValidationRequest(VALIDATION_TOKEN, request);
      if (!asked) return [401, {}];
      const expected = ours.get(asked.externalReference ?? "");
      return [
        200,
        asaasTransferValidationAnswer(
          expected === asked.valueCents
            ? { approve: true }
            : { approve: false, reason: "Saque não reconhecido" },
        ),
      ];
    });
    fake.setTransferValidation({ url: validator.base, token: VALIDATION_TOKEN });
    try {
      const known = transferInput({ pixKeyType: "email", pixKey: TEST_PIX_KEYS.email });
      ours.set(known.withdrawalId, known.amountCents);
      const approved = await payouts.createTransfer(known);
      const stranger = await payouts.createTransfer(transferInput());
      await fake.flush();

      const request = validator.received.find((r) => r.body.includes(approved.id));
      if (!request) throw new Error("no validation request arrived");
      expect(asaasTransferValidationRequest(VALIDATION_TOKEN, request)).toEqual({
        transferId: approved.id,
        valueCents: known.amountCents,
        pixKey: TEST_PIX_KEYS.email,
        externalReference: known.withdrawalId,
      });
      expect(asaasTransferValidationRequest("another-token-000000000000000000000", request)).toBeNull();
      const split = JSON.stringify({ type: "PAYMENT_SPLIT", paymentSplit: { id: "x", value: 1 } });
      expect(asaasTransferValidationRequest(VALIDATION_TOKEN, { ...request, body: split })).toBeNull();

      // A CPF key comes masked in the transfer: no key to compare, rather than a wrong one.
      const cpfRequest = validator.received.find((r) => r.body.includes(stranger.id));
      if (!cpfRequest) throw new Error("no validation request arrived");
      expect(asaasTransferValidationRequest(VALIDATION_TOKEN, cpfRequest)).toMatchObject({
        transferId: stranger.id,
        pixKey: null,
      });

      expect(fake.transfer(approved.id)).toMatchObject({ status: "PENDING", authorized: true });
      expect((await payouts.getTransfer(stranger.id)).status).toBe("cancelled");
      expect(fake.transfer(stranger.id)).toMatchObject({ failReason: "Saque não reconhecido" });
    } finally {
      fake.setTransferValidation(null);
      await validator.close();
    }

    expect(asaasTransferValidationAnswer({ approve: true })).toEqual({ status: "APPROVED" });
    expect(asaasTransferValidationAnswer({ approve: false, reason: " Valor diferente " })).toEqual({
      status: "REFUSED",
      refuseReason: "Valor diferente",
    });
    expect(asaasTransferValidationAnswer({ approve: false, reason: "" }).status).toBe("REFUSED");
    const long = asaasTransferValidationAnswer({ approve: false, reason: "x".repeat(400) });
    expect("refuseReason" in long && long.refuseReason.length).toBe(255);
  });
});
