import { and, eq, gte, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database-handle.server";
import { walletMovements, wallets } from "~/platform/db/schema";
import type { SalePart } from "./sale-money.server";
import { addPostingsToSalesSummary } from "./sales-summary.server";

// The host's money ledger: append-only movements, each into one bucket of one wallet, and the wallet's
// balance columns moved by the same amounts in the same transaction. A movement's reference is unique,
// so a business event (a sale, a settlement, a withdrawal) is posted once whatever retries happen.

export type Bucket = "available" | "pending" | "reserved" | "withdrawn" | "disputed";
export type MovementKind =
  | "sale"
  | "fee"
  | "platform_fee"
  | "settlement"
  | "withdrawal"
  | "withdrawal_fee"
  | "withdrawal_return"
  | "refund"
  /** A disputed sale's net held ('available' → 'disputed') or released (ADR 0061). */
  | "dispute";

export type Posting = {
  kind: MovementKind;
  bucket: Bucket;
  amountCents: number;
  reference: string;
  /** A refund's line: the part of the sale it gives back (required for, and only for, a refund). */
  refundOf?: SalePart;
  orderId?: string;
  receivableId?: string;
  withdrawalId?: string;
};

const COLUMN = {
  available: wallets.availableCents,
  pending: wallets.pendingCents,
  reserved: wallets.reservedCents,
  withdrawn: wallets.withdrawnCents,
  disputed: wallets.disputedCents,
} as const;

const FIELD = {
  available: "availableCents",
  pending: "pendingCents",
  reserved: "reservedCents",
  withdrawn: "withdrawnCents",
  disputed: "disputedCents",
} as const;

/** The property's wallet, created on its first movement with the configured fee; locked for this transaction. */
export async function walletForProperty(
  tx: Tx,
  property: { organizationId: string; propertyId: string },
  processingFeeBps: number,
): Promise<{ id: string; processingFeeBps: number }> {
  await tx
    .insert(wallets)
    .values({ organizationId: property.organizationId, propertyId: property.propertyId, processingFeeBps })
    .onConflictDoNothing({ target: wallets.propertyId });
  const [wallet] = await tx
    .select({ id: wallets.id, processingFeeBps: wallets.processingFeeBps })
    .from(wallets)
    .where(
      and(eq(wallets.propertyId, property.propertyId), eq(wallets.organizationId, property.organizationId)),
    )
    .for("update");
  if (!wallet) throw new Error("wallet missing after upsert");
  return wallet;
}

/** Appends the postings and moves the wallet's balances by them (one update). */
export async function post(
  tx: Tx,
  organizationId: string,
  walletId: string,
  postings: Posting[],
): Promise<void> {
  if (postings.length === 0) return;
  await appendMovements(tx, organizationId, walletId, postings);
  await tx.update(wallets).set(balanceChanges(postings)).where(eq(wallets.id, walletId));
  await addPostingsToSalesSummary(tx, organizationId, postings);
}

/**
 * The same, only if the wallet's available balance covers `needs` (one guarded update: concurrent callers
 * can never take it below that). False, and nothing written, when it does not.
 */
export async function postIfAvailable(
  tx: Tx,
  organizationId: string,
  walletId: string,
  postings: Posting[],
  needs: number,
): Promise<boolean> {
  const [moved] = await tx
    .update(wallets)
    .set(balanceChanges(postings))
    .where(and(eq(wallets.id, walletId), gte(wallets.availableCents, needs)))
    .returning({ id: wallets.id });
  if (!moved) return false;
  await appendMovements(tx, organizationId, walletId, postings);
  await addPostingsToSalesSummary(tx, organizationId, postings);
  return true;
}

async function appendMovements(tx: Tx, organizationId: string, walletId: string, postings: Posting[]) {
  await tx.insert(walletMovements).values(
    postings.map((p) => ({
      organizationId,
      walletId,
      kind: p.kind,
      bucket: p.bucket,
      amountCents: p.amountCents,
      reference: p.reference,
      refundOf: p.refundOf ?? null,
      orderId: p.orderId ?? null,
      receivableId: p.receivableId ?? null,
      withdrawalId: p.withdrawalId ?? null,
    })),
  );
}

function balanceChanges(postings: Posting[]): Record<string, unknown> {
  const delta: Partial<Record<Bucket, number>> = {};
  for (const p of postings) delta[p.bucket] = (delta[p.bucket] ?? 0) + p.amountCents;
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  for (const [bucket, amount] of Object.entries(delta) as [Bucket, number][]) {
    set[FIELD[bucket]] = sql`${COLUMN[bucket]} + ${amount}::bigint`;
  }
  return set;
}
