import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PayoutError,
  type PayoutProvider,
  type PixKeyType,
  type TransferInput,
} from "~/platform/payouts/payout-provider";
import { thrown } from "./thrown";

// What every payout provider must do, as a caller sees it. Each implementation (the sandbox, the Asaas adapter
// against a fake or a real sandbox account) runs this same suite through a harness.

export type PayoutHarness = {
  payouts: PayoutProvider;
  /**
   * The provider finishing a pending transfer: the money reached the key, or it did not (after whatever
   * the provider needs first, such as Estadia's approval of the transfer).
   */
  settle(transferId: string, outcome: "done" | "failed"): Promise<void>;
  close(): Promise<void>;
};

/** Valid keys of each type, normalized as TransferInput documents them. */
export const TEST_PIX_KEYS: Record<PixKeyType, string> = {
  cpf: "52998224725",
  cnpj: "11222333000181",
  email: "anfitria.teste@estadia.com.br",
  phone: "5511987654321",
  evp: "0f8fad5b-d9cb-469f-a165-70867728950e",
};

// Each transfer of a run gets its own amount: some providers (Asaas) refuse, as a duplicate, a transfer of the
// same value to the same key made a few minutes before another. They start above R$ 1.000, leaving smaller
// amounts free for a provider's own tests.
let lastAmountCents = randomInt(100_000, 500_000);
function nextAmountCents(): number {
  lastAmountCents += randomInt(1, 97);
  return lastAmountCents;
}

export function transferInput(overrides: Partial<TransferInput> = {}): TransferInput {
  const withdrawalId = overrides.withdrawalId ?? `wd-${randomUUID()}`;
  return {
    withdrawalId,
    amountCents: nextAmountCents(),
    pixKey: TEST_PIX_KEYS.cpf,
    pixKeyType: "cpf",
    description: "Estadia: saque do anfitrião",
    idempotencyKey: `payout-${withdrawalId}`,
    ...overrides,
  };
}

export function payoutContract(label: string, setup: () => Promise<PayoutHarness>): void {
  describe(label, () => {
    let h: PayoutHarness;

    beforeAll(async () => {
      h = await setup();
    });

    afterAll(async () => {
      await h?.close();
    });

    it("creates a pending transfer to each PIX key type, for the amount, with our withdrawal id as reference", async () => {
      for (const pixKeyType of Object.keys(TEST_PIX_KEYS) as PixKeyType[]) {
        const input = transferInput({ pixKeyType, pixKey: TEST_PIX_KEYS[pixKeyType] });
        const transfer = await h.payouts.createTransfer(input);

        // The key type rides along so a failure says which one.
        expect({ pixKeyType, ...transfer }).toEqual({
          pixKeyType,
          id: expect.stringMatching(/\S/),
          status: "pending",
          amountCents: input.amountCents,
          externalReference: input.withdrawalId,
          failureReason: null,
        });
        expect(await h.payouts.getTransfer(transfer.id)).toEqual(transfer);
      }
    });

    it("follows the provider: a transfer settled done is done, one that failed is failed and says why", async () => {
      const paid = await h.payouts.createTransfer(transferInput());
      await h.settle(paid.id, "done");
      const done = await h.payouts.getTransfer(paid.id);
      expect(done).toMatchObject({
        id: paid.id,
        status: "done",
        amountCents: paid.amountCents,
        externalReference: paid.externalReference,
        failureReason: null,
      });

      const refused = await h.payouts.createTransfer(
        transferInput({ pixKeyType: "email", pixKey: TEST_PIX_KEYS.email }),
      );
      await h.settle(refused.id, "failed");
      const failed = await h.payouts.getTransfer(refused.id);
      expect(failed).toMatchObject({
        id: refused.id,
        status: "failed",
        amountCents: refused.amountCents,
        externalReference: refused.externalReference,
      });
      expect(failed.failureReason).toMatch(/\S/);
    });

    it("gives back the same transfer, not a second one, for the same withdrawal and idempotency key", async () => {
      const input = transferInput();
      const first = await h.payouts.createTransfer(input);
      const again = await h.payouts.createTransfer(input);

      expect(again.id).toBe(first.id);
      expect(again).toMatchObject({ amountCents: input.amountCents, externalReference: input.withdrawalId });

      // Still the one transfer once the provider has settled it: a late retry does not pay again.
      await h.settle(first.id, "done");
      const late = await h.payouts.createTransfer(input);
      expect(late).toMatchObject({ id: first.id, status: "done" });
    });

    it("answers an unknown transfer id with a final 404", async () => {
      const error = await thrown(h.payouts.getTransfer(randomUUID()), PayoutError);
      expect(error).toBeInstanceOf(PayoutError);
      expect(error).toMatchObject({ status: 404, retryable: false });
    });
  });
}
