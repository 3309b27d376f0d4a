import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { formatCents } from "~/lib/money";
import { isAmountText, priceInputToCents } from "~/lib/price-input";
import { isUuid } from "~/lib/uuid";
import type { Tx } from "~/platform/db/database-handle.server";
import { payoutKeys, properties, wallets, withdrawals } from "~/platform/db/schema";
import { withdrawalClosedEmail } from "~/platform/mail/templates.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { PayoutError, type PixKeyType, type ProviderTransfer } from "~/platform/payouts/payout-provider";
import { AppError } from "../errors";
import { notifyMembers } from "../notifications/notify.server";
import { asConnected, liveAccount, payoutsOfAccount } from "../payment-accounts/accounts.server";
import { type Actor, assertCan } from "../team/permissions";
import { MONEY_TEXT as T } from "./messages";
import { isPixKeyType, normalizePixKey } from "./pix-key";
import { type Posting, post, postIfAvailable } from "./wallet-ledger.server";

export type WithdrawalInput = {
  walletId: unknown;
  /** Typed the pt-BR way ("150,00"). */
  amount: unknown;
  pixKeyType: unknown;
  pixKey: unknown;
  /** Keep this key for the organization's next withdrawal. */
  remember: boolean;
  /** From the form (one per form shown): a double click or a retried post asks once. */
  requestKey: unknown;
};

export type CheckedWithdrawal = {
  walletId: string;
  amountCents: number;
  feeCents: number;
  pixKeyType: PixKeyType;
  pixKey: string;
};

/** The form's checks, without touching anything: what the confirmation step shows. */
export function checkWithdrawal(
  ctx: Pick<PaymentsContext, "config">,
  input: WithdrawalInput,
): CheckedWithdrawal {
  const fieldErrors: Record<string, string> = {};
  if (!isUuid(input.walletId)) throw new AppError("not_found", T.walletNotFound);
  const text = typeof input.amount === "string" ? input.amount.trim() : "";
  const amountCents = text && isAmountText(text) ? priceInputToCents(text) : 0;
  if (text && !isAmountText(text)) fieldErrors.amount = T.amountInvalid;
  else if (!text || amountCents <= 0) fieldErrors.amount = T.amountRequired;
  else if (amountCents < ctx.config.minWithdrawalCents)
    fieldErrors.amount = T.belowMinimum(ctx.config.minWithdrawalCents);
  else if (amountCents > 100_000_000) fieldErrors.amount = T.aboveAvailable(0);
  let pixKeyType: PixKeyType = "cpf";
  let pixKey = "";
  if (!isPixKeyType(input.pixKeyType)) fieldErrors.pixKeyType = T.keyTypeRequired;
  else {
    pixKeyType = input.pixKeyType;
    const key = normalizePixKey(
      pixKeyType,
      typeof input.pixKey === "string" ? input.pixKey.slice(0, 200) : "",
    );
    if (key.ok) pixKey = key.key;
    else fieldErrors.pixKey = key.message;
  }
  const first = Object.values(fieldErrors)[0];
  if (first) throw new AppError("invalid", first, fieldErrors);
  return {
    walletId: input.walletId,
    amountCents,
    feeCents: ctx.config.withdrawalFeeCents,
    pixKeyType,
    pixKey,
  };
}

/**
 * The owner asks for a wallet's available money to be sent to a PIX key. The amount (and the fee, if any)
 * leaves 'available' for 'reserved' in one guarded update, so concurrent requests can never overdraw;
 * then the payout provider is asked to transfer it. The money is 'withdrawn' when the provider says it was
 * done, and returns to 'available' when it failed.
 */
export async function requestWithdrawal(
  ctx: PaymentsContext,
  actor: Actor,
  input: WithdrawalInput,
): Promise<{ withdrawalId: string; status: string }> {
  assertCan(actor, "withdrawal.request");
  const checked = checkWithdrawal(ctx, input);
  const requestKey =
    typeof input.requestKey === "string" && isUuid(input.requestKey) ? input.requestKey : null;
  if (!requestKey) throw new AppError("invalid", "Formulário expirado: abra o saque de novo.");
  const now = ctx.now();
  const made = await ctx.db.transaction(async (tx) => {
    const account = await liveAccount(tx, actor.organizationId);
    if (account?.status !== "active") throw new AppError("conflict", T.noPayoutAccount);
    if (!ctx.providers.payouts(asConnected(account))) throw new AppError("conflict", T.withdrawAtProvider);
    const [wallet] = await tx
      .select({ id: wallets.id, available: wallets.availableCents })
      .from(wallets)
      .where(and(eq(wallets.id, checked.walletId), eq(wallets.organizationId, actor.organizationId)));
    if (!wallet) throw new AppError("not_found", T.walletNotFound);
    const [already] = await tx
      .select({ id: withdrawals.id, status: withdrawals.status })
      .from(withdrawals)
      .where(
        and(eq(withdrawals.organizationId, actor.organizationId), eq(withdrawals.requestKey, requestKey)),
      );
    if (already) return { ...already, fresh: false };

    const [row] = await tx
      .insert(withdrawals)
      .values({
        organizationId: actor.organizationId,
        walletId: wallet.id,
        amountCents: checked.amountCents,
        pixKeyType: checked.pixKeyType,
        pixKey: checked.pixKey,
        requestedBy: actor.userId,
        requestKey,
        provider: account.provider,
        paymentAccountId: account.id,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: withdrawals.id, status: withdrawals.status });
    // The same form posted twice at once: the other request made it.
    if (!row) throw new AppError("conflict", "Este saque já foi solicitado.");
    const ref = `withdrawal:${row.id}`;
    const postings: Posting[] = [
      {
        kind: "withdrawal",
        bucket: "available",
        amountCents: -checked.amountCents,
        reference: `${ref}:reserve`,
        withdrawalId: row.id,
      },
      {
        kind: "withdrawal",
        bucket: "reserved",
        amountCents: checked.amountCents,
        reference: `${ref}:reserved`,
        withdrawalId: row.id,
      },
    ];
    if (checked.feeCents > 0) {
      postings.push({
        kind: "withdrawal_fee",
        bucket: "available",
        amountCents: -checked.feeCents,
        reference: `${ref}:fee`,
        withdrawalId: row.id,
      });
    }
    const covered = await postIfAvailable(
      tx,
      actor.organizationId,
      wallet.id,
      postings,
      checked.amountCents + checked.feeCents,
    );
    if (!covered) {
      const [now] = await tx
        .select({ available: wallets.availableCents })
        .from(wallets)
        .where(eq(wallets.id, wallet.id));
      const available = now?.available ?? 0;
      // Below zero after a dispute or a refund (ADR 0061): nothing leaves until it is covered.
      const message =
        available < 0
          ? T.negativeBalance(available)
          : T.aboveAvailable(Math.max(0, available - checked.feeCents));
      throw new AppError("insufficient_funds", message, { amount: message });
    }
    if (input.remember) {
      await tx
        .insert(payoutKeys)
        .values({
          organizationId: actor.organizationId,
          pixKeyType: checked.pixKeyType,
          pixKey: checked.pixKey,
          updatedBy: actor.userId,
        })
        .onConflictDoUpdate({
          target: payoutKeys.organizationId,
          set: {
            pixKeyType: checked.pixKeyType,
            pixKey: checked.pixKey,
            updatedBy: actor.userId,
            updatedAt: now,
          },
        });
    }
    return { ...row, fresh: true };
  });
  if (made.fresh) await sendTransfer(ctx, made.id);
  const [after] = await ctx.db
    .select({ status: withdrawals.status })
    .from(withdrawals)
    .where(eq(withdrawals.id, made.id));
  return { withdrawalId: made.id, status: after?.status ?? made.status };
}

/**
 * Asks the payout provider to transfer a reserved withdrawal (again, after a failed attempt: the key is the
 * withdrawal's, so the provider pays once). A final refusal fails the withdrawal and returns the money.
 */
export async function sendTransfer(ctx: PaymentsContext, withdrawalId: string): Promise<void> {
  const [w] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  if (w?.status !== "processing") return;
  try {
    const payouts = await payoutsOfAccount(ctx, w.paymentAccountId);
    if (!payouts) throw new PayoutError("the account pays out nothing", null, false, "no_payouts");
    const transfer = await payouts.createTransfer({
      withdrawalId: w.id,
      amountCents: w.amountCents,
      pixKey: w.pixKey,
      pixKeyType: w.pixKeyType as PixKeyType,
      description: `Saque Estadia ${w.id.slice(0, 8)}`,
      idempotencyKey: `withdrawal:${w.id}`,
    });
    await applyTransfer(ctx, w.provider, transfer);
  } catch (err) {
    if (!(err instanceof PayoutError)) throw err;
    ctx.log.warn({ err, withdrawalId }, "payout not sent");
    // Retryable: the sweep asks again; final: the provider will never pay it.
    if (!err.retryable) await closeWithdrawal(ctx, w.id, "failed", T.transferRefused);
    else await ctx.db.update(withdrawals).set({ checkedAt: ctx.now() }).where(eq(withdrawals.id, w.id));
  }
}

/**
 * The one way a transfer's outcome reaches the ledger (its answer, its webhook, the sweep): done moves the
 * money from 'reserved' to 'withdrawn'; failed or cancelled returns it (and the fee) to 'available'. Once:
 * the withdrawal moves out of 'processing' in a guarded update.
 */
export async function applyTransfer(
  ctx: PaymentsContext,
  providerName: string,
  transfer: ProviderTransfer,
): Promise<void> {
  const [w] = await ctx.db
    .select({ id: withdrawals.id, transferId: withdrawals.providerTransferId })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.provider, providerName),
        or(
          eq(withdrawals.providerTransferId, transfer.id),
          and(
            isNull(withdrawals.providerTransferId),
            sql`${withdrawals.id}::text = ${transfer.externalReference}`,
          ),
        ),
      ),
    );
  if (!w) return;
  if (!w.transferId) {
    await ctx.db.update(withdrawals).set({ providerTransferId: transfer.id }).where(eq(withdrawals.id, w.id));
  }
  await ctx.db.update(withdrawals).set({ checkedAt: ctx.now() }).where(eq(withdrawals.id, w.id));
  if (transfer.status === "done") await closeWithdrawal(ctx, w.id, "paid", null);
  if (transfer.status === "failed" || transfer.status === "cancelled") {
    await closeWithdrawal(ctx, w.id, "failed", transfer.failureReason ?? "Transferência não realizada");
  }
}

async function closeWithdrawal(
  ctx: PaymentsContext,
  id: string,
  to: "paid" | "failed",
  reason: string | null,
) {
  const now = ctx.now();
  const closed = await ctx.db.transaction(async (tx) => {
    const [w] = await tx
      .update(withdrawals)
      .set({
        status: to,
        failureReason: reason,
        ...(to === "paid" ? { paidAt: now } : { failedAt: now }),
        updatedAt: now,
      })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "processing")))
      .returning();
    if (!w) return null;
    await post(tx, w.organizationId, w.walletId, closingPostings(w, to, await feeOf(tx, w.id)));
    return w;
  });
  if (closed) await tellWithdrawalClosed(ctx, closed);
}

/** The owners hear a withdrawal closed, once (it closes once), by email or on WhatsApp. */
async function tellWithdrawalClosed(ctx: PaymentsContext, w: typeof withdrawals.$inferSelect) {
  const [wallet] = await ctx.db
    .select({ property: properties.name })
    .from(wallets)
    .innerJoin(properties, eq(properties.id, wallets.propertyId))
    .where(eq(wallets.id, w.walletId));
  const amount = formatCents(w.amountCents);
  const paid = w.status === "paid";
  const reason = w.failureReason ?? T.transferRefused;
  await notifyMembers(ctx, {
    organizationId: w.organizationId,
    event: "withdrawal",
    key: `withdrawal:${w.id}`,
    email: withdrawalClosedEmail({
      paid,
      amount,
      wallet: wallet?.property ?? "",
      reason: paid ? null : reason,
      url: `${ctx.appUrl}/withdrawals`,
    }),
    whatsapp: paid
      ? { template: "estadia_saque_pago", values: [amount, wallet?.property ?? ""] }
      : { template: "estadia_saque_recusado", values: [amount, wallet?.property ?? "", reason] },
  }).catch((err) => ctx.log.warn({ err, withdrawalId: w.id }, "withdrawal notice failed"));
}

function closingPostings(w: typeof withdrawals.$inferSelect, to: "paid" | "failed", fee: number): Posting[] {
  const ref = `withdrawal:${w.id}`;
  if (to === "paid") {
    return [
      {
        kind: "withdrawal",
        bucket: "reserved",
        amountCents: -w.amountCents,
        reference: `${ref}:paid-out`,
        withdrawalId: w.id,
      },
      {
        kind: "withdrawal",
        bucket: "withdrawn",
        amountCents: w.amountCents,
        reference: `${ref}:paid-in`,
        withdrawalId: w.id,
      },
    ];
  }
  return [
    {
      kind: "withdrawal_return",
      bucket: "reserved",
      amountCents: -w.amountCents,
      reference: `${ref}:return-out`,
      withdrawalId: w.id,
    },
    {
      kind: "withdrawal_return",
      bucket: "available",
      amountCents: w.amountCents + fee,
      reference: `${ref}:return-in`,
      withdrawalId: w.id,
    },
  ];
}

/** The fee taken when the withdrawal was asked for (given back with it if it fails). */
async function feeOf(tx: Tx, withdrawalId: string): Promise<number> {
  const rows = await tx.execute(
    sql`select coalesce(-sum(amount_cents), 0)::bigint as fee from wallet_movements
        where withdrawal_id = ${withdrawalId} and kind = 'withdrawal_fee'`,
  );
  return Number(rows.rows[0]?.fee ?? 0);
}

/** Withdrawals the provider has not settled: sent again when no transfer exists, asked about otherwise. */
export async function reconcileWithdrawals(ctx: PaymentsContext, limit = 50): Promise<number> {
  const quiet = new Date(ctx.now().getTime() - 30_000);
  const open = await ctx.db
    .select({
      id: withdrawals.id,
      transferId: withdrawals.providerTransferId,
      provider: withdrawals.provider,
      paymentAccountId: withdrawals.paymentAccountId,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, "processing"),
        or(isNull(withdrawals.checkedAt), lt(withdrawals.checkedAt, quiet)),
        lt(withdrawals.createdAt, quiet),
      ),
    )
    .limit(limit);
  for (const w of open) {
    try {
      if (w.transferId) await recheckTransfer(ctx, w.provider, w.transferId);
      else await sendTransfer(ctx, w.id);
    } catch (err) {
      if (!(err instanceof PayoutError)) throw err;
      ctx.log.warn({ err, withdrawalId: w.id }, "payout status not checked");
    }
  }
  return open.length;
}

/**
 * News about a transfer (a webhook, the sweep): asked of the account that made it, then applied. A transfer
 * that is no withdrawal of ours (of `accountId`'s, when the news came through that account) changes
 * nothing. The withdrawal's organization, or null.
 */
export async function recheckTransfer(
  ctx: PaymentsContext,
  providerName: string,
  transferId: string,
  accountId: string | null = null,
): Promise<string | null> {
  const [w] = await ctx.db
    .select({ organizationId: withdrawals.organizationId, paymentAccountId: withdrawals.paymentAccountId })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.provider, providerName),
        eq(withdrawals.providerTransferId, transferId),
        accountId ? eq(withdrawals.paymentAccountId, accountId) : undefined,
      ),
    );
  if (!w) return null;
  const payouts = await payoutsOfAccount(ctx, w.paymentAccountId);
  if (!payouts) return null;
  await applyTransfer(ctx, providerName, await payouts.getTransfer(transferId));
  return w.organizationId;
}
