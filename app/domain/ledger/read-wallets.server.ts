import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { isOrderStatus, ORDER_STATUS_LABEL } from "~/lib/order-status";
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
import { liveAccount } from "../payment-accounts/accounts.server";
import { type Actor, assertCan } from "../team/permissions";
import { MONEY_TEXT as T, WITHDRAWAL_STATUS_LABEL, type WithdrawalStatus } from "./messages";
import { addToParts, SALE_PARTS, type SalePartsMoney } from "./sale-money.server";

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
  /** Sales 'Em disputa': held while the provider holds them (ADR 0061). */
  disputedCents: number;
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
      disputedCents: wallets.disputedCents,
    })
    .from(wallets)
    .innerJoin(properties, eq(properties.id, wallets.propertyId))
    .where(eq(wallets.organizationId, actor.organizationId))
    .orderBy(asc(properties.name));
  return rows.map(({ archivedAt, ...w }) => ({ ...w, propertyArchived: archivedAt !== null }));
}

/** The sum of the wallets' balances, bucket by bucket (the figures on top of /withdrawals). */
export function walletsTotal(cards: WalletCard[]) {
  const total = { availableCents: 0, pendingCents: 0, reservedCents: 0, withdrawnCents: 0, disputedCents: 0 };
  for (const w of cards) {
    total.disputedCents += w.disputedCents;
    total.availableCents += w.availableCents;
    total.pendingCents += w.pendingCents;
    total.reservedCents += w.reservedCents;
    total.withdrawnCents += w.withdrawnCents;
  }
  return total;
}

/**
 * Where the organization's host takes money out: here (Asaas, sandbox: 'Solicitar saque'), at Mercado Pago
 * (the money is in the host's own account there), or nowhere yet (no active account). Mercado Pago wins
 * whatever its status: the money already there stays the host's.
 */
export type PayoutMode = "here" | "mercadopago" | "none";

export async function payoutMode(db: Db, actor: Actor): Promise<PayoutMode> {
  assertCan(actor, "wallet.read");
  const account = await liveAccount(db, actor.organizationId);
  if (account?.provider === "mercadopago") return "mercadopago";
  return account?.status === "active" ? "here" : "none";
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
export type StatementType =
  | "Venda"
  | "Saque"
  | "Recebível"
  | "Reembolso"
  | "Saque devolvido"
  | "Em disputa"
  | "Disputa encerrada"
  | "Estorno por contestação";

/** A sale's columns on the statement: fees positive when taken, negative when a refund gives them back. */
export type StatementMoney = SalePartsMoney;

export type StatementRow = {
  key: string;
  type: StatementType;
  at: Date;
  /** What the row added to (or took from) the available money; for a sale, its net. */
  amountCents: number;
  /** Sales, releases and refunds: amountCents = gross - provider fee - Estadia fee. Null for withdrawals. */
  money: StatementMoney | null;
  status: string;
  /** The order (sales, releases, refunds) or withdrawal the row is about (its first 8 characters are shown). */
  reference: string;
};

type Line = { kind: string; amountCents: number; refundOf: string | null };

/** Adds one ledger line to a row's columns (a refund's line in the part it gives back). */
const addLine = (money: StatementMoney, line: Line) =>
  addToParts(money, { kind: line.kind, cents: line.amountCents, refundOf: line.refundOf });

const noMoney = (): StatementMoney => ({ grossCents: 0, providerFeeCents: 0, platformFeeCents: 0 });

/**
 * The wallet's statement: every change of its available money, newest first, one row per business event:
 * a PIX sale (gross, fees, net), a card sale's release (the sale's gross and fees, the net released), a
 * refund, a withdrawal (with its fee), a failed withdrawal's return. Card sales waiting to be released are
 * in `receivablesOf`.
 */
export async function walletStatement(db: Db, actor: Actor, walletId: unknown): Promise<StatementRow[]> {
  const wallet = await getWallet(db, actor, walletId);
  const movements = await db
    .select({
      kind: walletMovements.kind,
      amountCents: walletMovements.amountCents,
      refundOf: walletMovements.refundOf,
      createdAt: walletMovements.createdAt,
      orderId: walletMovements.orderId,
      receivableId: walletMovements.receivableId,
      withdrawalId: walletMovements.withdrawalId,
      reference: walletMovements.reference,
    })
    .from(walletMovements)
    .where(and(eq(walletMovements.walletId, wallet.id), eq(walletMovements.bucket, "available")))
    .orderBy(asc(walletMovements.createdAt));
  const rows = new Map<string, StatementRow>();
  for (const m of movements) {
    const [type, key, reference]: [StatementType, string, string] =
      m.kind === "settlement"
        ? ["Recebível", m.receivableId ?? "", m.orderId ?? m.receivableId ?? ""]
        : m.kind === "dispute"
          ? [m.amountCents < 0 ? "Em disputa" : "Disputa encerrada", m.orderId ?? "", m.orderId ?? ""]
          : m.kind === "refund" && m.reference.startsWith("dispute:")
            ? ["Estorno por contestação", m.orderId ?? "", m.orderId ?? ""]
            : m.kind === "refund"
              ? ["Reembolso", m.orderId ?? "", m.orderId ?? ""]
              : m.kind === "withdrawal_return"
                ? ["Saque devolvido", m.withdrawalId ?? "", m.withdrawalId ?? ""]
                : m.withdrawalId
                  ? ["Saque", m.withdrawalId, m.withdrawalId]
                  : ["Venda", m.orderId ?? "", m.orderId ?? ""];
    const id = `${type}:${key}`;
    let row = rows.get(id);
    if (!row) {
      const money =
        type === "Venda" || type === "Reembolso" || type === "Estorno por contestação" ? noMoney() : null;
      row = { key: id, type, at: m.createdAt, amountCents: 0, money, status: "", reference };
      rows.set(id, row);
    }
    row.amountCents += m.amountCents;
    if (row.money) addLine(row.money, m);
  }
  const all = [...rows.values()];
  await fillReleases(db, wallet.id, all);
  await fillStatuses(db, all);
  return all.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** A release's columns are its card sale's, as they were posted to 'to receive'. */
async function fillReleases(db: Db, walletId: string, rows: StatementRow[]) {
  const releases = rows.filter((r) => r.type === "Recebível" && isUuid(r.reference));
  if (releases.length === 0) return;
  const lines = await db
    .select({
      orderId: walletMovements.orderId,
      kind: walletMovements.kind,
      amountCents: walletMovements.amountCents,
      refundOf: walletMovements.refundOf,
    })
    .from(walletMovements)
    .where(
      and(
        eq(walletMovements.walletId, walletId),
        eq(walletMovements.bucket, "pending"),
        inArray(walletMovements.kind, [...SALE_PARTS]),
        inArray(
          walletMovements.orderId,
          releases.map((r) => r.reference),
        ),
      ),
    );
  for (const row of releases) {
    row.money = noMoney();
    for (const line of lines) if (line.orderId === row.reference) addLine(row.money, line);
  }
}

async function fillStatuses(db: Db, rows: StatementRow[]) {
  const ids = (type: StatementType) =>
    rows
      .filter((r) => r.type === type)
      .map((r) => r.reference)
      .filter(isUuid);
  const orderIds = ids("Venda");
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
        ).map((w) => [w.id, withdrawalStatusLabel(w.status)])
      : [],
  );
  for (const row of rows) {
    if (row.type === "Venda") row.status = orderStatus.get(row.reference) ?? "";
    else if (row.type === "Reembolso") row.status = "Estornado";
    else if (row.type === "Em disputa") row.status = "Valor retido pelo provedor";
    else if (row.type === "Disputa encerrada") row.status = "Valor liberado";
    else if (row.type === "Estorno por contestação") row.status = "Estornada por contestação";
    else if (row.type === "Recebível") row.status = "Liquidado";
    else if (row.type === "Saque") row.status = withdrawalStatus.get(row.reference) ?? "";
    else row.status = "Devolvido ao saldo";
  }
}

const withdrawalStatusLabel = (status: string) =>
  WITHDRAWAL_STATUS_LABEL[status as WithdrawalStatus] ?? status;

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

export type WithdrawalRow = {
  id: string;
  walletId: string;
  propertyName: string;
  amountCents: number;
  status: WithdrawalStatus;
  failureReason: string | null;
  pixKeyType: PixKeyType;
  pixKey: string;
  createdAt: Date;
  /** When the provider paid it or said it failed. */
  closedAt: Date | null;
};

/** The organization's withdrawals, every property's, newest first (what the host asked for and where each stands). */
export async function listWithdrawals(db: Db, actor: Actor, limit = 50): Promise<WithdrawalRow[]> {
  assertCan(actor, "wallet.read");
  const rows = await db
    .select({
      id: withdrawals.id,
      walletId: withdrawals.walletId,
      propertyName: properties.name,
      amountCents: withdrawals.amountCents,
      status: withdrawals.status,
      failureReason: withdrawals.failureReason,
      pixKeyType: withdrawals.pixKeyType,
      pixKey: withdrawals.pixKey,
      createdAt: withdrawals.createdAt,
      paidAt: withdrawals.paidAt,
      failedAt: withdrawals.failedAt,
    })
    .from(withdrawals)
    .innerJoin(wallets, eq(wallets.id, withdrawals.walletId))
    .innerJoin(properties, eq(properties.id, wallets.propertyId))
    .where(eq(withdrawals.organizationId, actor.organizationId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit);
  return rows.map(({ paidAt, failedAt, ...w }) => ({
    ...w,
    status: w.status as WithdrawalStatus,
    pixKeyType: w.pixKeyType as PixKeyType,
    closedAt: paidAt ?? failedAt,
  }));
}

export type ReleaseRow = {
  id: string;
  orderId: string;
  propertyName: string;
  amountCents: number;
  /** The provider's release date when it said one (Mercado Pago's money_release_date), else our forecast. */
  releaseAt: Date;
};

/** Every property's card sales not released yet, soonest first. */
export async function receivablesToRelease(db: Db, actor: Actor, limit = 100): Promise<ReleaseRow[]> {
  assertCan(actor, "wallet.read");
  return db
    .select({
      id: receivables.id,
      orderId: receivables.orderId,
      propertyName: properties.name,
      amountCents: receivables.amountCents,
      releaseAt: receivables.settlementForecastAt,
    })
    .from(receivables)
    .innerJoin(wallets, eq(wallets.id, receivables.walletId))
    .innerJoin(properties, eq(properties.id, wallets.propertyId))
    .where(
      and(
        eq(receivables.organizationId, actor.organizationId),
        isNull(receivables.settledAt),
        isNull(receivables.cancelledAt),
      ),
    )
    .orderBy(asc(receivables.settlementForecastAt), asc(receivables.id))
    .limit(limit);
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
      disputed: sql<number>`coalesce(sum(${walletMovements.amountCents}) filter (where ${walletMovements.bucket} = 'disputed'), 0)::bigint`,
    })
    .from(walletMovements)
    .where(eq(walletMovements.walletId, walletId));
  const [w] = await db.select().from(wallets).where(eq(wallets.id, walletId));
  return (
    !!w &&
    Number(sums?.available) === w.availableCents &&
    Number(sums?.pending) === w.pendingCents &&
    Number(sums?.reserved) === w.reservedCents &&
    Number(sums?.withdrawn) === w.withdrawnCents &&
    Number(sums?.disputed) === w.disputedCents
  );
}
