import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database-handle.server";
import type { Part } from "~/platform/db/prepared";
import { disputes, receivables, walletMovements } from "~/platform/db/schema";
import { SALE_PARTS, type SalePart, saleMoneyOf } from "./sale-money.server";
import { type Posting, post } from "./wallet-ledger.server";

// A paid sale's dispute in the ledger (ADR 0061). One row per payment, moved under the order's lock by
// applyPayment: opened holds the sale's net ('Em disputa'), won gives it back, lost reverses the sale as
// the provider settles it. Replays and late events change nothing: only 'opened' moves on, each movement's
// reference names the dispute and its step, and a 'won' with no open dispute is ignored.

/** What the provider now says of a paid charge: a dispute state, or 'clear' (paid, no dispute reported). */
export type DisputeNews =
  | { state: "opened" | "won" | "lost"; takenCents: number | null }
  | { state: "clear" };

export type DisputeSale = { orderId: string; organizationId: string; paymentId: string };

/** What changed: 'opened', 'won', 'lost', or null when the news moved nothing. */
export type DisputeStep = "opened" | "won" | "lost" | null;

export async function applyDispute(
  tx: Tx,
  sale: DisputeSale,
  news: DisputeNews,
  now: Date,
): Promise<DisputeStep> {
  const [current] = await tx
    .select()
    .from(disputes)
    .where(eq(disputes.paymentId, sale.paymentId))
    .for("update");
  if (current && current.status !== "opened") return null;
  if (news.state === "opened") return current ? null : (await openDispute(tx, sale, now)) ? "opened" : null;
  if (!current) {
    // A loss told before its opening: the provider took the money, so it is held and lost at once.
    if (news.state !== "lost") return null;
    const opened = await openDispute(tx, sale, now);
    if (!opened) return null;
    await loseDispute(tx, opened, news.takenCents, now);
    return "lost";
  }
  if (news.state === "lost") {
    await loseDispute(tx, current, news.takenCents, now);
    return "lost";
  }
  // Won, or the charge back to plain paid (Mercado Pago's in_mediation → approved).
  await winDispute(tx, current, now);
  return "won";
}

type DisputeRow = typeof disputes.$inferSelect;

async function saleLines(tx: Tx, orderId: string) {
  return tx.select().from(walletMovements).where(eq(walletMovements.orderId, orderId));
}

/** The card money the provider has not released yet, locked: held where it is (its release waits). */
async function unreleased(tx: Tx, orderId: string) {
  const [r] = await tx
    .select({ id: receivables.id })
    .from(receivables)
    .where(
      and(eq(receivables.orderId, orderId), isNull(receivables.settledAt), isNull(receivables.cancelledAt)),
    )
    .for("update");
  return r ?? null;
}

async function openDispute(tx: Tx, sale: DisputeSale, now: Date): Promise<DisputeRow | null> {
  const lines = await saleLines(tx, sale.orderId);
  const first = lines[0];
  if (!first) return null;
  const heldFrom = (await unreleased(tx, sale.orderId)) ? "pending" : "available";
  const net = saleMoneyOf(lines.map((l) => ({ kind: l.kind, cents: l.amountCents }))).netCents;
  const heldCents = Math.max(0, net);
  const [row] = await tx
    .insert(disputes)
    .values({
      organizationId: sale.organizationId,
      orderId: sale.orderId,
      paymentId: sale.paymentId,
      walletId: first.walletId,
      status: "opened",
      heldFrom,
      heldCents,
      openedAt: now,
    })
    .returning();
  if (!row) return null;
  // Held out of available even below zero: money the host already took out leaves the balance negative.
  if (heldFrom === "available" && heldCents > 0) {
    await post(tx, sale.organizationId, first.walletId, [
      holdLine(row, "available", -heldCents, "hold-out"),
      holdLine(row, "disputed", heldCents, "hold-in"),
    ]);
  }
  return row;
}

function holdLine(row: DisputeRow, bucket: "available" | "disputed", amountCents: number, step: string) {
  return {
    kind: "dispute" as const,
    bucket,
    amountCents,
    reference: `dispute:${row.id}:${step}`,
    orderId: row.orderId,
  };
}

/** The held money back where it came from. */
function releaseLines(row: DisputeRow): Posting[] {
  if (row.heldFrom !== "available" || row.heldCents === 0) return [];
  return [
    holdLine(row, "disputed", -row.heldCents, "release-out"),
    holdLine(row, "available", row.heldCents, "release-in"),
  ];
}

async function winDispute(tx: Tx, row: DisputeRow, now: Date) {
  await tx.update(disputes).set({ status: "won", closedAt: now }).where(eq(disputes.id, row.id));
  await post(tx, row.organizationId, row.walletId, releaseLines(row));
}

/**
 * The sale reversed as the provider settles it: every part given back (Estadia's fee and the provider's
 * with the sale), and when the provider took back another amount than the sale's net, the difference on
 * the provider's fee line. Unreleased card money comes out of 'to receive' and is never released.
 */
async function loseDispute(tx: Tx, row: DisputeRow, takenCents: number | null, now: Date) {
  const lines = await saleLines(tx, row.orderId);
  const byPart = (part: SalePart) =>
    lines
      .filter((l) => l.kind === part || (l.kind === "refund" && l.refundOf === part))
      .reduce((total, l) => total + l.amountCents, 0);
  const net = SALE_PARTS.reduce((total, part) => total + byPart(part), 0);
  const taken = takenCents ?? net;
  let bucket: "available" | "pending" = "available";
  if (row.heldFrom === "pending") {
    const receivable = await unreleased(tx, row.orderId);
    if (receivable) {
      await tx.update(receivables).set({ cancelledAt: now }).where(eq(receivables.id, receivable.id));
      bucket = "pending";
    }
  }
  const postings: Posting[] = [...releaseLines(row)];
  for (const part of SALE_PARTS) {
    const amountCents = -byPart(part);
    if (amountCents !== 0)
      postings.push({
        kind: "refund",
        refundOf: part,
        bucket,
        amountCents,
        reference: `dispute:${row.id}:lost-${part}`,
        orderId: row.orderId,
      });
  }
  if (taken !== net)
    postings.push({
      kind: "refund",
      refundOf: "fee",
      bucket: "available",
      amountCents: net - taken,
      reference: `dispute:${row.id}:lost-difference`,
      orderId: row.orderId,
    });
  await tx
    .update(disputes)
    .set({ status: "lost", takenCents: taken, closedAt: now })
    .where(eq(disputes.id, row.id));
  await post(tx, row.organizationId, row.walletId, postings);
}

/** Whether an order's sale is held by an open dispute (its card money is then not released). */
export async function isDisputed(tx: Tx, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.orderId, orderId), eq(disputes.status, "opened")));
  return Boolean(row);
}

/** What the dashboard tells the owner of disputes: the money held, and the wallets' balance below zero. */
export type DisputeNotice = { disputedCents: number; negativeCents: number };

/** The organization's disputed and below-zero money, as a part of the dashboard's one read. */
export function disputeNoticePart(): Part<
  { disputed: string | number; negative: string | number },
  DisputeNotice
> {
  return {
    // Qualified by hand: inside the organization's one-row select, a bare column would name the wrong table.
    columns: () => ({
      disputed: sql<string>`(select coalesce(sum(w.disputed_cents), 0)::bigint from wallets w
        where w.organization_id = "organization"."id")`,
      negative: sql<string>`(select coalesce(sum(least(w.available_cents, 0)), 0)::bigint from wallets w
        where w.organization_id = "organization"."id")`,
    }),
    result: (row) => ({
      disputedCents: Number(row?.disputed ?? 0),
      negativeCents: Number(row?.negative ?? 0),
    }),
  };
}
