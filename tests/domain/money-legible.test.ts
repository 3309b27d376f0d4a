// The money, legible everywhere: for one period with a PIX sale, card sales (one released, one not), a
// refund and withdrawals (one paid, one on its way), the /sales read model (rows and totals), the wallet
// statement and the wallets' balances must agree with each other and with the ledger, with both fees
// (the provider's and Estadia's) non-zero.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  listWallets,
  listWithdrawals,
  payoutMode,
  receivablesOf,
  receivablesToRelease,
  walletAgreesWithLedger,
  walletStatement,
  walletsTotal,
} from "~/domain/ledger/read-wallets.server";
import type { SaleMoney } from "~/domain/ledger/sale-money.server";
import { settleDueReceivables } from "~/domain/ledger/settle-receivables.server";
import { applyTransfer, requestWithdrawal } from "~/domain/ledger/withdrawals.server";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { refundOrder } from "~/domain/payments/refund-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import { allSales } from "~/domain/sales/sales-csv.server";
import type { SaleRow } from "~/domain/sales/sales-page.server";
import { salesTotals } from "~/domain/sales/sales-totals.server";
import type { Actor } from "~/domain/team/permissions";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { orders, paymentAccounts, payments, walletMovements, withdrawals } from "~/platform/db/schema";
import { salesQueryOf } from "~/routes/backoffice/sales-query.server";
import {
  BUYER,
  type CheckoutHarness,
  checkoutHarness,
  deliverWebhook,
  guestWithCartIn,
  SANDBOX_PAYMENTS,
  TEST_CARD,
} from "../support/checkout-fixtures";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 60_000 });

type Shop = Awaited<ReturnType<typeof shopFixture>>;

let handle: DatabaseHandle;
let h: CheckoutHarness;
beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  // No free days: Estadia takes its fee on every sale.
  h = checkoutHarness(handle.db, { freeTrialDays: 0 });
});
afterAll(async () => {
  await handle?.close();
});
const db = () => handle.db;

/** A guest buys `quantity` units by PIX (approved, webhook) or by card (APRO); the paid order's id. */
async function paidSale(shop: Shop, product: string, quantity: number, method: "pix" | "credit_card") {
  const g = await guestWithCartIn(db(), shop, { [product]: quantity });
  await placeOrder(h.ctx, { ...g.key, method, buyer: BUYER });
  if (method === "pix") {
    const { orderId } = await startPixPayment(h.ctx, g.key);
    const [pix] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    await h.sandbox.settle(pix?.providerPaymentId ?? "", "approve");
    const { url, headers, body } = await h.sandbox.webhookFor(pix?.providerPaymentId ?? "");
    await deliverWebhook(h.ctx, SANDBOX_PAYMENTS, { headers, body, query: new URL(url).searchParams });
    return orderId;
  }
  const token = (await h.sandbox.tokenize({ ...TEST_CARD, holderName: "APRO" })).id;
  return (await payByCard(h.ctx, { ...g.key, token, paymentMethodId: null, issuerId: null })).orderId;
}

async function withdraw(owner: Actor, walletId: string, amount: string) {
  const { withdrawalId } = await requestWithdrawal(h.ctx, owner, {
    walletId,
    amount,
    pixKeyType: "cpf",
    pixKey: "529.982.247-25",
    remember: false,
    requestKey: crypto.randomUUID(),
  });
  const [w] = await db().select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  return w?.providerTransferId ?? "";
}

/** The organization's ledger, summed by kind. */
async function ledgerByKind(organizationId: string): Promise<Record<string, number>> {
  const rows = await db()
    .select({ kind: walletMovements.kind, cents: sql<string>`sum(${walletMovements.amountCents})::bigint` })
    .from(walletMovements)
    .where(eq(walletMovements.organizationId, organizationId))
    .groupBy(walletMovements.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.cents)]));
}

const MONEY_FIELDS = [
  "grossCents",
  "providerFeeCents",
  "platformFeeCents",
  "refundCents",
  "netCents",
] as const;

function sumMoney(rows: SaleMoney[]): SaleMoney {
  const sum = { grossCents: 0, providerFeeCents: 0, platformFeeCents: 0, refundCents: 0, netCents: 0 };
  for (const row of rows) for (const f of MONEY_FIELDS) sum[f] += row[f];
  return sum;
}

/** A São Paulo calendar day, as /sales takes it in its URL. */
const dayInSaoPaulo = (d: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(d);

describe("one period's money on /sales, the statement and /withdrawals", () => {
  it("adds up: the sales' totals, the statement's lines and the wallets' balances, as the ledger has them", async () => {
    const shop = await shopFixture(db(), [
      { name: "Vinho", priceCents: 8000, stock: 10 },
      { name: "Café", priceCents: 2450, stock: null },
      { name: "Água", priceCents: 450, stock: null },
    ]);
    const owner = await ownerOf(db(), shop.organizationId);
    expect(await payoutMode(db(), owner)).toBe("here");

    const pix = await paidSale(shop, "Vinho", 2, "pix");
    const released = await paidSale(shop, "Café", 3, "credit_card");
    // A second later: its release comes after the first card sale's.
    h.clock.advance(1000);
    const toRelease = await paidSale(shop, "Água", 1, "credit_card");
    const refunded = await paidSale(shop, "Vinho", 1, "pix");
    await refundOrder(h.ctx, owner, { orderId: refunded, reason: "Hóspede desistiu" });
    expect(await settleDueReceivables(db(), new Date(h.clock.now().getTime() + 31 * 86_400_000), 1)).toBe(1);

    const [wallet] = await listWallets(db(), owner);
    if (!wallet) throw new Error("no wallet");
    const paidOut = await withdraw(owner, wallet.id, "50,00");
    await applyTransfer(h.ctx, "sandbox", await h.payouts.settle(paidOut, "done"));
    h.clock.advance(1000);
    await withdraw(owner, wallet.id, "20,00");

    // The period: the São Paulo days the orders were placed on.
    const placed = await db()
      .select({ at: orders.createdAt })
      .from(orders)
      .where(eq(orders.organizationId, shop.organizationId))
      .orderBy(orders.createdAt);
    const filter = salesQueryOf(
      new URLSearchParams({
        de: dayInSaoPaulo(placed[0]?.at ?? new Date()),
        ate: dayInSaoPaulo(placed.at(-1)?.at ?? new Date()),
      }),
    );

    // /sales: the totals are the ledger's, by kind, and the rows add up to them.
    const ledger = await ledgerByKind(shop.organizationId);
    const totals = await salesTotals(db(), owner, filter);
    expect(totals.counts).toEqual({ paid: 3, refunded: 1, pending: 0, cancelled: 0, failed: 0 });
    expect(totals.grossCents).toBe(2 * 8000 + 3 * 2450 + 450 + 8000);
    expect(totals.grossCents).toBe(ledger.sale);
    expect(totals.providerFeeCents).toBe(-(ledger.fee ?? 0));
    expect(totals.platformFeeCents).toBe(-(ledger.platform_fee ?? 0));
    expect(totals.refundCents).toBe(ledger.refund);
    expect(totals.providerFeeCents).toBeGreaterThan(0);
    // Estadia's 3 % of each sale, rounded half up.
    expect(totals.platformFeeCents).toBe(240 * 2 + 221 + 14 + 240);
    expect(totals.refundCents).toBeLessThan(0);
    expect(totals.netCents).toBe(
      totals.grossCents - totals.providerFeeCents - totals.platformFeeCents + totals.refundCents,
    );
    const rows: SaleRow[] = [];
    for await (const row of allSales(db(), owner, filter)) rows.push(row);
    expect(rows).toHaveLength(4);
    const { counts: _c, orders: _o, ...totalMoney } = totals;
    expect(sumMoney(rows)).toEqual(totalMoney);
    const row = (id: string) => rows.find((r) => r.id === id) as SaleRow;
    for (const r of rows) {
      expect(r.netCents, r.id).toBe(r.grossCents - r.providerFeeCents - r.platformFeeCents + r.refundCents);
      expect(r.grossCents, r.id).toBe(r.totalCents);
      expect(r.platformFeeCents, r.id).toBeGreaterThan(0);
    }
    expect(row(refunded).status).toBe("refunded");
    expect(row(refunded).refundCents).toBeLessThan(0);
    expect(row(pix).refundCents).toBe(0);
    // Another period has none of it.
    const later = await salesTotals(db(), owner, salesQueryOf(new URLSearchParams({ de: "2099-01-01" })));
    expect(later).toMatchObject({ orders: 0, grossCents: 0, netCents: 0 });

    // /withdrawals: the balances hold exactly the sales' net (no withdrawal fee in this config).
    const [after] = await listWallets(db(), owner);
    if (!after) throw new Error("no wallet");
    const total = walletsTotal([after]);
    expect(total.availableCents + total.pendingCents + total.reservedCents + total.withdrawnCents).toBe(
      totals.netCents,
    );
    expect(total).toEqual({
      availableCents: after.availableCents,
      pendingCents: row(toRelease).netCents,
      reservedCents: 2000,
      withdrawnCents: 5000,
      disputedCents: 0,
    });
    expect(await walletAgreesWithLedger(db(), after.id)).toBe(true);
    const history = await listWithdrawals(db(), owner);
    expect(history.map((w) => [w.amountCents, w.status])).toEqual([
      [2000, "processing"],
      [5000, "paid"],
    ]);

    // The statement: its lines sum to the available balance; each sale's line is the sale's row on /sales.
    const statement = await walletStatement(db(), owner, after.id);
    expect(statement.reduce((sum, l) => sum + l.amountCents, 0)).toBe(after.availableCents);
    for (const l of statement) {
      if (!l.money) continue;
      expect(l.amountCents, l.key).toBe(
        l.money.grossCents - l.money.providerFeeCents - l.money.platformFeeCents,
      );
    }
    const line = (type: string, orderId: string) =>
      statement.find((l) => l.type === type && l.reference === orderId);
    const columns = (r: SaleRow) => ({
      grossCents: r.grossCents,
      providerFeeCents: r.providerFeeCents,
      platformFeeCents: r.platformFeeCents,
    });
    expect(line("Venda", pix)).toMatchObject({ amountCents: row(pix).netCents, money: columns(row(pix)) });
    expect(line("Recebível", released)).toMatchObject({
      amountCents: row(released).netCents,
      money: columns(row(released)),
    });
    // The refunded sale: its sale line, then its refund line; together, the row's net on /sales.
    expect(line("Venda", refunded)).toMatchObject({ money: columns(row(refunded)), status: "Reembolsado" });
    expect(line("Reembolso", refunded)?.amountCents).toBe(row(refunded).refundCents);
    expect(
      (line("Venda", refunded)?.amountCents ?? 0) + (line("Reembolso", refunded)?.amountCents ?? 0),
    ).toBe(row(refunded).netCents);
    // The card sale not released yet is not in the available money: it waits among the receivables.
    expect(statement.some((l) => l.reference === toRelease)).toBe(false);
    const waiting = (await receivablesOf(db(), owner, after.id)).filter((r) => !r.settledAt && !r.cancelled);
    expect(waiting.map((r) => [r.orderId, r.amountCents])).toEqual([[toRelease, row(toRelease).netCents]]);
    // What /withdrawals lists as still to be released, with its date, is that same receivable.
    expect(await receivablesToRelease(db(), owner)).toEqual([
      {
        id: waiting[0]?.id,
        orderId: toRelease,
        propertyName: after.propertyName,
        amountCents: row(toRelease).netCents,
        releaseAt: waiting[0]?.forecastAt,
      },
    ]);
    // Sales lines + withdrawals = the available balance; sales lines + what waits = the sales' net.
    const saleLines = statement.filter((l) => l.money).reduce((sum, l) => sum + l.amountCents, 0);
    const withdrawalLines = statement.filter((l) => !l.money).reduce((sum, l) => sum + l.amountCents, 0);
    expect(saleLines + total.pendingCents).toBe(totals.netCents);
    expect(withdrawalLines).toBe(-(total.reservedCents + total.withdrawnCents));
  });

  it("says where the host withdraws: here with an active Asaas or sandbox account, at Mercado Pago, or nowhere yet", async () => {
    const shop = await shopFixture(db(), [], { receiving: false });
    const owner = await ownerOf(db(), shop.organizationId);
    expect(await payoutMode(db(), owner)).toBe("none");
    await db()
      .insert(paymentAccounts)
      .values({
        organizationId: shop.organizationId,
        provider: "mercadopago",
        status: "needs_reconnect",
        providerAccountId: `mp-${shop.organizationId}`,
      });
    // The money already at Mercado Pago is withdrawn there, connected or not.
    expect(await payoutMode(db(), owner)).toBe("mercadopago");
    const stranger = await ownerOf(db(), (await shopFixture(db(), [])).organizationId);
    expect(await payoutMode(db(), stranger)).toBe("here");
    expect(await listWithdrawals(db(), stranger)).toEqual([]);
    expect(await receivablesToRelease(db(), stranger)).toEqual([]);
  });

  it("refunds an unreleased card sale in full, Estadia's fee included: nothing of it stays", async () => {
    const shop = await shopFixture(db(), [{ name: "Vinho", priceCents: 8000, stock: 5 }]);
    const owner = await ownerOf(db(), shop.organizationId);
    const orderId = await paidSale(shop, "Vinho", 1, "credit_card");
    await refundOrder(h.ctx, owner, { orderId, reason: "Cobrança em duplicidade" });
    expect(await firstSale(owner)).toMatchObject({ status: "refunded", grossCents: 8000, netCents: 0 });
    const [wallet] = await listWallets(db(), owner);
    expect(wallet).toMatchObject({ availableCents: 0, pendingCents: 0 });
  });
});

async function firstSale(owner: Actor): Promise<SaleRow | undefined> {
  for await (const row of allSales(db(), owner, salesQueryOf(new URLSearchParams()))) return row;
  return undefined;
}
