import { and, eq, sql } from "drizzle-orm";
import { withdrawals } from "~/platform/db/schema";
import type { PaymentsContext } from "~/platform/payments/payments-context";

// Asaas's one event that is a question, not a notice (those take the one webhook path, webhook-inbox): may
// this transfer leave the sub-account?

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
