import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBrCode } from "~/lib/pix-brcode";
import {
  type CardChargeInput,
  type PaymentProvider,
  type PixChargeInput,
  ProviderError,
  type WebhookRequest,
  type WebhookVerifier,
} from "~/platform/payments/provider";
import { thrown } from "./thrown";

// What every payment provider must do, as a caller sees it. Each implementation (the sandbox, the Mercado
// Pago adapter against a fake or a real test account) runs this same suite through a harness. A provider is
// bound to one connected account; the optional parts below turn on the cases that need them, and a case
// whose part is missing is reported as skipped, not passed.

export type ProviderHarness = {
  /** Bound to one account (a host's connected seller account). */
  provider: PaymentProvider;
  /** A card token as the provider's browser script would make it, for a valid test card and this holder name. */
  cardToken(holderName: string): Promise<string>;
  /** The payer paying / the provider deciding a pending charge. */
  settle(paymentId: string, outcome: "approve" | "reject" | "expire"): Promise<void>;
  /** The notification the provider sends about this payment, signed as it signs them. */
  webhookFor(paymentId: string): WebhookRequest | Promise<WebhookRequest>;
  /** The payer's bank moves a paid charge's dispute: contested, then won or lost (ADR 0061). */
  dispute?(paymentId: string, step: "open" | "win" | "lose"): Promise<void>;
  /** The provider's unsigned legacy call about a payment (Mercado Pago's IPN), when it makes one. */
  ipnFor?(paymentId: string): WebhookRequest;
  /** Reads this provider's webhooks (the application-wide verifier). */
  verifyWebhook?: WebhookVerifier;
  /** The account's id as its webhooks name it (WebhookHint.sellerId). */
  accountId?: string;
  /** The same provider bound to another account, which must not see this account's payments. */
  otherAccount?: PaymentProvider;
  close(): Promise<void>;
};

/** Estadia's cut asked on every charge of the suite, unless a case says otherwise. */
const PLATFORM_FEE_CENTS = 370;

const PAYER = { name: "Maria Silva Teste", email: "test_user_80507629@testuser.com", cpf: "12345678909" };

function pixInput(overrides: Partial<PixChargeInput> = {}): PixChargeInput {
  return {
    orderId: `order-${randomUUID()}`,
    amountCents: 12_345,
    description: "Estadia: 2 noites",
    payer: PAYER,
    // Whole seconds: some providers keep no milliseconds.
    expiresAt: new Date(Math.ceil(Date.now() / 1000) * 1000 + 2 * 60 * 60 * 1000),
    idempotencyKey: randomUUID(),
    platformFeeCents: PLATFORM_FEE_CENTS,
    ...overrides,
  };
}

function cardInput(token: string, overrides: Partial<CardChargeInput> = {}): CardChargeInput {
  return {
    orderId: `order-${randomUUID()}`,
    amountCents: 25_990,
    description: "Estadia: 3 noites",
    payer: PAYER,
    token,
    // As the browser script found them; providers must cope when it found none.
    paymentMethodId: null,
    issuerId: null,
    idempotencyKey: randomUUID(),
    platformFeeCents: PLATFORM_FEE_CENTS,
    ...overrides,
  };
}

/** What a provider does beyond the common part, known when the suite is defined (so no case is skipped). */
export type ProviderTraits = {
  /** It also makes unsigned legacy calls about payments (Mercado Pago's IPN); the harness gives ipnFor. */
  unsignedCalls?: boolean;
  /** It reports disputes on paid charges; the harness gives dispute. */
  disputes?: boolean;
};

export function providerContract(
  label: string,
  setup: () => Promise<ProviderHarness>,
  traits: ProviderTraits = {},
): void {
  describe(label, () => {
    let h: ProviderHarness;

    beforeAll(async () => {
      h = await setup();
    });

    afterAll(async () => {
      await h?.close();
    });

    it("makes a pending PIX charge for the amount, with our order id and a BR Code that expires when asked", async () => {
      const input = pixInput({ amountCents: 1_250 });
      const payment = await h.provider.createPixCharge(input);

      expect(payment.id).toMatch(/\S/);
      expect(payment.status).toBe("pending");
      expect(payment.method).toBe("pix");
      expect(payment.amountCents).toBe(1_250);
      expect(payment.externalReference).toBe(input.orderId);
      expect(payment.card).toBeNull();
      if (!payment.pix) throw new Error("a PIX charge must carry its code");
      const brCode = parseBrCode(payment.pix.code);
      expect(brCode).not.toBeNull();
      expect(brCode?.amountCents).toBe(1_250);
      expect(Math.abs(payment.pix.expiresAt.getTime() - input.expiresAt.getTime())).toBeLessThan(5_000);
    });

    it("gives back the same PIX charge, not a second one, for the same idempotency key", async () => {
      const input = pixInput();
      const first = await h.provider.createPixCharge(input);
      const again = await h.provider.createPixCharge(input);

      expect(again.id).toBe(first.id);
      expect(again.amountCents).toBe(first.amountCents);
      expect(again.pix?.code).toBe(first.pix?.code);
    });

    it("follows the payer: a paid PIX is approved, a refused one rejected, an expired one cancelled", async () => {
      const outcomes = [
        ["approve", "approved"],
        ["reject", "rejected"],
        ["expire", "cancelled"],
      ] as const;
      for (const [outcome, status] of outcomes) {
        const payment = await h.provider.createPixCharge(pixInput());
        await h.settle(payment.id, outcome);
        const now = await h.provider.getPayment(payment.id);
        expect({ outcome, status: now.status }).toEqual({ outcome, status });
        expect(now.id).toBe(payment.id);
        expect(now.amountCents).toBe(payment.amountCents);
        expect(now.externalReference).toBe(payment.externalReference);
      }
    });

    it("charges a card as the test cardholder name decides: APRO approved, OTHE rejected, CONT processing", async () => {
      const approved = await h.provider.chargeCard(cardInput(await h.cardToken("APRO")));
      expect(approved.status).toBe("approved");
      expect(approved.method).toBe("credit_card");
      expect(approved.amountCents).toBe(25_990);
      expect(approved.card?.lastFour).toMatch(/^\d{4}$/);
      expect(approved.pix).toBeNull();

      const rejected = await h.provider.chargeCard(cardInput(await h.cardToken("OTHE")));
      expect(rejected.status).toBe("rejected");
      expect(rejected.statusDetail).not.toBe("");

      const processing = await h.provider.chargeCard(cardInput(await h.cardToken("CONT")));
      expect(processing.status).toBe("processing");
      expect((await h.provider.getPayment(processing.id)).status).toBe("processing");
    });

    it("refuses a card token the second time, as a final (not retryable) error", async () => {
      const token = await h.cardToken("APRO");
      const first = await h.provider.chargeCard(cardInput(token));
      expect(first.status).toBe("approved");

      const error = await thrown(h.provider.chargeCard(cardInput(token)), ProviderError);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ retryable: false });
      expect((error as ProviderError).status).toBeGreaterThanOrEqual(400);
      expect((error as ProviderError).status).toBeLessThan(500);
    });

    it("cancels a pending PIX, and getPayment agrees", async () => {
      const payment = await h.provider.createPixCharge(pixInput());
      const cancelled = await h.provider.cancelPayment(payment.id);
      expect(cancelled.id).toBe(payment.id);
      expect(cancelled.status).toBe("cancelled");
      expect((await h.provider.getPayment(payment.id)).status).toBe("cancelled");
    });

    it("refunds an approved payment in full: the refund carries the amount and the payment becomes refunded", async () => {
      const payment = await h.provider.createPixCharge(pixInput({ amountCents: 4_990 }));
      await h.settle(payment.id, "approve");

      const refund = await h.provider.refund(payment.id, { idempotencyKey: randomUUID() });
      expect(refund.id).toMatch(/\S/);
      expect(refund.amountCents).toBe(4_990);
      expect(refund.status).not.toBe("rejected");
      expect((await h.provider.getPayment(payment.id)).status).toBe("refunded");
    });

    it("refunds once for the same refund idempotency key, leaving the rest refundable", async () => {
      const payment = await h.provider.createPixCharge(pixInput({ amountCents: 1_500 }));
      await h.settle(payment.id, "approve");

      const key = randomUUID();
      const first = await h.provider.refund(payment.id, { amountCents: 500, idempotencyKey: key });
      const again = await h.provider.refund(payment.id, { amountCents: 500, idempotencyKey: key });
      expect(again.id).toBe(first.id);
      expect(again.amountCents).toBe(500);
      expect((await h.provider.getPayment(payment.id)).status).toBe("approved");

      // Had the repeat refunded again, only 500 would be left.
      const rest = await h.provider.refund(payment.id, { idempotencyKey: randomUUID() });
      expect(rest.amountCents).toBe(1_000);
      expect((await h.provider.getPayment(payment.id)).status).toBe("refunded");
    });

    it("verifies its own webhook, naming the account, and refuses one with a changed signature, another payment id or no signature", async (ctx) => {
      const verify = h.verifyWebhook;
      if (!verify) return ctx.skip("the harness gives no webhook verifier");
      const payment = await h.provider.createPixCharge(pixInput());
      const webhook = await h.webhookFor(payment.id);

      const hint = verify(webhook);
      expect(hint).toMatchObject({ paymentId: payment.id, topic: "payment" });
      expect(hint?.eventId).toMatch(/\S/);
      if (h.accountId !== undefined) expect(hint?.sellerId).toBe(h.accountId);

      // Not authentic: refused, or (a provider with unsigned legacy calls) only the query's payment id,
      // marked unsigned and naming no seller, whatever the body says.
      const untrusted = (request: WebhookRequest, paymentId: string) => {
        const read = verify(request);
        if (read === null) return;
        expect(read).toMatchObject({ paymentId, sellerId: null, unsigned: true });
      };
      const signature = webhook.headers.get("x-signature") ?? "";
      const lastHex = signature.slice(-1);
      const tampered = new Headers(webhook.headers);
      tampered.set("x-signature", signature.slice(0, -1) + (lastHex === "0" ? "1" : "0"));
      untrusted({ ...webhook, headers: tampered }, payment.id);

      const otherQuery = new URLSearchParams(webhook.query);
      otherQuery.set("data.id", `${payment.id}1`);
      untrusted({ ...webhook, query: otherQuery }, `${payment.id}1`);

      const unsigned = new Headers(webhook.headers);
      unsigned.delete("x-signature");
      untrusted({ ...webhook, headers: unsigned }, payment.id);
      // A call with no payment id to look up is refused outright.
      expect(verify({ ...webhook, headers: unsigned, query: new URLSearchParams() })).toBeNull();
    });

    // Registered only for such a provider: the others have no such call, and nothing is skipped.
    if (traits.unsignedCalls)
      it("reads its unsigned legacy call (IPN) only as the payment id to fetch, never the body's seller", async () => {
        const verify = h.verifyWebhook;
        if (!verify || !h.ipnFor)
          throw new Error("a provider with unsigned calls gives verifyWebhook and ipnFor");
        const payment = await h.provider.createPixCharge(pixInput());
        const ipn = h.ipnFor(payment.id);
        const hint = verify(ipn);
        expect(hint).toMatchObject({
          paymentId: payment.id,
          topic: "payment",
          sellerId: null,
          unsigned: true,
        });
        // The same call again is the same event (a replay); a body claiming a seller and a status changes nothing.
        const claiming = JSON.stringify({ user_id: 1, status: "approved", data: { id: payment.id } });
        expect(verify({ ...ipn, body: claiming })).toEqual(hint);
        // What the caller acts on is only what the provider answers for that id.
        expect((await h.provider.getPayment(payment.id)).status).toBe("pending");
      });

    if (traits.disputes) {
      it("reports a paid charge's dispute: opened while it lasts (still approved), and lost once the payer got the money", async () => {
        const payment = await h.provider.createPixCharge(pixInput());
        await h.settle(payment.id, "approve");
        expect((await h.provider.getPayment(payment.id)).dispute ?? null).toBeNull();
        await h.dispute?.(payment.id, "open");
        const held = await h.provider.getPayment(payment.id);
        expect({ status: held.status, dispute: held.dispute }).toEqual({
          status: "approved",
          dispute: { state: "opened", takenCents: null },
        });
        await h.dispute?.(payment.id, "lose");
        const lost = await h.provider.getPayment(payment.id);
        expect({ status: lost.status, dispute: lost.dispute }).toEqual({
          status: "refunded",
          dispute: { state: "lost", takenCents: null },
        });
      });

      it("reads a dispute won as the charge plainly approved again, and a charge lost with no opening as lost", async () => {
        const won = await h.provider.createPixCharge(pixInput());
        await h.settle(won.id, "approve");
        await h.dispute?.(won.id, "open");
        await h.dispute?.(won.id, "win");
        const after = await h.provider.getPayment(won.id);
        expect(after.status).toBe("approved");
        expect(after.dispute?.state ?? "clear").not.toBe("opened");
        const lost = await h.provider.createPixCharge(pixInput());
        await h.settle(lost.id, "approve");
        await h.dispute?.(lost.id, "lose");
        expect((await h.provider.getPayment(lost.id)).dispute).toEqual({ state: "lost", takenCents: null });
      });
    }

    it("reports no fees while a charge is pending, and once approved the platform's part is exactly the fee asked", async () => {
      const pix = await h.provider.createPixCharge(
        pixInput({ amountCents: 20_000, platformFeeCents: 1_234 }),
      );
      expect(pix.fees).toBeNull();
      await h.settle(pix.id, "approve");
      const paid = await h.provider.getPayment(pix.id);
      expect(paid.fees?.platformCents).toBe(1_234);
      expect(paid.fees?.providerCents).toBeGreaterThanOrEqual(0);
      expect((paid.fees?.providerCents ?? 0) + (paid.fees?.platformCents ?? 0)).toBeLessThan(20_000);

      const card = await h.provider.chargeCard(
        cardInput(await h.cardToken("APRO"), { platformFeeCents: 999 }),
      );
      expect(card.status).toBe("approved");
      expect(card.fees?.platformCents).toBe(999);
      expect(card.fees?.providerCents).toBeGreaterThanOrEqual(0);
    });

    it("takes nothing for the platform when the fee asked is 0", async () => {
      const payment = await h.provider.createPixCharge(pixInput({ platformFeeCents: 0 }));
      await h.settle(payment.id, "approve");
      const paid = await h.provider.getPayment(payment.id);
      expect(paid.fees).toMatchObject({ platformCents: 0 });
      expect(paid.fees?.providerCents).toBeGreaterThanOrEqual(0);
    });

    it("lists a payment just made among the account's payments of the range, and not in a range before it", async () => {
      const before = new Date(Date.now() - 60_000);
      const payment = await h.provider.createPixCharge(pixInput());
      const after = new Date(Date.now() + 60_000);

      const listed = await h.provider.listPayments({ from: before, to: after });
      const found = listed.find((p) => p.id === payment.id);
      expect(found).toMatchObject({
        status: "pending",
        amountCents: payment.amountCents,
        externalReference: payment.externalReference,
      });
      expect(new Set(listed.map((p) => p.id)).size).toBe(listed.length);

      const earlier = await h.provider.listPayments({
        from: new Date(before.getTime() - 60 * 60_000),
        to: before,
      });
      expect(earlier.map((p) => p.id)).not.toContain(payment.id);
    });

    it("keeps an account's payments from another account: not found, not listed, not refundable there", async (ctx) => {
      const other = h.otherAccount;
      if (!other) return ctx.skip("the harness gives no second account");
      const before = new Date(Date.now() - 60_000);
      const payment = await h.provider.createPixCharge(pixInput());
      await h.settle(payment.id, "approve");

      expect(await thrown(other.getPayment(payment.id), ProviderError)).toMatchObject({
        status: 404,
        retryable: false,
      });
      const refused = await thrown(other.refund(payment.id, { idempotencyKey: randomUUID() }), ProviderError);
      expect(refused).toMatchObject({ status: 404, retryable: false });
      const listed = await other.listPayments({ from: before, to: new Date(Date.now() + 60_000) });
      expect(listed.map((p) => p.id)).not.toContain(payment.id);
      expect((await h.provider.getPayment(payment.id)).status).toBe("approved");
    });

    it("answers an unknown payment id with a final 404", async () => {
      const error = await thrown(h.provider.getPayment("999999999999"), ProviderError);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ status: 404, retryable: false });
    });
  });
}
