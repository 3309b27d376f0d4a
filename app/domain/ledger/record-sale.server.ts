import type { Tx } from "~/platform/db/database-handle.server";
import { receivables } from "~/platform/db/schema";
import { feeOf, post, walletForProperty } from "./wallet-ledger.server";

export type SaleToRecord = {
  orderId: string;
  organizationId: string;
  propertyId: string;
  method: "pix" | "credit_card";
  totalCents: number;
  paidAt: Date;
};

/**
 * Records a paid order in its property's wallet: the gross amount in, the provider's fee out. A PIX sale is
 * available at once; a card sale waits as a receivable until its forecast date (settled by a job).
 */
export async function recordSale(
  tx: Tx,
  sale: SaleToRecord,
  config: { processingFeeBps: number; cardSettlementDays: number },
): Promise<void> {
  const wallet = await walletForProperty(tx, sale, config.processingFeeBps);
  const fee = feeOf(sale.totalCents, wallet.processingFeeBps);
  const ref = `order:${sale.orderId}`;
  if (sale.method === "pix") {
    await post(tx, sale.organizationId, wallet.id, [
      {
        kind: "sale",
        bucket: "available",
        amountCents: sale.totalCents,
        reference: `${ref}:sale`,
        orderId: sale.orderId,
      },
      ...(fee > 0
        ? [
            {
              kind: "fee" as const,
              bucket: "available" as const,
              amountCents: -fee,
              reference: `${ref}:fee`,
              orderId: sale.orderId,
            },
          ]
        : []),
    ]);
    return;
  }
  const [receivable] = await tx
    .insert(receivables)
    .values({
      organizationId: sale.organizationId,
      walletId: wallet.id,
      orderId: sale.orderId,
      amountCents: sale.totalCents - fee,
      settlementForecastAt: new Date(sale.paidAt.getTime() + config.cardSettlementDays * 86_400_000),
    })
    .returning({ id: receivables.id });
  await post(tx, sale.organizationId, wallet.id, [
    {
      kind: "sale",
      bucket: "pending",
      amountCents: sale.totalCents,
      reference: `${ref}:sale`,
      orderId: sale.orderId,
      receivableId: receivable?.id,
    },
    ...(fee > 0
      ? [
          {
            kind: "fee" as const,
            bucket: "pending" as const,
            amountCents: -fee,
            reference: `${ref}:fee`,
            orderId: sale.orderId,
            receivableId: receivable?.id,
          },
        ]
      : []),
  ]);
}
