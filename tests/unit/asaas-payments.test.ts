import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBrCode } from "~/lib/pix-brcode";
import { type AsaasPaymentsConfig, createAsaasPayments } from "~/platform/payments/asaas-payments.server";
import { type PaymentProvider, type PixChargeInput, ProviderError } from "~/platform/payments/provider";
import { seal } from "~/platform/secrets/secret-box.server";
import { type AsaasFake, type FakeAccount, startAsaasFake } from "../support/asaas-fake";
import { everything, thrown } from "../support/thrown";

// Charges in a host's Asaas sub-account with its own key, each splitting Estadia's fee to Estadia's wallet,
// over HTTP against the local fake of Asaas's API.

const SEALING_KEY = randomBytes(32);
const PIX_FEE_CENTS = 199;
const PAYER = { name: "Hóspede Teste da Silva", email: "hospede.teste@exemplo.test", cpf: "12345678909" };

function sealedFor(apiKey: string): string {
  return seal({ apiKey, webhookToken: randomBytes(32).toString("base64url") }, SEALING_KEY);
}

function pixInput(overrides: Partial<PixChargeInput> = {}): PixChargeInput {
  return {
    orderId: randomUUID(),
    amountCents: 12_345,
    description: "Estadia: 2 noites",
    payer: PAYER,
    expiresAt: new Date(Math.ceil(Date.now() / 1000) * 1000 + 30 * 60_000),
    idempotencyKey: `order:${randomUUID()}:pix:${randomUUID()}`,
    platformFeeCents: 370,
    ...overrides,
  };
}

describe("Asaas payments adapter, against the local fake", () => {
  let fake: AsaasFake;
  let sub: FakeAccount;
  let payments: PaymentProvider;

  function adapter(account: FakeAccount, overrides: Partial<AsaasPaymentsConfig> = {}): PaymentProvider {
    return createAsaasPayments({
      apiUrl: fake.url,
      sealedCredentials: sealedFor(account.apiKey),
      platformWalletId: fake.root.walletId,
      key: SEALING_KEY,
      ...overrides,
    });
  }

  beforeAll(async () => {
    fake = await startAsaasFake({
      rootApiKey: "$aact_hmlg_rootKeyOfEstadia222222222222222222222",
      pixFeeCents: PIX_FEE_CENTS,
    });
    sub = fake.openSubAccount();
    payments = adapter(sub);
  });

  afterAll(async () => {
    await fake.close();
  });

  const requestsTo = (method: string, path: string) =>
    fake.requests.filter((r) => r.method === method && r.path === path);

  it("makes a pending PIX charge with the split of Estadia's fee to Estadia's wallet", async () => {
    const input = pixInput();
    const before = fake.requests.length;
    const payment = await payments.createPixCharge(input);

    expect(payment).toMatchObject({
      id: expect.stringMatching(/\S/),
      status: "pending",
      method: "pix",
      amountCents: 12_345,
      externalReference: input.orderId,
      card: null,
      fees: null,
    });
    if (!payment.pix) throw new Error("a PIX charge must carry its code");
    expect(parseBrCode(payment.pix.code)?.amountCents).toBe(12_345);
    // Asaas keeps the code payable for months; ours ends with the order's hold.
    expect(payment.pix.expiresAt).toEqual(input.expiresAt);

    const sent = fake.requests.slice(before);
    for (const request of sent) expect(request.headers.access_token).toBe(sub.apiKey);
    const post = sent.find((r) => r.method === "POST" && r.path === "/v3/payments");
    expect(post?.body).toEqual({
      customer: expect.stringMatching(/^cus_/),
      billingType: "PIX",
      value: 123.45,
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      description: input.description,
      externalReference: expect.stringMatching(new RegExp(`^${input.orderId}:[0-9a-f]{16}$`)),
      split: [{ walletId: fake.root.walletId, fixedValue: 3.7 }],
    });
    expect(sent.find((r) => r.method === "POST" && r.path === "/v3/customers")?.body).toEqual({
      name: PAYER.name,
      cpfCnpj: PAYER.cpf,
      email: PAYER.email,
      notificationDisabled: true,
    });
    expect(sent.at(-1)).toMatchObject({ method: "GET", path: `/v3/payments/${payment.id}/pixQrCode` });
  });

  it("after receipt, Estadia's wallet holds the fee and the sub-account the rest less Asaas's fee", async () => {
    const walletBefore = fake.walletBalance(fake.root.walletId);
    const subBefore = fake.balance(sub.id);
    const payment = await payments.createPixCharge(pixInput({ amountCents: 10_000, platformFeeCents: 450 }));
    await fake.receivePix(payment.id);

    expect(fake.walletBalance(fake.root.walletId)).toBe(walletBefore + 450);
    expect(fake.balance(sub.id)).toBe(subBefore + 10_000 - PIX_FEE_CENTS - 450);
    const now = await payments.getPayment(payment.id);
    expect(now).toMatchObject({
      id: payment.id,
      status: "approved",
      statusDetail: "received",
      refusal: null,
      expired: false,
      amountCents: 10_000,
      externalReference: payment.externalReference,
      pix: null,
      fees: { providerCents: PIX_FEE_CENTS, platformCents: 450 },
    });
    expect(now.moneyReleaseDate).toBeInstanceOf(Date);
  });

  it("takes no split when Estadia's fee is 0, and refuses a fee that is not less than the amount", async () => {
    const free = await payments.createPixCharge(pixInput({ amountCents: 5_000, platformFeeCents: 0 }));
    expect(requestsTo("POST", "/v3/payments").at(-1)?.body).not.toHaveProperty("split");
    await fake.receivePix(free.id);
    expect((await payments.getPayment(free.id)).fees).toEqual({
      providerCents: PIX_FEE_CENTS,
      platformCents: 0,
    });

    for (const platformFeeCents of [5_000, -1, 1.5]) {
      const error = await thrown(
        payments.createPixCharge(pixInput({ amountCents: 5_000, platformFeeCents })),
        ProviderError,
      );
      expect(error).toMatchObject({ retryable: false, code: "invalid_fee" });
    }
  });

  it("needs the payer's CPF: without one it refuses before calling Asaas", async () => {
    const before = fake.requests.length;
    const error = await thrown(
      payments.createPixCharge(pixInput({ payer: { ...PAYER, cpf: null } })),
      ProviderError,
    );
    expect(error).toMatchObject({ status: null, retryable: false, code: "cpf_required" });
    expect(fake.requests.length).toBe(before);
  });

  it("reuses the payer's customer for a second charge", async () => {
    const cpf = "52998224725";
    await payments.createPixCharge(pixInput({ payer: { ...PAYER, cpf } }));
    const customers = () =>
      requestsTo("POST", "/v3/customers").filter((r) => (r.body as { cpfCnpj: string }).cpfCnpj === cpf);
    expect(customers()).toHaveLength(1);
    await payments.createPixCharge(pixInput({ payer: { name: "Outro Nome", email: null, cpf } }));
    expect(customers()).toHaveLength(1);
  });

  it("gives back the same charge for the same idempotency key; another attempt of the order makes its own", async () => {
    const input = pixInput();
    const first = await payments.createPixCharge(input);
    const again = await payments.createPixCharge(input);
    expect(again.id).toBe(first.id);
    expect(again.pix?.code).toBe(first.pix?.code);

    const other = await payments.createPixCharge({ ...input, idempotencyKey: `${input.idempotencyKey}:2` });
    expect(other.id).not.toBe(first.id);
    expect(other.externalReference).toBe(input.orderId);
    const mine = requestsTo("POST", "/v3/payments").filter((r) =>
      String((r.body as { externalReference: string }).externalReference).startsWith(input.orderId),
    );
    expect(mine).toHaveLength(2);
  });

  it("charges once when the answer to the first attempt was lost", async () => {
    let dropNext = true;
    const lossy = adapter(sub, {
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        if (init?.method === "POST" && String(url).endsWith("/v3/payments") && dropNext) {
          dropNext = false;
          throw new TypeError("fetch failed", { cause: { code: "ECONNRESET" } });
        }
        return response;
      },
    });
    const input = pixInput();
    expect(await thrown(lossy.createPixCharge(input), ProviderError)).toMatchObject({
      status: null,
      retryable: true,
    });
    const retried = await lossy.createPixCharge(input);
    expect(retried.status).toBe("pending");
    const posts = requestsTo("POST", "/v3/payments").filter((r) =>
      String((r.body as { externalReference: string }).externalReference).startsWith(input.orderId),
    );
    expect(posts).toHaveLength(1);
  });

  it("keeps each sub-account's payments to its own key", async () => {
    const payment = await payments.createPixCharge(pixInput());
    const other = adapter(fake.openSubAccount());
    expect(await thrown(other.getPayment(payment.id), ProviderError)).toMatchObject({
      status: 404,
      retryable: false,
    });
    expect(await thrown(other.cancelPayment(payment.id), ProviderError)).toMatchObject({ status: 404 });
    expect(fake.payment(payment.id)).toMatchObject({ status: "PENDING", deleted: false });
    const mine = await other.listPayments({
      from: new Date(Date.now() - 60_000),
      to: new Date(Date.now() + 60_000),
    });
    expect(mine).toEqual([]);
  });

  it("cancels a pending PIX (getPayment agrees) but not a received one; an overdue one reads as expired", async () => {
    const pending = await payments.createPixCharge(pixInput());
    const cancelled = await payments.cancelPayment(pending.id);
    // Removed by us, not lapsed: not expired.
    expect(cancelled).toMatchObject({
      id: pending.id,
      status: "cancelled",
      statusDetail: "deleted",
      expired: false,
    });
    expect(await payments.getPayment(pending.id)).toMatchObject({
      status: "cancelled",
      amountCents: pending.amountCents,
    });
    expect(requestsTo("DELETE", `/v3/payments/${pending.id}`)).toHaveLength(1);
    expect((await payments.cancelPayment(pending.id)).status).toBe("cancelled");
    expect(requestsTo("DELETE", `/v3/payments/${pending.id}`)).toHaveLength(1);

    const paid = await payments.createPixCharge(pixInput());
    await fake.receivePix(paid.id);
    expect((await payments.cancelPayment(paid.id)).status).toBe("approved");
    expect(requestsTo("DELETE", `/v3/payments/${paid.id}`)).toHaveLength(0);

    const late = await payments.createPixCharge(pixInput());
    await fake.overdue(late.id);
    expect(await payments.getPayment(late.id)).toMatchObject({
      status: "cancelled",
      statusDetail: "overdue",
      expired: true,
      refusal: null,
    });
    // Asaas would still take an overdue PIX: cancelling removes it.
    expect(await payments.cancelPayment(late.id)).toMatchObject({
      status: "cancelled",
      statusDetail: "deleted",
      expired: false,
    });
    expect(fake.payment(late.id)).toMatchObject({ deleted: true });
  });

  it("refunds in full, undoing Estadia's split; a refund is made once per idempotency key", async () => {
    const payment = await payments.createPixCharge(pixInput({ amountCents: 4_990, platformFeeCents: 200 }));
    await fake.receivePix(payment.id);
    const wallet = fake.walletBalance(fake.root.walletId);

    const key = randomUUID();
    const refund = await payments.refund(payment.id, { idempotencyKey: key });
    expect(refund).toMatchObject({ id: expect.stringMatching(/\S/), amountCents: 4_990 });
    expect(refund.status).not.toBe("rejected");
    expect(await payments.refund(payment.id, { idempotencyKey: key })).toEqual(refund);
    expect(requestsTo("POST", `/v3/payments/${payment.id}/refund`)).toHaveLength(1);
    expect((await payments.getPayment(payment.id)).status).toBe("refunded");
    expect(fake.walletBalance(fake.root.walletId)).toBe(wallet - 200);
  });

  it("refunds in part, leaving the rest refundable", async () => {
    const payment = await payments.createPixCharge(pixInput({ amountCents: 1_500, platformFeeCents: 100 }));
    await fake.receivePix(payment.id);
    const key = randomUUID();
    const first = await payments.refund(payment.id, { amountCents: 500, idempotencyKey: key });
    const again = await payments.refund(payment.id, { amountCents: 500, idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(first.amountCents).toBe(500);
    expect(requestsTo("POST", `/v3/payments/${payment.id}/refund`).at(0)?.body).toMatchObject({ value: 5 });
    expect((await payments.getPayment(payment.id)).status).toBe("approved");

    const rest = await payments.refund(payment.id, { idempotencyKey: randomUUID() });
    expect(rest.amountCents).toBe(1_000);
    expect(rest.id).not.toBe(first.id);
    expect((await payments.getPayment(payment.id)).status).toBe("refunded");
  });

  it("lists the account's payments created in a range, page by page", async () => {
    const own = fake.openSubAccount();
    const lister = adapter(own);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await lister.createPixCharge(pixInput({ amountCents: 1_000 + i })));
    const listed = await lister.listPayments({
      from: new Date(Date.now() - 60_000),
      to: new Date(Date.now() + 60_000),
    });
    expect(listed.map((p) => p.id).sort()).toEqual(made.map((p) => p.id).sort());
    expect(listed.every((p) => p.pix === null && p.externalReference !== "")).toBe(true);
    const query = requestsTo("GET", "/v3/payments").at(-1)?.query;
    expect(query?.get("dateCreated[ge]")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(query?.get("limit")).toBe("100");
    const earlier = await lister.listPayments({
      from: new Date("2020-01-01T03:00:00Z"),
      to: new Date("2020-01-02T03:00:00Z"),
    });
    expect(earlier).toEqual([]);
  });

  it("offers no card: no browser config, and a card charge is refused as final", async () => {
    expect(payments.browserCardConfig()).toBeNull();
    const error = await thrown(
      payments.chargeCard({
        orderId: randomUUID(),
        amountCents: 1_000,
        description: "x",
        payer: PAYER,
        token: "tok",
        paymentMethodId: null,
        issuerId: null,
        idempotencyKey: randomUUID(),
        platformFeeCents: 0,
      }),
      ProviderError,
    );
    expect(error).toMatchObject({ retryable: false, code: "card_unsupported" });
    expect(payments.name).toBe("asaas");
  });

  it("surfaces a key that stopped working as a final 401, and Asaas's failures as retryable", async () => {
    const revoked = adapter(sub, { sealedCredentials: sealedFor("$aact_hmlg_revoked") });
    expect(await thrown(revoked.getPayment("pay_1"), ProviderError)).toMatchObject({
      status: 401,
      retryable: false,
    });
    fake.failNext(503);
    expect(await thrown(payments.getPayment("pay_1"), ProviderError)).toMatchObject({
      status: 503,
      retryable: true,
    });
    expect(await thrown(payments.getPayment("pay_000000000000"), ProviderError)).toMatchObject({
      status: 404,
      retryable: false,
    });
  });

  it("never lets the key or the payer's data into an error", async () => {
    const echoing = adapter(sub, {
      apiUrl: "http://asaas.invalid",
      fetch: async (url, init) => {
        const said = `Requisição inválida ${String(url)} ${JSON.stringify(init?.headers)} ${String(init?.body)}`;
        return new Response(JSON.stringify({ errors: [{ code: said, description: said }] }), { status: 400 });
      },
    });
    const error = await thrown(echoing.createPixCharge(pixInput()), ProviderError);
    expect(error.status).toBe(400);
    const text = everything(error);
    for (const secret of [sub.apiKey, PAYER.cpf, PAYER.email, PAYER.name]) expect(text).not.toContain(secret);
  });
});

describe("Asaas payment statuses, as the adapter reads them", () => {
  const resource = {
    object: "payment",
    id: "pay_1",
    billingType: "PIX",
    value: 100,
    netValue: 98.01,
    externalReference: "0b1c3a38-7f7e-4c5e-9d43-3f3b5d6c1e2a:0123456789abcdef",
    deleted: false,
    split: [{ walletId: "w", fixedValue: 3, totalValue: 3, status: "DONE" }],
  };

  function answering(answer: unknown): PaymentProvider {
    return createAsaasPayments({
      apiUrl: "http://asaas.invalid",
      sealedCredentials: sealedFor("$aact_hmlg_any"),
      platformWalletId: "w",
      key: SEALING_KEY,
      fetch: async () => new Response(JSON.stringify(answer), { status: 200 }),
    });
  }

  it("maps each status, reads fees only once paid, and gives our order id back", async () => {
    const cases = [
      ["PENDING", false, "pending"],
      ["AWAITING_RISK_ANALYSIS", false, "processing"],
      ["RECEIVED", false, "approved"],
      ["CONFIRMED", false, "approved"],
      ["RECEIVED_IN_CASH", false, "approved"],
      ["OVERDUE", false, "cancelled"],
      ["REFUND_REQUESTED", false, "refunded"],
      ["REFUND_IN_PROGRESS", false, "refunded"],
      ["REFUNDED", false, "refunded"],
      ["CHARGEBACK_REQUESTED", false, "approved"],
      ["SOMETHING_NEW", false, "pending"],
      ["PENDING", true, "cancelled"],
    ] as const;
    for (const [status, deleted, ours] of cases) {
      const payment = await answering({ ...resource, status, deleted }).getPayment("pay_1");
      expect({ status, deleted, ours: payment.status }).toEqual({ status, deleted, ours });
      expect(payment.externalReference).toBe("0b1c3a38-7f7e-4c5e-9d43-3f3b5d6c1e2a");
      const paid = status === "RECEIVED" || status === "CONFIRMED" || status === "RECEIVED_IN_CASH";
      expect(payment.fees).toEqual(paid ? { providerCents: 199, platformCents: 300 } : null);
    }
  });

  it("reads each chargeback status as a dispute outcome (ADR 0061): opened, lost, won, or none", async () => {
    const cases = [
      ["RECEIVED", null, "approved", null],
      ["CHARGEBACK_REQUESTED", { status: "REQUESTED", reason: "NOT_RECOGNIZED" }, "approved", "opened"],
      ["CHARGEBACK_DISPUTE", { status: "IN_DISPUTE", reason: "NOT_RECOGNIZED" }, "approved", "opened"],
      [
        "AWAITING_CHARGEBACK_REVERSAL",
        { status: "REVERSED", reason: "NOT_RECOGNIZED" },
        "approved",
        "opened",
      ],
      ["REFUNDED", { status: "DONE", reason: "NOT_RECOGNIZED" }, "refunded", "lost"],
      ["REFUNDED", { status: "DISPUTE_LOST", reason: "NOT_RECOGNIZED" }, "refunded", "lost"],
      ["RECEIVED", { status: "REVERSED", reason: "NOT_RECOGNIZED" }, "approved", "won"],
      ["REFUNDED", null, "refunded", null],
    ] as const;
    for (const [status, chargeback, ours, state] of cases) {
      const payment = await answering({ ...resource, status, chargeback }).getPayment("pay_1");
      expect({ status, chargeback, ours: payment.status, state: payment.dispute?.state ?? null }).toEqual({
        status,
        chargeback,
        ours,
        state,
      });
      if (payment.dispute) expect(payment.dispute.takenCents).toBeNull();
    }
  });
});
