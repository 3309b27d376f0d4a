import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { ProviderError } from "~/platform/payments/provider";
import {
  createSandboxProvider,
  newSandboxSellerId,
  type SandboxProvider,
  sandboxWebhookVerifier,
} from "~/platform/payments/sandbox-provider.server";
import { providerContract } from "../support/provider-contract";

vi.setConfig({ testTimeout: 30_000 });

const SECRET = "sandbox-test-secret-0123456789abcdef";

/** Two simulated sellers on one sandbox, as two hosts' connected test accounts. */
async function sandbox(): Promise<{
  handle: DatabaseHandle;
  provider: SandboxProvider;
  other: SandboxProvider;
}> {
  const handle = await connectDatabase({});
  await migrateDatabase(handle);
  const seller = (sellerId: string) =>
    createSandboxProvider({
      db: handle.db,
      sellerId,
      feeBps: 399,
      webhookSecret: SECRET,
      notificationUrl: "http://127.0.0.1:9/webhooks/payments/sandbox",
    });
  return { handle, provider: seller(newSandboxSellerId()), other: seller(newSandboxSellerId()) };
}

const TEST_CARD = { number: "5031 4332 1540 6351", expiryMonth: 11, expiryYear: 2030, cvv: "123" };

providerContract(
  "the sandbox provider (offline, on the embedded database)",
  async () => {
    const { handle, provider, other } = await sandbox();
    return {
      provider,
      otherAccount: other,
      verifyWebhook: sandboxWebhookVerifier(SECRET),
      cardToken: async (holderName) => (await provider.tokenize({ ...TEST_CARD, holderName })).id,
      settle: async (id, outcome) => {
        await provider.settle(id, outcome);
      },
      dispute: async (id, step) => {
        await provider.dispute(id, step);
      },
      webhookFor: async (id) => {
        const { url, headers, body } = await provider.webhookFor(id);
        return { headers, body, query: new URL(url).searchParams };
      },
      close: () => handle.close(),
    };
  },
  { disputes: true },
);

describe("the sandbox's own parts", () => {
  let handle: DatabaseHandle;
  let provider: SandboxProvider;
  beforeAll(async () => {
    ({ handle, provider } = await sandbox());
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("tokenizes only a plausible card, and keeps nothing of it but the last four digits and the brand", async () => {
    const token = await provider.tokenize({ ...TEST_CARD, holderName: "Maria Silva" });
    expect(token).toMatchObject({ lastFour: "6351", brand: "master" });
    expect(JSON.stringify(await handle.db.execute("select * from sandbox_card_tokens"))).not.toContain(
      "5031433215406351",
    );
    const refused = async (card: Partial<typeof TEST_CARD>) => {
      try {
        await provider.tokenize({ ...TEST_CARD, holderName: "Maria", ...card });
      } catch (err) {
        return err instanceof ProviderError ? err.message : String(err);
      }
      return "accepted";
    };
    expect(await refused({ number: "5031 4332 1540 6352" })).toBe("Número do cartão inválido");
    expect(await refused({ expiryMonth: 13 })).toBe("Data de expiração inválida");
    expect(await refused({ expiryYear: 2020 })).toBe("Data de expiração inválida");
    expect(await refused({ cvv: "12" })).toBe("CVV inválido");
  });

  it("reports a PIX past its expiry as cancelled, detail expired, without being told", async () => {
    const payment = await provider.createPixCharge({
      orderId: "o-1",
      amountCents: 900,
      description: "Teste",
      payer: { name: "Ana", email: null, cpf: null },
      expiresAt: new Date(Date.now() - 1000),
      idempotencyKey: "expired-pix-1",
      platformFeeCents: 0,
    });
    expect(payment).toMatchObject({ status: "cancelled", statusDetail: "expired", expired: true });
  });

  it("translates its test cards' refusals into ours, as the Mercado Pago adapter does", async () => {
    const refusalFor = async (holderName: string) => {
      const token = (await provider.tokenize({ ...TEST_CARD, holderName })).id;
      const payment = await provider.chargeCard({
        orderId: `o-${holderName}`,
        amountCents: 900,
        description: "Teste",
        payer: { name: "Ana", email: null, cpf: null },
        token,
        paymentMethodId: null,
        issuerId: null,
        idempotencyKey: `card-${holderName}`,
        platformFeeCents: 0,
      });
      return [payment.status, payment.refusal, payment.expired];
    };
    expect(await refusalFor("FUND")).toEqual(["rejected", "insufficient_funds", false]);
    expect(await refusalFor("SECU")).toEqual(["rejected", "bad_security_code", false]);
    expect(await refusalFor("EXPI")).toEqual(["rejected", "bad_expiry_date", false]);
    expect(await refusalFor("FORM")).toEqual(["rejected", "bad_card_data", false]);
    expect(await refusalFor("CALL")).toEqual(["rejected", "call_bank", false]);
    expect(await refusalFor("OTHE")).toEqual(["rejected", "other", false]);
    expect(await refusalFor("APRO")).toEqual(["approved", null, false]);
  });

  it("says a PIX it was told to expire expired, and one the collector cancelled did not", async () => {
    const pix = (key: string) =>
      provider.createPixCharge({
        orderId: `o-${key}`,
        amountCents: 900,
        description: "Teste",
        payer: { name: "Ana", email: null, cpf: null },
        expiresAt: new Date(Date.now() + 60_000),
        idempotencyKey: key,
        platformFeeCents: 0,
      });
    const lapsed = await pix("told-to-expire");
    expect(await provider.settle(lapsed.id, "expire")).toMatchObject({ status: "cancelled", expired: true });
    const stopped = await pix("cancelled-by-us");
    expect(await provider.cancelPayment(stopped.id)).toMatchObject({ status: "cancelled", expired: false });
  });
});
