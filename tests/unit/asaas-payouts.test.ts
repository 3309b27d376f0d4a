import { randomBytes, randomUUID } from "node:crypto";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AsaasPayoutsConfig,
  asaasPixKey,
  createAsaasPayouts,
} from "~/platform/payouts/asaas-payouts.server";
import { PayoutError, type PayoutProvider } from "~/platform/payouts/payout-provider";
import { seal } from "~/platform/secrets/secret-box.server";
import { type AsaasFake, type FakeAccount, startAsaasFake } from "../support/asaas-fake";
import { payoutContract, TEST_PIX_KEYS, transferInput } from "../support/payout-contract";
import { everything, thrown } from "../support/thrown";

// Payouts from a host's Asaas sub-account, with its own key opened from sealed credentials, against the local
// fake of Asaas's API.

const ROOT_API_KEY = "$aact_hmlg_000MzkwODA2MWY2OGM3MWRlMDU2NWM3MzJlNzZmNGZhZGY6OjEyMzQ1Njc4OTA";
const SEALING_KEY = randomBytes(32);
const BALANCE_CENTS = 100_000_000;

function sealedFor(apiKey: string): string {
  return seal({ apiKey, webhookToken: randomBytes(32).toString("base64url") }, SEALING_KEY);
}

function adapter(
  fake: AsaasFake,
  account: FakeAccount,
  overrides: Partial<AsaasPayoutsConfig> = {},
): PayoutProvider {
  return createAsaasPayouts({
    apiUrl: fake.url,
    sealedCredentials: sealedFor(account.apiKey),
    key: SEALING_KEY,
    ...overrides,
  });
}

payoutContract("Asaas adapter against the local fake of its API", async () => {
  const fake = await startAsaasFake({ rootApiKey: ROOT_API_KEY });
  const sub = fake.openSubAccount({ balanceCents: BALANCE_CENTS });
  return {
    payouts: adapter(fake, sub),
    settle: async (transferId, outcome) =>
      outcome === "done" ? fake.done(transferId) : fake.fail(transferId),
    close: () => fake.close(),
  };
});

payoutContract("Asaas adapter with the transfer validation webhook approving each transfer", async () => {
  const fake = await startAsaasFake({ rootApiKey: ROOT_API_KEY });
  const sub = fake.openSubAccount({ balanceCents: BALANCE_CENTS });
  const approver = await startReceiver(() => [200, { status: "APPROVED" }]);
  fake.setTransferValidation({ url: approver.url, token: VALIDATION_TOKEN });
  return {
    payouts: adapter(fake, sub),
    settle: async (transferId, outcome) => {
      await fake.flush();
      if (outcome === "done") fake.done(transferId);
      else fake.fail(transferId);
    },
    close: async () => {
      await fake.close();
      await approver.close();
    },
  };
});

const VALIDATION_TOKEN = "validacao-Tq8vN3xLr2Zp7Ks9Wd4Hj6Mb1Cf5Gy0A";

type Received = { headers: IncomingMessage["headers"]; body: string };

/** A local HTTP receiver answering each request with `answer(request)`: [status, JSON body]. */
async function startReceiver(answer: (request: Received) => [number, unknown]) {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(request);
      const [status, body] = answer(request);
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/asaas/validacao-saque`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** An adapter whose API answers every call with `answer` (a transfer resource or an error). */
function answering(status: number, answer: unknown): PayoutProvider {
  return createAsaasPayouts({
    apiUrl: "http://asaas.invalid",
    sealedCredentials: sealedFor("$aact_hmlg_any"),
    key: SEALING_KEY,
    fetch: async () =>
      new Response(JSON.stringify(answer), { status, headers: { "Content-Type": "application/json" } }),
  });
}

describe("Asaas adapter: what it sends and how it fails", () => {
  let fake: AsaasFake;
  let sub: FakeAccount;
  let payouts: PayoutProvider;

  beforeAll(async () => {
    fake = await startAsaasFake({ rootApiKey: ROOT_API_KEY });
    sub = fake.openSubAccount({ balanceCents: BALANCE_CENTS });
    payouts = adapter(fake, sub);
  });

  afterAll(async () => {
    await fake.close();
  });

  const requestsTo = (method: string, path: string) =>
    fake.requests.filter((r) => r.method === method && r.path === path);

  it("sends the documented fields in reais, with the access_token header and JSON", async () => {
    const input = transferInput({ amountCents: 123_45 });
    const before = fake.requests.length;
    await payouts.createTransfer(input);

    const sent = fake.requests.slice(before);
    const post = sent.find((r) => r.method === "POST");
    if (!post) throw new Error("no transfer was sent");
    expect(post.path).toBe("/v3/transfers");
    expect(post.headers.access_token).toBe(sub.apiKey);
    expect(post.headers["content-type"]).toBe("application/json");
    expect(post.headers["user-agent"]).toMatch(/\S/);
    expect(post.body).toEqual({
      value: 123.45,
      pixAddressKey: TEST_PIX_KEYS.cpf,
      pixAddressKeyType: "CPF",
      description: input.description,
      externalReference: input.withdrawalId,
    });
    for (const request of sent) expect(request.headers.access_token).toBe(sub.apiKey);
  });

  it("sends amounts as exact reais and each key type as Asaas takes it (a phone without +55)", async () => {
    const cases = [
      ["cpf", "CPF", TEST_PIX_KEYS.cpf],
      ["cnpj", "CNPJ", TEST_PIX_KEYS.cnpj],
      ["email", "EMAIL", TEST_PIX_KEYS.email],
      ["phone", "PHONE", "11987654321"],
      ["evp", "EVP", TEST_PIX_KEYS.evp],
    ] as const;
    for (const [pixKeyType, asaasType, sentKey] of cases) {
      await payouts.createTransfer(transferInput({ pixKeyType, pixKey: TEST_PIX_KEYS[pixKeyType] }));
      expect(requestsTo("POST", "/v3/transfers").at(-1)?.body).toMatchObject({
        pixAddressKey: sentKey,
        pixAddressKeyType: asaasType,
      });
    }
    const odd = transferInput({ amountCents: 19_99 });
    await payouts.createTransfer(odd);
    expect(requestsTo("POST", "/v3/transfers").at(-1)?.body).toMatchObject({ value: 19.99 });
    expect(asaasPixKey("+55 (11) 98765-4321", "phone")).toBe("11987654321");
    expect(asaasPixKey("1133334444", "phone")).toBe("1133334444");
  });

  it("looks for the withdrawal among recent transfers before sending it", async () => {
    const before = fake.requests.length;
    await payouts.createTransfer(transferInput());
    const [lookup, post] = fake.requests.slice(before);
    expect(lookup).toMatchObject({ method: "GET", path: "/v3/transfers", body: undefined });
    expect(lookup?.query.get("dateCreated[ge]")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lookup?.query.get("limit")).toBe("100");
    expect(lookup?.query.get("offset")).toBe("0");
    expect(post).toMatchObject({ method: "POST", path: "/v3/transfers" });
  });

  it("pays once when the answer to the first attempt was lost: the retry finds the transfer", async () => {
    let dropNextPostAnswer = true;
    const lossy = adapter(fake, sub, {
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        if (init?.method === "POST" && dropNextPostAnswer) {
          dropNextPostAnswer = false;
          throw new TypeError("fetch failed", { cause: { code: "ECONNRESET" } });
        }
        return response;
      },
    });
    const input = transferInput();

    const lost = await thrown(lossy.createTransfer(input), PayoutError);
    expect(lost).toMatchObject({ status: null, retryable: true });
    const retried = await lossy.createTransfer(input);

    const posts = requestsTo("POST", "/v3/transfers").filter(
      (r) => (r.body as { externalReference?: string }).externalReference === input.withdrawalId,
    );
    expect(posts).toHaveLength(1);
    expect(fake.transfer(retried.id)).toMatchObject({ externalReference: input.withdrawalId });
  });

  it("pays once when two attempts race: Asaas's 409 for an identical transfer leads to the first one", async () => {
    const input = transferInput();
    const [a, b] = await Promise.all([payouts.createTransfer(input), payouts.createTransfer(input)]);
    expect(b.id).toBe(a.id);

    const listed = await fetch(`${fake.url}/v3/transfers?limit=100`, {
      headers: { access_token: sub.apiKey },
    });
    const { data } = (await listed.json()) as { data: { id: string; externalReference: string }[] };
    expect(data.filter((t) => t.externalReference === input.withdrawalId).map((t) => t.id)).toEqual([a.id]);
  });

  it("surfaces Asaas's 409 for another withdrawal of the same amount to the same key as retryable", async () => {
    const first = transferInput();
    await payouts.createTransfer(first);
    const twin = await thrown(
      payouts.createTransfer(transferInput({ amountCents: first.amountCents })),
      PayoutError,
    );
    expect(twin).toMatchObject({ status: 409, retryable: true });
  });

  it("surfaces a balance too low as a final PayoutError with Asaas's message and code", async () => {
    fake.setBalance(sub.id, 1_000);
    try {
      const error = await thrown(payouts.createTransfer(transferInput({ amountCents: 2_000 })), PayoutError);
      expect(error).toMatchObject({ status: 400, retryable: false, code: "invalid_action" });
      expect(error.message).toContain("Saldo insuficiente para realizar a transferência");
    } finally {
      fake.setBalance(sub.id, BALANCE_CENTS);
    }
  });

  it("surfaces a key Asaas refuses, and an amount that is not whole positive cents, as final errors", async () => {
    const badKey = await thrown(
      payouts.createTransfer(transferInput({ pixKeyType: "cpf", pixKey: "12345678900" })),
      PayoutError,
    );
    expect(badKey).toMatchObject({ status: 400, retryable: false, code: "invalid_pixAddressKey" });

    for (const amountCents of [0, -100, 12.5]) {
      const error = await thrown(payouts.createTransfer(transferInput({ amountCents })), PayoutError);
      expect(error).toMatchObject({ status: null, retryable: false, code: "invalid_amount" });
    }
  });

  it("surfaces a 500 or a 429 from the API as a retryable PayoutError", async () => {
    fake.failNext(500);
    expect(await thrown(payouts.createTransfer(transferInput()), PayoutError)).toMatchObject({
      status: 500,
      retryable: true,
    });
    fake.failNext(429);
    expect(await thrown(payouts.getTransfer(randomUUID()), PayoutError)).toMatchObject({
      status: 429,
      retryable: true,
    });
    fake.failNext(503);
    expect(await thrown(payouts.getTransfer(randomUUID()), PayoutError)).toMatchObject({
      status: 503,
      retryable: true,
    });
  });

  it("surfaces an unreachable API or a timeout as a retryable PayoutError", async () => {
    const unreachable = adapter(fake, sub, { apiUrl: "http://127.0.0.1:1" });
    expect(await thrown(unreachable.createTransfer(transferInput()), PayoutError)).toMatchObject({
      status: null,
      retryable: true,
    });

    const impatient = adapter(fake, sub, { timeoutMs: 50 });
    fake.delayNext(500);
    const timedOut = await thrown(impatient.getTransfer(randomUUID()), PayoutError);
    expect(timedOut).toMatchObject({ status: null, retryable: true });
    expect(timedOut.message).toContain("timed out");
  });

  it("surfaces a wrong API key as a final 401", async () => {
    const wrongKey = adapter(fake, sub, { sealedCredentials: sealedFor("$aact_hmlg_not_the_key") });
    expect(await thrown(wrongKey.getTransfer(randomUUID()), PayoutError)).toMatchObject({
      status: 401,
      retryable: false,
    });
  });

  it("never lets the API key or the PIX key into an error", async () => {
    const phone = transferInput({ pixKeyType: "phone", pixKey: TEST_PIX_KEYS.phone });
    const email = transferInput({ pixKeyType: "email", pixKey: TEST_PIX_KEYS.email });
    const evp = transferInput({ pixKeyType: "evp", pixKey: TEST_PIX_KEYS.evp });

    // An API that echoes the whole request, headers included, in its error.
    const echoing = createAsaasPayouts({
      apiUrl: "http://asaas.invalid",
      sealedCredentials: sealedFor(sub.apiKey),
      key: SEALING_KEY,
      fetch: async (url, init) => {
        const said = `Requisição inválida ${String(url)} ${JSON.stringify(init?.headers)} ${String(init?.body)}`;
        return new Response(JSON.stringify({ errors: [{ code: said, description: said }] }), {
          status: init?.method === "POST" ? 400 : 200,
          headers: { "Content-Type": "application/json" },
        });
      },
    });
    const offline = adapter(fake, sub, { apiUrl: "http://127.0.0.1:1" });
    fake.setBalance(sub.id, 0);
    const errors: PayoutError[] = [];
    try {
      for (const input of [phone, email, evp]) {
        errors.push(await thrown(echoing.createTransfer(input), PayoutError));
        errors.push(await thrown(offline.createTransfer(input), PayoutError));
        errors.push(await thrown(payouts.createTransfer(input), PayoutError));
      }
    } finally {
      fake.setBalance(sub.id, BALANCE_CENTS);
    }

    expect(errors.map((e) => e.status)).toContain(400);
    for (const error of errors) {
      const text = everything(error);
      expect(text).not.toContain(sub.apiKey);
      expect(text).not.toContain(TEST_PIX_KEYS.phone);
      expect(text).not.toContain("11987654321");
      expect(text).not.toContain(TEST_PIX_KEYS.email);
      expect(text).not.toContain(TEST_PIX_KEYS.evp);
    }
  });

  it("maps Asaas's statuses: BANK_PROCESSING and BLOCKED are still pending, CANCELLED is cancelled", async () => {
    const resource = {
      object: "transfer",
      id: "t-1",
      value: 150.75,
      externalReference: "wd-1",
      failReason: null,
    };
    const cases = [
      ["PENDING", "pending"],
      ["BANK_PROCESSING", "pending"],
      ["BLOCKED", "pending"],
      ["SOMETHING_NEW", "pending"],
      ["DONE", "done"],
      ["CANCELLED", "cancelled"],
    ] as const;
    for (const [status, ours] of cases) {
      const transfer = await answering(200, { ...resource, status }).getTransfer("t-1");
      expect({ status, transfer }).toEqual({
        status,
        transfer: {
          id: "t-1",
          status: ours,
          amountCents: 150_75,
          externalReference: "wd-1",
          failureReason: null,
        },
      });
    }
    const failed = await answering(200, {
      ...resource,
      status: "FAILED",
      failReason: "Conta destino encerrada",
    }).getTransfer("t-1");
    expect(failed).toMatchObject({ status: "failed", failureReason: "Conta destino encerrada" });
    const silent = await answering(200, { ...resource, status: "FAILED" }).getTransfer("t-1");
    expect(silent.failureReason).toMatch(/\S/);

    const missing = await thrown(answering(404, {}).getTransfer("t-2"), PayoutError);
    expect(missing).toMatchObject({ status: 404, retryable: false });
    const unreadable = createAsaasPayouts({
      apiUrl: "http://asaas.invalid",
      sealedCredentials: sealedFor("$aact_hmlg_any"),
      key: SEALING_KEY,
      fetch: async () => new Response("<html>gateway</html>", { status: 200 }),
    });
    expect(await thrown(unreadable.getTransfer("t-3"), PayoutError)).toMatchObject({ retryable: true });
  });

  it("follows the fake through bank processing, a block by Asaas and cancellation", async () => {
    const processing = await payouts.createTransfer(transferInput());
    fake.processing(processing.id);
    expect((await payouts.getTransfer(processing.id)).status).toBe("pending");
    const blocked = await payouts.createTransfer(transferInput());
    fake.block(blocked.id);
    expect(fake.transfer(blocked.id)).toMatchObject({ status: "BLOCKED" });
    expect((await payouts.getTransfer(blocked.id)).status).toBe("pending");
    const cancelled = await payouts.createTransfer(transferInput());
    const before = fake.balance(sub.id);
    fake.cancel(cancelled.id);
    expect((await payouts.getTransfer(cancelled.id)).status).toBe("cancelled");
    expect(fake.balance(sub.id)).toBe(before + cancelled.amountCents);
  });

  it("pays from the sub-account's own balance, and another account's key cannot see the transfer", async () => {
    const before = fake.balance(sub.id);
    const transfer = await payouts.createTransfer(transferInput());
    expect(fake.balance(sub.id)).toBe(before - transfer.amountCents);

    const other = adapter(fake, fake.openSubAccount({ balanceCents: 10_000 }));
    expect(await thrown(other.getTransfer(transfer.id), PayoutError)).toMatchObject({
      status: 404,
      retryable: false,
    });
    const root = adapter(fake, fake.root);
    expect(await thrown(root.getTransfer(transfer.id), PayoutError)).toMatchObject({ status: 404 });
  });
});

describe("Asaas's transfer validation webhook, as the fake calls it", () => {
  let fake: AsaasFake;
  let sub: FakeAccount;
  let payouts: PayoutProvider;

  beforeAll(async () => {
    fake = await startAsaasFake({ rootApiKey: ROOT_API_KEY });
    sub = fake.openSubAccount({ balanceCents: BALANCE_CENTS });
    payouts = adapter(fake, sub);
  });

  afterAll(async () => {
    await fake.close();
  });

  it("offers each new transfer with the root's token; APPROVED lets it be paid", async () => {
    const approver = await startReceiver(() => [200, { status: "APPROVED" }]);
    fake.setTransferValidation({ url: approver.url, token: VALIDATION_TOKEN });
    try {
      const input = transferInput({ pixKeyType: "email", pixKey: TEST_PIX_KEYS.email });
      const transfer = await payouts.createTransfer(input);
      // Not approved yet: the bank cannot pay it.
      expect(() => fake.done(transfer.id)).toThrow();
      await fake.flush();

      const [call] = approver.received;
      expect(call?.headers["asaas-access-token"]).toBe(VALIDATION_TOKEN);
      expect(JSON.parse(call?.body ?? "{}")).toMatchObject({
        type: "TRANSFER",
        transfer: {
          id: transfer.id,
          value: input.amountCents / 100,
          externalReference: input.withdrawalId,
          bankAccount: { pixAddressKey: TEST_PIX_KEYS.email },
        },
      });
      fake.done(transfer.id);
      expect(await payouts.getTransfer(transfer.id)).toMatchObject({ status: "done" });
    } finally {
      fake.setTransferValidation(null);
      await approver.close();
    }
  });

  it("cancels a REFUSED transfer with the reason given, and gives the money back", async () => {
    const refuser = await startReceiver(() => [
      200,
      { status: "REFUSED", refuseReason: "Saque desconhecido" },
    ]);
    fake.setTransferValidation({ url: refuser.url, token: VALIDATION_TOKEN });
    try {
      const before = fake.balance(sub.id);
      const transfer = await payouts.createTransfer(transferInput());
      await fake.flush();
      expect(await payouts.getTransfer(transfer.id)).toMatchObject({
        status: "cancelled",
        failureReason: "Saque desconhecido",
      });
      expect(fake.balance(sub.id)).toBe(before);
    } finally {
      fake.setTransferValidation(null);
      await refuser.close();
    }
  });

  it("cancels the transfer after three failed calls", async () => {
    const broken = await startReceiver(() => [500, { error: "down" }]);
    fake.setTransferValidation({ url: broken.url, token: VALIDATION_TOKEN });
    try {
      const transfer = await payouts.createTransfer(transferInput());
      await fake.flush();
      expect(fake.validationCalls.filter((c) => c.transferId === transfer.id)).toHaveLength(3);
      expect((await payouts.getTransfer(transfer.id)).status).toBe("cancelled");
    } finally {
      fake.setTransferValidation(null);
      await broken.close();
    }
  });
});

describe("the Asaas fake holds to the API's rules", () => {
  let fake: AsaasFake;
  let sub: FakeAccount;

  beforeAll(async () => {
    fake = await startAsaasFake({ rootApiKey: ROOT_API_KEY });
    sub = fake.openSubAccount({ balanceCents: 50_000 });
  });

  afterAll(async () => {
    await fake.close();
  });

  const auth = () => ({ access_token: sub.apiKey, "Content-Type": "application/json" });
  const post = (body: unknown, headers: Record<string, string> = auth()) =>
    fetch(`${fake.url}/v3/transfers`, { method: "POST", headers, body: JSON.stringify(body) });
  const pixBody = { value: 10, pixAddressKey: TEST_PIX_KEYS.cpf, pixAddressKeyType: "CPF" };

  it("wants the access_token header, and no body on a GET", async () => {
    expect((await post(pixBody, { "Content-Type": "application/json" })).status).toBe(401);
    expect((await post(pixBody, { ...auth(), access_token: "wrong" })).status).toBe(401);
    // fetch will not send a GET with a body; node:http will.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = httpRequest(
        `${fake.url}/v3/transfers`,
        { method: "GET", headers: { ...auth(), "Content-Length": "2" } },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on("error", reject);
      req.end("{}");
    });
    expect(status).toBe(403);
  });

  it("validates bodies with Asaas's error shape", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...pixBody, value: undefined }, "invalid_value"],
      [{ ...pixBody, value: 0 }, "invalid_value"],
      [{ ...pixBody, value: "10" }, "invalid_value"],
      [{ ...pixBody, pixAddressKeyType: "RANDOM" }, "invalid_pixAddressKeyType"],
      [{ ...pixBody, pixAddressKey: "52998224724" }, "invalid_pixAddressKey"],
      [{ ...pixBody, pixAddressKeyType: "CNPJ" }, "invalid_pixAddressKey"],
      [{ ...pixBody, pixAddressKeyType: "EMAIL", pixAddressKey: "not-an-email" }, "invalid_pixAddressKey"],
      [{ ...pixBody, pixAddressKeyType: "PHONE", pixAddressKey: "5511987654321" }, "invalid_pixAddressKey"],
      [{ ...pixBody, pixAddressKeyType: "EVP", pixAddressKey: "not-a-uuid" }, "invalid_pixAddressKey"],
    ];
    for (const [body, code] of cases) {
      const response = await post(body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      const answer = (await response.json()) as { errors: { code: string; description: string }[] };
      expect(answer.errors[0]?.code).toBe(code);
      expect(answer.errors[0]?.description).toMatch(/\S/);
    }
  });

  it("takes the money at creation, refuses more than the balance, and gives a failed transfer's money back", async () => {
    fake.setBalance(sub.id, 5_000);
    const created = await post({ ...pixBody, value: 30, externalReference: "wd-a" });
    expect(created.status).toBe(200);
    const transfer = (await created.json()) as { id: string; status: string; value: number };
    expect(transfer).toMatchObject({ status: "PENDING", value: 30 });
    expect(fake.balance(sub.id)).toBe(2_000);

    const tooMuch = await post({ ...pixBody, value: 20.01 });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toEqual({
      errors: [{ code: "invalid_action", description: "Saldo insuficiente para realizar a transferência." }],
    });

    fake.fail(transfer.id, "Chave Pix inexistente");
    expect(fake.balance(sub.id)).toBe(5_000);
    expect(fake.transfer(transfer.id)).toMatchObject({
      status: "FAILED",
      failReason: "Chave Pix inexistente",
    });
    expect(() => fake.done(transfer.id)).toThrow();
  });

  it("refuses an identical transfer within 15 minutes with a 409", async () => {
    fake.setBalance(sub.id, 50_000);
    const body = { ...pixBody, value: 12.34, pixAddressKeyType: "EVP", pixAddressKey: TEST_PIX_KEYS.evp };
    expect((await post(body)).status).toBe(200);
    const again = await post(body);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { errors: unknown[] }).errors).toHaveLength(1);
  });

  it("lists transfers in pages, newest first, filtered by creation date, and 404s an unknown one", async () => {
    for (const value of [1.01, 1.02, 1.03]) expect((await post({ ...pixBody, value })).status).toBe(200);
    const page = await fetch(`${fake.url}/v3/transfers?limit=2&offset=0`, { headers: auth() });
    const first = (await page.json()) as { hasMore: boolean; totalCount: number; data: { value: number }[] };
    expect(first.data.map((t) => t.value)).toEqual([1.03, 1.02]);
    expect(first.hasMore).toBe(true);
    const later = await fetch(`${fake.url}/v3/transfers?dateCreated%5Bge%5D=2999-01-01`, { headers: auth() });
    expect(await later.json()).toMatchObject({ totalCount: 0, hasMore: false, data: [] });
    expect((await fetch(`${fake.url}/v3/transfers?limit=101`, { headers: auth() })).status).toBe(400);

    const missing = await fetch(`${fake.url}/v3/transfers/${randomUUID()}`, { headers: auth() });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errors: [{ code: "not_found" }] });
  });
});
