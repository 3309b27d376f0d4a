import { and, eq, sql } from "drizzle-orm";
import { paymentEvents, withdrawals } from "~/platform/db/schema";
import type { AsaasWebhookEvent as AsaasEvent } from "~/platform/payments/asaas-accounts.server";
import { ProviderError } from "~/platform/payments/provider";
import { PayoutError } from "~/platform/payouts/payout-provider";
import { recheckTransfer } from "../ledger/withdrawals.server";
import { recheckCharge } from "../payments/at-provider.server";
import { recordEvent } from "../payments/payment-events.server";
import type { PaymentsContext } from "../payments/payments-context";
import type { AccountRow } from "./accounts.server";

export type AsaasEventOutcome = "duplicate" | "applied" | "ignored" | "deferred";

/**
 * A notification on an Asaas sub-account's own URL (its token already checked): stored once, then only a
 * hint: a payment or a transfer is fetched with that account's key and applied. Every event, known or not,
 * is answered 200 by the route: Asaas counts anything else as a failure and pauses the queue after 15.
 */
export async function handleAsaasEvent(
  ctx: PaymentsContext,
  account: AccountRow,
  event: AsaasEvent,
  body: string,
): Promise<AsaasEventOutcome> {
  const topic = event.paymentId ? "payment" : event.transferId ? "transfer" : event.event;
  const stored = await recordEvent(ctx.db, {
    provider: "asaas",
    eventId: event.eventId,
    topic,
    subjectId: event.paymentId ?? event.transferId ?? "",
    body,
  });
  if (!stored) return "duplicate";
  let outcome: AsaasEventOutcome = "ignored";
  try {
    if (event.paymentId) {
      const ref = { provider: "asaas", providerPaymentId: event.paymentId, paymentAccountId: account.id };
      outcome = (await recheckCharge(ctx, ref)) ? "applied" : "ignored";
    } else if (event.transferId) {
      outcome = (await recheckTransfer(ctx, "asaas", event.transferId)) ? "applied" : "ignored";
    }
  } catch (err) {
    if (!(err instanceof ProviderError) && !(err instanceof PayoutError)) throw err;
    // The sweeps ask Asaas again about every payment and transfer still open.
    ctx.log.warn({ err, event: event.event }, "Asaas event not applied");
    return "deferred";
  }
  await ctx.db
    .update(paymentEvents)
    .set({ processedAt: ctx.now(), organizationId: account.organizationId })
    .where(eq(paymentEvents.id, stored));
  return outcome;
}

export type TransferToValidate = {
  transferId: string;
  valueCents: number;
  pixKey: string | null;
  externalReference: string | null;
};

/**
 * Asaas asks before each transfer leaves a sub-account: approved only when it is a withdrawal Estadia asked
 * for and is still waiting (by our id sent as its reference, or its transfer id), for the same amount, to
 * the same key. Anything else — a transfer someone made with a leaked key, a changed amount — is refused.
 */
export async function validateAsaasTransfer(
  ctx: PaymentsContext,
  transfer: TransferToValidate,
): Promise<{ approve: true } | { approve: false; reason: string }> {
  const [w] = await ctx.db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.provider, "asaas"),
        transfer.externalReference
          ? sql`(${withdrawals.id}::text = ${transfer.externalReference} or ${withdrawals.providerTransferId} = ${transfer.transferId})`
          : eq(withdrawals.providerTransferId, transfer.transferId),
      ),
    );
  const refuse = (reason: string) => {
    ctx.log.warn({ transferId: transfer.transferId, reason }, "Asaas transfer refused");
    return { approve: false as const, reason };
  };
  if (!w) return refuse("Transferência não solicitada pelo Estadia.");
  if (w.status !== "processing") return refuse("Este saque não está aguardando transferência.");
  if (w.providerTransferId && w.providerTransferId !== transfer.transferId)
    return refuse("Outra transferência já atende este saque.");
  if (w.amountCents !== transfer.valueCents) return refuse("Valor diferente do saque solicitado.");
  if (transfer.pixKey && digitsOrText(transfer.pixKey) !== digitsOrText(w.pixKey))
    return refuse("Chave Pix diferente da do saque solicitado.");
  return { approve: true };
}

/** Keys compared as Asaas may write them: CPF, CNPJ and phone by their digits (without +55), others as text. */
function digitsOrText(key: string): string {
  const digits = key.replace(/\D/g, "");
  if (/^[\d\s().+/-]+$/.test(key))
    return digits.startsWith("55") && digits.length >= 12 ? digits.slice(2) : digits;
  return key.trim().toLowerCase();
}
