import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "~/platform/db/database-handle.server";
import { receivables, walletMovements } from "~/platform/db/schema";
import { SALE_PARTS } from "./sale-money.server";
import { type Posting, post } from "./wallet-ledger.server";

/** How each part's refund line is named in its reference (the references posted before issue 45 keep these). */
const REFERENCE_SUFFIX = { sale: "refund", fee: "refund-fee", platform_fee: "refund-platform-fee" } as const;

/**
 * A refunded order's sale reversed in its wallet: the opposite of every part the sale posted, from where its
 * money is now, each refund line saying which part it gives back. An unreleased card receivable is cancelled.
 */
export async function reverseSale(tx: Tx, orderId: string, now: Date): Promise<void> {
  const sale = await tx.select().from(walletMovements).where(eq(walletMovements.orderId, orderId));
  const first = sale[0];
  if (!first) return;
  const [receivable] = await tx
    .update(receivables)
    .set({ cancelledAt: now })
    .where(
      and(eq(receivables.orderId, orderId), isNull(receivables.settledAt), isNull(receivables.cancelledAt)),
    )
    .returning({ id: receivables.id });
  // Unreleased card money comes out of 'to receive'; PIX or released money out of 'available'.
  const bucket = receivable ? "pending" : "available";
  // A full refund gives the guest the gross; the provider's fee and Estadia's split come back with it.
  const postings: Posting[] = SALE_PARTS.flatMap((part) => {
    const amountCents = -sale.filter((m) => m.kind === part).reduce((total, m) => total + m.amountCents, 0);
    if (amountCents === 0) return [];
    const reference = `order:${orderId}:${REFERENCE_SUFFIX[part]}`;
    return [{ kind: "refund", refundOf: part, bucket, amountCents, reference, orderId }];
  });
  await post(tx, first.organizationId, first.walletId, postings);
}
