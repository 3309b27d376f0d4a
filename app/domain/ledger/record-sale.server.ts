import type { Tx } from "~/platform/db/database-handle.server";
import { receivables } from "~/platform/db/schema";
import type { ProviderFees } from "~/platform/payments/provider";
import { type Posting, post, walletForProperty } from "./wallet-ledger.server";

export type SaleToRecord = {
  orderId: string;
  organizationId: string;
  propertyId: string;
  method: "pix" | "credit_card";
  totalCents: number;
  paidAt: Date;
  /** What the provider took: its own fee, and Estadia's (application_fee / split). */
  fees: ProviderFees;
  /** When the provider releases a card sale's money, if it says. */
  releaseAt: Date | null;
};

/**
 * Records a paid order in its property's wallet as the provider settled it: the gross in, the provider's fee
 * out, Estadia's fee out, so the net is what reaches the host's own account. A PIX sale is available at once;
 * a card sale waits as a receivable until the provider releases it (settled by a job).
 */
export async function recordSale(
  tx: Tx,
  sale: SaleToRecord,
  config: { processingFeeBps: number; cardSettlementDays: number },
): Promise<void> {
  const wallet = await walletForProperty(tx, sale, config.processingFeeBps);
  const ref = `order:${sale.orderId}`;
  const net = sale.totalCents - sale.fees.providerCents - sale.fees.platformCents;
  let receivableId: string | undefined;
  if (sale.method === "credit_card") {
    const [receivable] = await tx
      .insert(receivables)
      .values({
        organizationId: sale.organizationId,
        walletId: wallet.id,
        orderId: sale.orderId,
        amountCents: Math.max(0, net),
        settlementForecastAt:
          sale.releaseAt ?? new Date(sale.paidAt.getTime() + config.cardSettlementDays * 86_400_000),
      })
      .returning({ id: receivables.id });
    receivableId = receivable?.id;
  }
  const bucket = sale.method === "pix" ? "available" : "pending";
  const line = (kind: Posting["kind"], amountCents: number, suffix: string): Posting[] =>
    amountCents === 0
      ? []
      : [{ kind, bucket, amountCents, reference: `${ref}:${suffix}`, orderId: sale.orderId, receivableId }];
  await post(tx, sale.organizationId, wallet.id, [
    ...line("sale", sale.totalCents, "sale"),
    ...line("fee", -sale.fees.providerCents, "fee"),
    ...line("platform_fee", -sale.fees.platformCents, "platform-fee"),
  ]);
}
