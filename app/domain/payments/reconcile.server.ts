import { and, eq, gte, inArray } from "drizzle-orm";
import { orders, paymentAccounts, payments, reconciliationFindings } from "~/platform/db/schema";
import type { AccountProviderName } from "~/platform/env.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { ProviderError, type ProviderPayment } from "~/platform/payments/provider";
import { type AccountRow, asConnected, withCredentials } from "../payment-accounts/accounts.server";
import type { FindingKind } from "../payment-accounts/reconcile-findings";
import { recheckCharge } from "./apply-payment.server";

/** How far back each daily run compares (a payment of the last days, whatever its webhooks did). */
export const RECONCILE_DAYS = 3;
const DAY_MS = 86_400_000;

type Ours = {
  paymentId: string;
  providerPaymentId: string | null;
  orderId: string;
  orderStatus: string;
  orderTotal: number;
  paidPaymentId: string | null;
};

/**
 * The daily reconciliation (once across instances): each connected account's payments of the last days, as
 * the provider lists them, against our orders and ledger. What a lost webhook left behind is applied first
 * (the one completion function); what still disagrees is logged and kept for the owner to see.
 */
export async function reconcileAccounts(
  ctx: PaymentsContext,
): Promise<{ accounts: number; findings: number }> {
  const accounts = await ctx.db
    .select()
    .from(paymentAccounts)
    .where(
      and(
        eq(paymentAccounts.status, "active"),
        inArray(paymentAccounts.provider, ctx.config.offered as AccountProviderName[]),
      ),
    );
  let findings = 0;
  for (const account of accounts) {
    try {
      findings += await reconcileAccount(ctx, account);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      ctx.log.warn({ err, accountId: account.id }, "reconciliation skipped: the provider did not answer");
    }
  }
  return { accounts: accounts.length, findings };
}

export async function reconcileAccount(ctx: PaymentsContext, account: AccountRow): Promise<number> {
  const to = ctx.now();
  const from = new Date(to.getTime() - RECONCILE_DAYS * DAY_MS);
  const provider = ctx.providers.charges(asConnected(account));
  const theirs = await withCredentials(ctx, account, () => provider.listPayments({ from, to }));
  const ref = (id: string) => ({
    provider: account.provider,
    providerPaymentId: id,
    paymentAccountId: account.id,
  });

  // Lost news first: an approved payment we do not count as paid is asked about and applied.
  let ours = await ourPayments(ctx, account.id, from);
  for (const p of theirs) {
    if (p.status === "approved" && !countsAsPaid(ours.get(p.id))) await recheckCharge(ctx, ref(p.id));
  }
  ours = await ourPayments(ctx, account.id, from);

  const found: (typeof reconciliationFindings.$inferInsert)[] = [];
  const finding = (kind: FindingKind, p: Partial<ProviderPayment> & { id: string }, mine?: Ours) =>
    found.push({
      organizationId: account.organizationId,
      paymentAccountId: account.id,
      kind,
      providerPaymentId: p.id,
      orderId: mine?.orderId ?? null,
      providerAmountCents: p.amountCents ?? null,
      ourAmountCents: mine?.orderTotal ?? null,
      details: { providerStatus: p.status ?? null, orderStatus: mine?.orderStatus ?? null },
    });
  const seen = new Map(theirs.map((p) => [p.id, p]));
  for (const p of theirs) {
    const mine = ours.get(p.id);
    if (p.status === "approved" && !countsAsPaid(mine)) finding("paid_without_order", p, mine);
    else if (p.status === "approved" && mine && p.amountCents !== mine.orderTotal)
      finding("amount_differs", p, mine);
  }
  for (const mine of ours.values()) {
    if (!mine.providerPaymentId || mine.orderStatus !== "paid" || mine.paidPaymentId !== mine.paymentId)
      continue;
    const p = seen.get(mine.providerPaymentId);
    if (p?.status !== "approved") finding("order_without_payment", p ?? { id: mine.providerPaymentId }, mine);
  }
  if (found.length > 0) {
    ctx.log.error(
      { accountId: account.id, findings: found.map((f) => f.kind) },
      "reconciliation differences",
    );
    await ctx.db.insert(reconciliationFindings).values(found).onConflictDoNothing();
  }
  await ctx.db.update(paymentAccounts).set({ reconciledAt: to }).where(eq(paymentAccounts.id, account.id));
  return found.length;
}

function countsAsPaid(mine: Ours | undefined): boolean {
  return Boolean(
    mine && mine.paidPaymentId === mine.paymentId && ["paid", "refunded"].includes(mine.orderStatus),
  );
}

async function ourPayments(ctx: PaymentsContext, accountId: string, from: Date): Promise<Map<string, Ours>> {
  const rows = await ctx.db
    .select({
      paymentId: payments.id,
      providerPaymentId: payments.providerPaymentId,
      orderId: orders.id,
      orderStatus: orders.status,
      orderTotal: orders.totalCents,
      paidPaymentId: orders.paidPaymentId,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.paymentAccountId, accountId),
        gte(payments.createdAt, new Date(from.getTime() - DAY_MS)),
      ),
    );
  return new Map(rows.flatMap((r) => (r.providerPaymentId ? [[r.providerPaymentId, r] as const] : [])));
}
