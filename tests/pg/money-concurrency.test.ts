// The money side on real PostgreSQL with many clients at once: three app instances (three connection pools)
// on one database racing to withdraw, to settle card receivables, to apply a payout's outcome and to refund.
// Everything asserted is what a host could observe: withdrawals, refunds, stock counts and the ledgers; and
// after every test, each wallet's balance columns equal the sums of its movements.
import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { walletAgreesWithLedger } from "~/domain/ledger/read-wallets.server";
import { settleDueReceivables } from "~/domain/ledger/settle-receivables.server";
import { sweepMoney } from "~/domain/ledger/sweep-money.server";
import { applyTransfer, requestWithdrawal } from "~/domain/ledger/withdrawals.server";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { refundOrder } from "~/domain/payments/refund-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import type { Actor } from "~/domain/team/permissions";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import {
  member,
  orders,
  payments,
  propertyProducts,
  receivables,
  refunds,
  sandboxRefunds,
  stockMovements,
  walletMovements,
  wallets,
  withdrawals,
} from "~/platform/db/schema";
import { type JobRunner, startJobRunner } from "~/platform/jobs/job-runner.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import type { WebhookRequest } from "~/platform/payments/provider";
import type { SandboxPayouts } from "~/platform/payouts/sandbox-payouts.server";
import {
  BUYER,
  type CheckoutHarness,
  checkoutHarness,
  deliverWebhook,
  guestWithCartIn,
  SANDBOX_PAYMENTS,
  TEST_CARD,
} from "../support/checkout-fixtures";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

const silent = pino({ level: "silent" });
const CPF_KEY = "529.982.247-25";

type Shop = Awaited<ReturnType<typeof shopFixture>>;
/** One app instance: its own pool, payments context, sandbox clients (payments and payouts). */
type Instance = { handle: DatabaseHandle; harness: CheckoutHarness; ctx: PaymentsContext };

/** Waits for a condition, polling it; fails after `timeoutMs`. */
async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The signed notification the sandbox sends about a transfer, as the webhook route hands it over. */
async function signedPayoutWebhook(payouts: SandboxPayouts, transferId: string): Promise<WebhookRequest> {
  const { url, headers, body } = await payouts.webhookFor(transferId);
  return { headers, body, query: new URL(url).searchParams };
}

/** The refusals among settled promises, each as `kind: message` (anything but an AppError fails). */
function refusalsOf(results: PromiseSettledResult<unknown>[]): { kind: string; message: string }[] {
  return results.flatMap((r) => {
    if (r.status === "fulfilled") return [];
    if (!(r.reason instanceof AppError)) throw r.reason;
    return [{ kind: r.reason.kind, message: r.reason.message }];
  });
}

/** The provider's 3.99% on a sale, rounded half up (TEST_PAYMENTS_CONFIG). */
const fee = (cents: number) => Math.floor((cents * 399 + 5000) / 10000);
/** A PIX sale at this price nets exactly R$ 20,00 once the fee is taken. */
const PRICE_NETTING_20_REAIS = 2083;

describe.runIf(available)("money on PostgreSQL, under concurrency and across instances", () => {
  let database: ThrowawayDatabase;
  let instances: Instance[] = [];
  const running = new Set<JobRunner>();
  const at = (i: number) => instances[i % instances.length] as Instance;
  const db = () => at(0).handle.db;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    const handles = await Promise.all(
      [1, 2, 3].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 15 })),
    );
    await migrateDatabase(handles[0] as DatabaseHandle);
    instances = handles.map((handle) => {
      const harness = checkoutHarness(handle.db);
      return { handle, harness, ctx: harness.ctx };
    });
  });
  afterAll(async () => {
    await Promise.all([...running].map((r) => r.stop()));
    await Promise.all(instances.map((i) => i.handle.close()));
    await database?.drop();
  });

  // Whatever raced in the test, no wallet's balance columns may drift from its ledger.
  afterEach(async () => {
    const all = await db().select({ id: wallets.id }).from(wallets);
    expect(all.length).toBeGreaterThan(0);
    for (const { id } of all) expect(await walletAgreesWithLedger(db(), id), `wallet ${id}`).toBe(true);
  });

  /** The shop's host, as an actor. */
  async function ownerOf(shop: Shop): Promise<Actor> {
    const [m] = await db().select().from(member).where(eq(member.organizationId, shop.organizationId));
    if (!m) throw new Error("no member");
    return { userId: m.userId, organizationId: shop.organizationId, role: "owner" };
  }

  /** A guest buys `quantity` units and pays (PIX approved and notified, or an approved card); the order id. */
  async function paidSale(
    shop: Shop,
    product: string,
    quantity: number,
    method: "pix" | "credit_card",
    instance = 0,
  ): Promise<string> {
    const { ctx, harness } = at(instance);
    const g = await guestWithCartIn(ctx.db, shop, { [product]: quantity });
    await placeOrder(ctx, { ...g.key, method, buyer: BUYER });
    if (method === "pix") {
      const { orderId } = await startPixPayment(ctx, g.key);
      const [pix] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
      const chargeId = pix?.providerPaymentId ?? "";
      await harness.sandbox.settle(chargeId, "approve");
      const { url, headers, body } = await harness.sandbox.webhookFor(chargeId);
      expect(
        await deliverWebhook(ctx, SANDBOX_PAYMENTS, { headers, body, query: new URL(url).searchParams }),
      ).toBe("applied");
      return orderId;
    }
    const token = (await harness.sandbox.tokenize({ ...TEST_CARD, holderName: "APRO" })).id;
    const paid = await payByCard(ctx, { ...g.key, token, paymentMethodId: null, issuerId: null });
    expect(paid.status).toBe("paid");
    return paid.orderId;
  }

  /** A property's wallet as it stands now. */
  async function walletOf(shop: { propertyId: string }) {
    const [w] = await db().select().from(wallets).where(eq(wallets.propertyId, shop.propertyId));
    if (!w) throw new Error("no wallet");
    return w;
  }

  const withdrawalInput = (walletId: string, amount: string, requestKey = crypto.randomUUID()) => ({
    walletId,
    amount,
    pixKeyType: "cpf",
    pixKey: CPF_KEY,
    remember: false,
    requestKey,
  });

  async function movementsOf(walletId: string) {
    return db().select().from(walletMovements).where(eq(walletMovements.walletId, walletId));
  }

  /** A wallet holding `sales` × R$ 20,00 available, made of paid PIX orders; the shop, owner and wallet. */
  async function walletWithTwenties(sales: number) {
    const shop = await shopFixture(db(), [
      { name: "Espumante", priceCents: PRICE_NETTING_20_REAIS, stock: null },
    ]);
    for (let i = 0; i < sales; i++) await paidSale(shop, "Espumante", 1, "pix", i);
    const wallet = await walletOf(shop);
    expect(wallet).toMatchObject({
      availableCents: sales * 2000,
      pendingCents: 0,
      reservedCents: 0,
      withdrawnCents: 0,
    });
    return { shop, owner: await ownerOf(shop), wallet };
  }

  it("50 withdrawals of R$ 20,00 at once against R$ 140,00: exactly 7 reserved, 43 refused, nothing overdrawn", async () => {
    const { owner, wallet } = await walletWithTwenties(7);

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        requestWithdrawal(at(i).ctx, owner, withdrawalInput(wallet.id, "20,00")),
      ),
    );
    const made = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(made).toHaveLength(7);
    expect(new Set(made.map((m) => m.withdrawalId)).size).toBe(7);
    for (const m of made) expect(m.status).toBe("processing");
    const refused = refusalsOf(results);
    expect(refused).toHaveLength(43);
    // Refused only once the seventh took the last R$ 20,00: the host is told nothing is left.
    for (const r of refused) {
      expect(r).toEqual({
        kind: "insufficient_funds",
        message: "Saldo insuficiente: não há saldo disponível para saque nesta carteira.",
      });
    }

    expect(await walletOf(wallet)).toMatchObject({
      availableCents: 0,
      reservedCents: 14_000,
      withdrawnCents: 0,
    });
    const rows = await db().select().from(withdrawals).where(eq(withdrawals.walletId, wallet.id));
    expect(rows).toHaveLength(7);
    expect(rows.map((w) => w.id).sort()).toEqual(made.map((m) => m.withdrawalId).sort());
    expect(rows.every((w) => w.status === "processing" && w.amountCents === 2000)).toBe(true);
    // Each withdrawal reserved once: one move out of 'available' and one into 'reserved', nothing else.
    const reservations = (await movementsOf(wallet.id)).filter((m) => m.kind === "withdrawal");
    expect(reservations).toHaveLength(14);
    for (const w of rows) {
      expect(
        reservations
          .filter((m) => m.withdrawalId === w.id)
          .map((m) => [m.bucket, m.amountCents])
          .sort(),
      ).toEqual([
        ["available", -2000],
        ["reserved", 2000],
      ]);
    }
    // Each was handed to the payout provider once.
    const transferIds = rows.map((w) => w.providerTransferId);
    expect(transferIds.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(transferIds).size).toBe(7);
  });

  it("a double click: the same withdrawal form posted 10 times at once asks for one withdrawal", async () => {
    const { owner, wallet } = await walletWithTwenties(3);
    const input = withdrawalInput(wallet.id, "25,00");

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => requestWithdrawal(at(i).ctx, owner, input)),
    );
    const made = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(made.length).toBeGreaterThanOrEqual(1);
    // The repeats either get the withdrawal already made or are told it was asked for: never a second one.
    expect(new Set(made.map((m) => m.withdrawalId)).size).toBe(1);
    for (const r of refusalsOf(results)) {
      expect(r).toEqual({ kind: "conflict", message: "Este saque já foi solicitado." });
    }

    const rows = await db()
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.walletId, wallet.id), eq(withdrawals.requestKey, input.requestKey)));
    expect(rows.map((w) => [w.id, w.amountCents])).toEqual([[made[0]?.withdrawalId, 2500]]);
    expect(await db().select().from(withdrawals).where(eq(withdrawals.walletId, wallet.id))).toHaveLength(1);
    const reservations = (await movementsOf(wallet.id)).filter((m) => m.kind === "withdrawal");
    expect(reservations.map((m) => [m.reference, m.amountCents]).sort()).toEqual(
      [
        [`withdrawal:${rows[0]?.id}:reserve`, -2500],
        [`withdrawal:${rows[0]?.id}:reserved`, 2500],
      ].sort(),
    );
    expect(await walletOf(wallet)).toMatchObject({
      availableCents: 6000 - 2500,
      reservedCents: 2500,
    });
  });

  it("card receivables due while two instances sweep and 20 callers settle at once are released once each", async () => {
    const shop = await shopFixture(db(), [{ name: "Vinho", priceCents: 8000, stock: null }]);
    const orderIds: string[] = [];
    for (let i = 0; i < 6; i++) orderIds.push(await paidSale(shop, "Vinho", 1 + (i % 2), "credit_card", i));
    const wallet = await walletOf(shop);
    const due = await db().select().from(receivables).where(eq(receivables.walletId, wallet.id));
    expect(due).toHaveLength(6);
    const netTotal = due.reduce((sum, r) => sum + r.amountCents, 0);
    expect(wallet).toMatchObject({ availableCents: 0, pendingCents: netTotal });
    // Their forecast date has come (30 days from the sale, moved into the past).
    await db()
      .update(receivables)
      .set({ settlementForecastAt: sql`now() - interval '1 hour'` })
      .where(eq(receivables.walletId, wallet.id));

    const realTime = (i: Instance): PaymentsContext => ({ ...i.ctx, now: () => new Date() });
    const sweeps: { instance: number; settled: number }[] = [];
    const runners = await Promise.all(
      [0, 1].map((instance) =>
        startJobRunner(
          at(instance).handle,
          [
            {
              name: "money-sweep",
              everySeconds: 2,
              run: async () => {
                const report = await sweepMoney(realTime(at(instance)));
                sweeps.push({ instance, settled: report.settled });
                return report;
              },
            },
          ],
          silent,
        ),
      ),
    );
    for (const r of runners) running.add(r);
    let direct: PromiseSettledResult<number>[] = [];
    try {
      direct = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => settleDueReceivables(at(i).handle.db, new Date())),
      );
      // The sweeps keep running after everything is released: two more find nothing left.
      await until(() => sweeps.length >= 1, 15_000, "a first sweep");
      const seen = sweeps.length;
      await until(() => sweeps.length >= seen + 2, 15_000, "two more sweeps");
    } finally {
      for (const r of runners) running.delete(r);
      await Promise.all(runners.map((r) => r.stop()));
    }

    expect(direct.filter((r) => r.status === "rejected")).toEqual([]);
    const settledByCallers = direct.reduce((sum, r) => sum + (r.status === "fulfilled" ? r.value : 0), 0);
    const settledBySweeps = sweeps.reduce((sum, s) => sum + s.settled, 0);
    // Between all callers and sweeps, each receivable was released by exactly one of them.
    expect(settledByCallers + settledBySweeps).toBe(6);

    const after = await db().select().from(receivables).where(eq(receivables.walletId, wallet.id));
    expect(after.every((r) => r.settledAt !== null && r.cancelledAt === null)).toBe(true);
    const settlements = (await movementsOf(wallet.id)).filter((m) => m.kind === "settlement");
    expect(settlements).toHaveLength(12);
    for (const r of due) {
      expect(
        settlements
          .filter((m) => m.receivableId === r.id)
          .map((m) => [m.reference, m.bucket, m.amountCents])
          .sort(),
      ).toEqual([
        [`receivable:${r.id}:in`, "available", r.amountCents],
        [`receivable:${r.id}:out`, "pending", -r.amountCents],
      ]);
    }
    expect(await walletOf(shop)).toMatchObject({ availableCents: netTotal, pendingCents: 0 });
    const failed = await db().execute(
      sql`select id from pgboss.job where name = 'money-sweep' and state = 'failed'`,
    );
    expect(failed.rows).toEqual([]);
  });

  describe("a transfer's outcome applied 10 times and notified 10 times at once", () => {
    /** A processing withdrawal of R$ 30,00 from a wallet holding R$ 60,00; its row and wallet. */
    async function processingWithdrawal() {
      const { owner, wallet } = await walletWithTwenties(3);
      const { withdrawalId, status } = await requestWithdrawal(
        at(0).ctx,
        owner,
        withdrawalInput(wallet.id, "30,00"),
      );
      expect(status).toBe("processing");
      const [w] = await db().select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
      if (!w?.providerTransferId) throw new Error("the withdrawal was not sent to the payout provider");
      return { wallet, withdrawal: w, transferId: w.providerTransferId };
    }

    async function race(transferId: string, outcome: "done" | "failed") {
      const transfer = await at(0).harness.payouts.settle(transferId, outcome);
      expect(transfer.status).toBe(outcome);
      const [applied, notified] = await Promise.all([
        Promise.allSettled(
          Array.from({ length: 10 }, (_, i) => applyTransfer(at(i).ctx, "sandbox", transfer)),
        ),
        Promise.allSettled(
          Array.from({ length: 10 }, async (_, i) =>
            deliverWebhook(
              at(i + 1).ctx,
              { to: "payouts", provider: "sandbox" },
              await signedPayoutWebhook(at(i + 1).harness.payouts, transferId),
            ),
          ),
        ),
      ]);
      expect(applied.filter((r) => r.status === "rejected")).toEqual([]);
      // Every notification is authentic and new (its own event id): each is stored and applied.
      expect(notified).toEqual(Array(10).fill({ status: "fulfilled", value: "applied" }));
    }

    it("done: the money leaves 'reserved' for 'withdrawn' once", async () => {
      const { wallet, withdrawal, transferId } = await processingWithdrawal();
      await race(transferId, "done");

      const [w] = await db().select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
      expect(w).toMatchObject({ status: "paid", failureReason: null });
      expect(w?.paidAt).not.toBeNull();
      const moves = (await movementsOf(wallet.id)).filter((m) => m.withdrawalId === withdrawal.id);
      expect(moves.map((m) => [m.reference, m.bucket, m.amountCents]).sort()).toEqual(
        [
          [`withdrawal:${withdrawal.id}:reserve`, "available", -3000],
          [`withdrawal:${withdrawal.id}:reserved`, "reserved", 3000],
          [`withdrawal:${withdrawal.id}:paid-out`, "reserved", -3000],
          [`withdrawal:${withdrawal.id}:paid-in`, "withdrawn", 3000],
        ].sort(),
      );
      expect(await walletOf(wallet)).toMatchObject({
        availableCents: 3000,
        reservedCents: 0,
        withdrawnCents: 3000,
      });
    });

    it("failed: the money returns to 'available' once", async () => {
      const { wallet, withdrawal, transferId } = await processingWithdrawal();
      await race(transferId, "failed");

      const [w] = await db().select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
      expect(w).toMatchObject({
        status: "failed",
        failureReason: "Chave Pix não encontrada no banco de destino",
      });
      const moves = (await movementsOf(wallet.id)).filter((m) => m.withdrawalId === withdrawal.id);
      expect(moves.map((m) => [m.reference, m.bucket, m.amountCents]).sort()).toEqual(
        [
          [`withdrawal:${withdrawal.id}:reserve`, "available", -3000],
          [`withdrawal:${withdrawal.id}:reserved`, "reserved", 3000],
          [`withdrawal:${withdrawal.id}:return-out`, "reserved", -3000],
          [`withdrawal:${withdrawal.id}:return-in`, "available", 3000],
        ].sort(),
      );
      expect(await walletOf(wallet)).toMatchObject({
        availableCents: 6000,
        reservedCents: 0,
        withdrawnCents: 0,
      });
    });
  });

  it("a paid order refunded 10 times at once is refunded once: one refund, the sale reversed once, stock back once", async () => {
    const shop = await shopFixture(db(), [{ name: "Queijo", priceCents: 4500, stock: 6 }]);
    const orderId = await paidSale(shop, "Queijo", 2, "pix");
    const owner = await ownerOf(shop);
    const wallet = await walletOf(shop);
    const [stockBefore] = await db()
      .select({ current: propertyProducts.currentQuantity })
      .from(propertyProducts)
      .where(eq(propertyProducts.propertyId, shop.propertyId));
    expect(stockBefore?.current).toBe(4);

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        refundOrder(at(i).ctx, owner, { orderId, reason: "Hóspede não consumiu" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = refusalsOf(results);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.kind).toBe("conflict");

    const [order] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("refunded");
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    const stock = await db()
      .select({
        reason: stockMovements.reason,
        old: stockMovements.oldQuantity,
        new: stockMovements.newQuantity,
      })
      .from(stockMovements)
      .where(eq(stockMovements.reference, `order:${orderId}`));
    expect(stock.filter((m) => m.reason === "sale_reversal")).toEqual([
      { reason: "sale_reversal", old: 4, new: 6 },
    ]);
    const [stockAfter] = await db()
      .select({ current: propertyProducts.currentQuantity })
      .from(propertyProducts)
      .where(eq(propertyProducts.propertyId, shop.propertyId));
    expect(stockAfter?.current).toBe(6);
    const reversal = await db()
      .select()
      .from(walletMovements)
      .where(and(eq(walletMovements.orderId, orderId), eq(walletMovements.kind, "refund")));
    expect(reversal.map((m) => [m.reference, m.bucket, m.amountCents]).sort()).toEqual(
      [
        [`order:${orderId}:refund`, "available", -9000],
        [`order:${orderId}:refund-fee`, "available", fee(9000)],
      ].sort(),
    );
    // The sale's net, taken back once: nothing is left in the wallet.
    expect(await walletOf(shop)).toMatchObject({ id: wallet.id, availableCents: 0, pendingCents: 0 });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.status).toBe("refunded");
    const providerRefunds = await db()
      .select({ id: sandboxRefunds.id })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentId, payment?.providerPaymentId ?? ""));
    expect(providerRefunds).toHaveLength(1);
    // The hosts whose clicks lost the race are told the truth: the order was refunded.
    expect(new Set(refused.map((r) => r.message))).toEqual(new Set(["Este pedido já foi reembolsado."]));
  });
});
