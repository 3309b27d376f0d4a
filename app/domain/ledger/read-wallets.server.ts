import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import {
  orders,
  payoutKeys,
  properties,
  receivables,
  walletMovements,
  wallets,
  withdrawals,
} from "~/platform/db/schema";
import type { PixKeyType } from "~/platform/payouts/payout-provider";
import { AppError } from "../errors";
import { isOrderStatus, ORDER_STATUS_LABEL } from "../orders/order-status";
import { type Actor, assertCan } from "../team/permissions";
import { MONEY_TEXT as T } from "./messages";

export type WalletCard = {
  id: string;
  propertyName: string;
  propertyArchived: boolean;
  availableCents: number;
  /** Card sales not released yet. */
  pendingCents: number;
  /** Withdrawals on their way to the PIX key. */
  reservedCents: number;
  withdrawnCents: number;
};

/** The organization's wallets, one per property that has sold something, by property name. */
export async function listWallets(db: Db, actor: Actor): Promise<WalletCard[]> {
  assertCan(actor, "wallet.read");
  const rows = await db
    .select({
      id: wallets.id,
      propertyName: properties.name,
      archivedAt: properties.archivedAt,
      availableCents: wallets.availableCents,
      pendingCents: wallets.pendingCents,
      reservedCents: wallets.reservedCents,
      withdrawnCents: wallets.withdrawnCents,
    })
    .from(wallets)
    .innerJoin(properties, eq(properties.id, wallets.propertyId))
    .where(eq(wallets.organizationId, actor.organizationId))
    .orderBy(asc(properties.name));
  return rows.map(({ archivedAt, ...w }) => ({ ...w, propertyArchived: archivedAt !== null }));
}

/** One wallet of the organization, or not_found (also for another organization's id). */
export async function getWallet(db: Db, actor: Actor, walletId: unknown): Promise<WalletCard> {
  assertCan(actor, "wallet.read");
  if (!isUuid(walletId)) throw new AppError("not_found", T.walletNotFound);
  const all = await listWallets(db, actor);
  const wallet = all.find((w) => w.id === walletId);
  if (!wallet) throw new AppError("not_found", T.walletNotFound);
  return wallet;
}

/** The organization's remembered PIX key for withdrawals. */
export async function savedPayoutKey(
  db: Db,
  actor: Actor,
): Promise<{ type: PixKeyType; key: string } | null> {
  assertCan(actor, "wallet.read");
  const [row] = await db.select().from(payoutKeys).where(eq(payoutKeys.organizationId, actor.organizationId));
  return row ? { type: row.pixKeyType as PixKeyType, key: row.pixKey } : null;
}

/** Spec part 2 §4: Venda, Saque, Recebível; and what the spec does not show: refunds and returned withdrawals. */
export type StatementType = "Venda" | "Saque" | "Recebível" | "Reembolso" | "Saque devolvido";

export type StatementRow = {
  key: string;
  type: StatementType;
  at: Date;
  amountCents: number;
  status: string;
  /** The order, receivable or withdrawal the row is about (its first 8 characters are shown). */
  reference: string;
};

const WITHDRAWAL_STATUS: Record<string, string> = {
  processing: "Em processamento",
  paid: "Pago",
  failed: "Falhou",
};

/**
 * The wallet's statement: every change of its available money, newest first, one row per business event
 * (a PIX sale net of its fee, a card sale's release, a withdrawal and its fee, a refund, a failed
 * withdrawal's return). Card sales waiting to be released are in `receivablesOf`.
 */
export async function walletStatement(db: Db, actor: Actor, walletId: unknown): Promise<StatementRow[]> {
  const wallet = await getWallet(db, actor, walletId);
  const movements = await db
    .select({
      kind: walletMovements.kind,
      amountCents: walletMovements.amountCents,
      createdAt: walletMovements.createdAt,
      orderId: walletMovements.orderId,
      receivableId: walletMovements.receivableId,
      withdrawalId: walletMovements.withdrawalId,
    })
    .from(walletMovements)
    .where(and(eq(walletMovements.walletId, wallet.id), eq(walletMovements.bucket, "available")))
    .orderBy(asc(walletMovements.createdAt));
  const rows = new Map<string, StatementRow>();
  for (const m of movements) {
    const [type, reference]: [StatementType, string] =
      m.kind === "settlement"
        ? ["Recebível", m.receivableId ?? ""]
        : m.kind === "refund"
          ? ["Reembolso", m.orderId ?? ""]
          : m.kind === "withdrawal_return"
            ? ["Saque devolvido", m.withdrawalId ?? ""]
            : m.withdrawalId
              ? ["Saque", m.withdrawalId]
              : ["Venda", m.orderId ?? ""];
    const key = `${type}:${reference}`;
    const row = rows.get(key);
    if (row) row.amountCents += m.amountCents;
    else rows.set(key, { key, type, at: m.createdAt, amountCents: m.amountCents, status: "", reference });
  }
  await fillStatuses(db, [...rows.values()]);
  return [...rows.values()].sort((a, b) => b.at.getTime() - a.at.getTime());
}

async function fillStatuses(db: Db, rows: StatementRow[]) {
  const ids = (type: StatementType) =>
    rows
      .filter((r) => r.type === type)
      .map((r) => r.reference)
      .filter(isUuid);
  const orderIds = [...ids("Venda"), ...ids("Reembolso")];
  const withdrawalIds = [...ids("Saque"), ...ids("Saque devolvido")];
  const orderStatus = new Map(
    orderIds.length
      ? (
          await db
            .select({ id: orders.id, status: orders.status })
            .from(orders)
            .where(inArray(orders.id, orderIds))
        ).map((o) => [o.id, isOrderStatus(o.status) ? ORDER_STATUS_LABEL[o.status].label : o.status])
      : [],
  );
  const withdrawalStatus = new Map(
    withdrawalIds.length
      ? (
          await db
            .select({ id: withdrawals.id, status: withdrawals.status })
            .from(withdrawals)
            .where(inArray(withdrawals.id, withdrawalIds))
        ).map((w) => [w.id, WITHDRAWAL_STATUS[w.status] ?? w.status])
      : [],
  );
  for (const row of rows) {
    if (row.type === "Venda") row.status = orderStatus.get(row.reference) ?? "";
    else if (row.type === "Reembolso") row.status = "Estornado";
    else if (row.type === "Recebível") row.status = "Liquidado";
    else if (row.type === "Saque") row.status = withdrawalStatus.get(row.reference) ?? "";
    else row.status = "Devolvido ao saldo";
  }
}

export type ReceivableRow = {
  id: string;
  orderId: string;
  amountCents: number;
  forecastAt: Date;
  settledAt: Date | null;
  cancelled: boolean;
};

/** The wallet's card sales and when their money is (or was) released. */
export async function receivablesOf(db: Db, actor: Actor, walletId: unknown): Promise<ReceivableRow[]> {
  const wallet = await getWallet(db, actor, walletId);
  const rows = await db
    .select()
    .from(receivables)
    .where(eq(receivables.walletId, wallet.id))
    .orderBy(desc(receivables.settlementForecastAt));
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    amountCents: r.amountCents,
    forecastAt: r.settlementForecastAt,
    settledAt: r.settledAt,
    cancelled: r.cancelledAt !== null,
  }));
}

/** The wallet's withdrawals, newest first (what the host asked for and where each stands). */
export async function withdrawalsOf(db: Db, actor: Actor, walletId: unknown) {
  const wallet = await getWallet(db, actor, walletId);
  return db
    .select({
      id: withdrawals.id,
      amountCents: withdrawals.amountCents,
      status: withdrawals.status,
      pixKeyType: withdrawals.pixKeyType,
      pixKey: withdrawals.pixKey,
      failureReason: withdrawals.failureReason,
      createdAt: withdrawals.createdAt,
    })
    .from(withdrawals)
    .where(eq(withdrawals.walletId, wallet.id))
    .orderBy(desc(withdrawals.createdAt))
    .limit(50);
}

/**
 * Whether the wallet's balance columns equal the sums of its movements, bucket by bucket: the ledger is
 * the truth, the columns a copy kept for guarded updates.
 */
export async function walletAgreesWithLedger(db: Db, walletId: string): Promise<boolean> {
  const [sums] = await db
    .select({
      available: sql<number>`coalesce(sum(${walletMovements.amountCents}) filter (where ${walletMovements.bucket} = 'available'), 0)::bigint`,
      pending: sql<number>`coalesce(sum(${walletMovements.amountCents}) filter (where ${walletMovements.bucket} = 'pending'), 0)::bigint`,
      reserved: sql<number>`coalesce(sum(${walletMovements.amountCents}) filter (where ${walletMovements.bucket} = 'reserved'), 0)::bigint`,
      withdrawn: sql<number>`coalesce(sum(${walletMovements.amountCents}) filter (where ${walletMovements.bucket} = 'withdrawn'), 0)::bigint`,
    })
    .from(walletMovements)
    .where(eq(walletMovements.walletId, walletId));
  const [w] = await db.select().from(wallets).where(eq(wallets.id, walletId));
  return (
    !!w &&
    Number(sums?.available) === w.availableCents &&
    Number(sums?.pending) === w.pendingCents &&
    Number(sums?.reserved) === w.reservedCents &&
    Number(sums?.withdrawn) === w.withdrawnCents
  );
}
