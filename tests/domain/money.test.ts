import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  listWallets,
  receivablesOf,
  savedPayoutKey,
  walletAgreesWithLedger,
  walletStatement,
} from "~/domain/ledger/read-wallets.server";
import { settleDueReceivables } from "~/domain/ledger/settle-receivables.server";
import { applyTransfer, requestWithdrawal } from "~/domain/ledger/withdrawals.server";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { refundOrder } from "~/domain/payments/refund-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import { listSales } from "~/domain/sales/sales-page.server";
import { salesTotals } from "~/domain/sales/sales-totals.server";
import type { Actor } from "~/domain/team/permissions";
import {
  orders,
  payments,
  propertyProducts,
  stockMovements,
  wallets,
  withdrawals,
} from "~/platform/db/schema";
import { salesQueryOf } from "~/routes/backoffice/sales-query.server";
import {
  BUYER,
  deliverWebhook,
  guestWithCartIn,
  SANDBOX_PAYMENTS,
  TEST_CARD,
} from "../support/checkout-fixtures";
import { embeddedCheckout } from "../support/embedded-checkout";
import { refusal } from "../support/refusal";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000 });

const { db, h } = embeddedCheckout();

/** A guest who buys `quantity` units (by PIX or by card) in a shop; returns the paid order id. */
async function paidSale(
  shop: Awaited<ReturnType<typeof shopFixture>>,
  product: string,
  quantity: number,
  method: "pix" | "credit_card",
) {
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
  const paid = await payByCard(h.ctx, { ...g.key, token, paymentMethodId: null, issuerId: null });
  return paid.orderId;
}

async function walletOf(propertyId: string) {
  const [w] = await db().select().from(wallets).where(eq(wallets.propertyId, propertyId));
  if (!w) throw new Error("no wallet");
  return w;
}

const fee = (cents: number) => Math.floor((cents * 399 + 5000) / 10000);

describe("card receivables", () => {
  it("are released once on their date: 'to receive' becomes 'available'", async () => {
    const shop = await shopFixture(db(), [{ name: "Vinho", priceCents: 8000, stock: 5 }]);
    await paidSale(shop, "Vinho", 1, "credit_card");
    const before = await walletOf(shop.propertyId);
    expect(before).toMatchObject({ availableCents: 0, pendingCents: 8000 - fee(8000) });

    expect(await settleDueReceivables(db(), new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    const later = new Date(Date.now() + 31 * 86_400_000);
    await Promise.all([settleDueReceivables(db(), later), settleDueReceivables(db(), later)]);
    expect(await settleDueReceivables(db(), later)).toBe(0);
    expect(await walletOf(shop.propertyId)).toMatchObject({
      availableCents: 8000 - fee(8000),
      pendingCents: 0,
    });
    expect(await walletAgreesWithLedger(db(), before.id)).toBe(true);
  });
});

describe("withdrawals", () => {
  it("checks the amount, the minimum and the PIX key, and never takes more than is available", async () => {
    const shop = await shopFixture(db(), [{ name: "Café", priceCents: 5000, stock: null }]);
    await paidSale(shop, "Café", 1, "pix");
    const owner = await ownerOf(db(), shop.organizationId);
    const wallet = await walletOf(shop.propertyId);
    const available = 5000 - fee(5000);
    const ask = (amount: string, pixKeyType = "cpf", pixKey = "529.982.247-25") =>
      requestWithdrawal(h.ctx, owner, {
        walletId: wallet.id,
        amount,
        pixKeyType,
        pixKey,
        remember: false,
        requestKey: crypto.randomUUID(),
      });
    expect(await refusal(ask(""))).toMatchObject({ kind: "invalid", message: "Informe o valor do saque." });
    expect(await refusal(ask("5,00"))).toMatchObject({
      kind: "invalid",
      message: "O valor mínimo de saque é R$\u00a010,00.",
    });
    expect(await refusal(ask("20,00", "cpf", "123.456.789-00"))).toMatchObject({
      kind: "invalid",
      message: "CPF inválido",
    });
    expect(await refusal(ask("20,00", "email", "nao-e-email"))).toMatchObject({
      kind: "invalid",
      message: "E-mail inválido",
    });
    expect(await refusal(ask("60,00"))).toMatchObject({
      kind: "insufficient_funds",
      message: `Saldo insuficiente: você pode sacar até R$\u00a0${(available / 100).toFixed(2).replace(".", ",")}.`,
    });
    expect(await walletOf(shop.propertyId)).toMatchObject({ availableCents: available, reservedCents: 0 });
    expect(await db().select().from(withdrawals).where(eq(withdrawals.walletId, wallet.id))).toHaveLength(0);
  });

  it("reserves at once, is asked once for a double click, and is withdrawn when the provider pays", async () => {
    const shop = await shopFixture(db(), [{ name: "Café", priceCents: 10_000, stock: null }]);
    await paidSale(shop, "Café", 1, "pix");
    const owner = await ownerOf(db(), shop.organizationId);
    const wallet = await walletOf(shop.propertyId);
    const input = {
      walletId: wallet.id,
      amount: "50,00",
      pixKeyType: "phone",
      pixKey: "(11) 98765-4321",
      remember: true,
      requestKey: crypto.randomUUID(),
    };
    const [a, b] = await Promise.all([
      requestWithdrawal(h.ctx, owner, input).catch((e) => e),
      requestWithdrawal(h.ctx, owner, input).catch((e) => e),
    ]);
    const made = [a, b].filter((r) => !(r instanceof Error));
    expect(made.length).toBeGreaterThanOrEqual(1);
    const again = await requestWithdrawal(h.ctx, owner, input);
    expect(again.withdrawalId).toBe(made[0].withdrawalId);
    const rows = await db().select().from(withdrawals).where(eq(withdrawals.walletId, wallet.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "processing", pixKey: "5511987654321", pixKeyType: "phone" });
    const available = 10_000 - fee(10_000);
    expect(await walletOf(shop.propertyId)).toMatchObject({
      availableCents: available - 5000,
      reservedCents: 5000,
    });
    expect(await savedPayoutKey(db(), owner)).toEqual({ type: "phone", key: "5511987654321" });

    const transfer = await h.payouts.settle(rows[0]?.providerTransferId ?? "", "done");
    await applyTransfer(h.ctx, "sandbox", transfer);
    await applyTransfer(h.ctx, "sandbox", transfer);
    expect(await walletOf(shop.propertyId)).toMatchObject({
      availableCents: available - 5000,
      reservedCents: 0,
      withdrawnCents: 5000,
    });
    const statement = await walletStatement(db(), owner, wallet.id);
    expect(statement.map((r) => [r.type, r.amountCents, r.status, r.money])).toEqual([
      ["Saque", -5000, "Pago", null],
      [
        "Venda",
        available,
        "Pago",
        { grossCents: 10_000, providerFeeCents: fee(10_000), platformFeeCents: 0 },
      ],
    ]);
    expect(await walletAgreesWithLedger(db(), wallet.id)).toBe(true);
  });

  it("a failed transfer gives the money (and any fee) back to the available balance", async () => {
    const shop = await shopFixture(db(), [{ name: "Café", priceCents: 10_000, stock: null }]);
    await paidSale(shop, "Café", 1, "pix");
    const owner = await ownerOf(db(), shop.organizationId);
    const wallet = await walletOf(shop.propertyId);
    const withFee = { ...h.ctx, config: { ...h.ctx.config, withdrawalFeeCents: 150 } };
    const { withdrawalId } = await requestWithdrawal(withFee, owner, {
      walletId: wallet.id,
      amount: "30,00",
      pixKeyType: "evp",
      pixKey: "7D9F0335-8DCC-4054-9BF9-0DBD61D36906",
      remember: false,
      requestKey: crypto.randomUUID(),
    });
    const available = 10_000 - fee(10_000);
    expect(await walletOf(shop.propertyId)).toMatchObject({
      availableCents: available - 3000 - 150,
      reservedCents: 3000,
    });
    const [w] = await db().select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
    await applyTransfer(h.ctx, "sandbox", await h.payouts.settle(w?.providerTransferId ?? "", "failed"));
    expect(await walletOf(shop.propertyId)).toMatchObject({
      availableCents: available,
      reservedCents: 0,
      withdrawnCents: 0,
    });
    const [after] = await db().select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
    expect(after).toMatchObject({
      status: "failed",
      failureReason: "Chave Pix não encontrada no banco de destino",
    });
    expect(await walletAgreesWithLedger(db(), wallet.id)).toBe(true);
  });

  it("is the owner's alone", async () => {
    const shop = await shopFixture(db(), [{ name: "Café", priceCents: 10_000, stock: null }]);
    await paidSale(shop, "Café", 1, "pix");
    const owner = await ownerOf(db(), shop.organizationId);
    const wallet = await walletOf(shop.propertyId);
    const manager: Actor = { ...owner, role: "manager" };
    const input = {
      walletId: wallet.id,
      amount: "20,00",
      pixKeyType: "cpf",
      pixKey: "52998224725",
      remember: false,
      requestKey: crypto.randomUUID(),
    };
    expect((await refusal(requestWithdrawal(h.ctx, manager, input))).kind).toBe("forbidden");
    const stranger = await ownerOf(db(), (await shopFixture(db(), [])).organizationId);
    expect(await refusal(requestWithdrawal(h.ctx, stranger, input))).toEqual({
      kind: "not_found",
      message: "Carteira não encontrada",
    });
    expect(await refusal(walletStatement(db(), stranger, wallet.id))).toEqual({
      kind: "not_found",
      message: "Carteira não encontrada",
    });
    expect((await refusal(listWallets(db(), { ...owner, role: "staff" }))).kind).toBe("forbidden");
  });
});

describe("refunds", () => {
  it("a PIX sale refunded: the guest's money back, the sale reversed (the balance may go negative), stock back, once", async () => {
    const shop = await shopFixture(db(), [{ name: "Vinho", priceCents: 8000, stock: 5 }]);
    const orderId = await paidSale(shop, "Vinho", 2, "pix");
    const owner = await ownerOf(db(), shop.organizationId);
    const wallet = await walletOf(shop.propertyId);
    // The host withdrew most of it already.
    const w = await requestWithdrawal(h.ctx, owner, {
      walletId: wallet.id,
      amount: "150,00",
      pixKeyType: "cpf",
      pixKey: "52998224725",
      remember: false,
      requestKey: crypto.randomUUID(),
    });
    expect(w.status).toBe("processing");

    expect(await refusal(refundOrder(h.ctx, owner, { orderId, reason: " " }))).toMatchObject({
      kind: "invalid",
    });
    expect(
      (await refusal(refundOrder(h.ctx, { ...owner, role: "manager" }, { orderId, reason: "x" }))).kind,
    ).toBe("forbidden");
    const results = await Promise.allSettled([
      refundOrder(h.ctx, owner, { orderId, reason: "Hóspede não consumiu" }),
      refundOrder(h.ctx, owner, { orderId, reason: "Hóspede não consumiu" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await refusal(refundOrder(h.ctx, owner, { orderId, reason: "de novo" }))).toEqual({
      kind: "conflict",
      message: "Este pedido já foi reembolsado.",
    });

    const gross = 16_000;
    expect(await walletOf(shop.propertyId)).toMatchObject({
      availableCents: gross - fee(gross) - 15_000 - (gross - fee(gross)),
    });
    expect((await walletOf(shop.propertyId)).availableCents).toBeLessThan(0);
    expect(await walletAgreesWithLedger(db(), wallet.id)).toBe(true);
    const [stock] = await db()
      .select()
      .from(propertyProducts)
      .where(eq(propertyProducts.propertyId, shop.propertyId));
    expect(stock?.currentQuantity).toBe(5);
    const reversal = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reference, `order:${orderId}`));
    expect(reversal.map((m) => [m.reason, m.oldQuantity, m.newQuantity])).toEqual([
      ["sale", 5, 3],
      ["sale_reversal", 3, 5],
    ]);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.status).toBe("refunded");
    expect((await h.sandbox.getPayment(payment?.providerPaymentId ?? "")).status).toBe("refunded");
    // With the balance below zero, a new withdrawal waits.
    expect(
      (
        await refusal(
          requestWithdrawal(h.ctx, owner, {
            walletId: wallet.id,
            amount: "10,00",
            pixKeyType: "cpf",
            pixKey: "52998224725",
            remember: false,
            requestKey: crypto.randomUUID(),
          }),
        )
      ).kind,
    ).toBe("insufficient_funds");
  });

  it("a card sale refunded before its release: the receivable is cancelled and never released", async () => {
    const shop = await shopFixture(db(), [{ name: "Vinho", priceCents: 8000, stock: 5 }]);
    const orderId = await paidSale(shop, "Vinho", 1, "credit_card");
    const owner = await ownerOf(db(), shop.organizationId);
    await refundOrder(h.ctx, owner, { orderId, reason: "Cobrança em duplicidade" });
    const wallet = await walletOf(shop.propertyId);
    expect(wallet).toMatchObject({ availableCents: 0, pendingCents: 0 });
    expect(await settleDueReceivables(db(), new Date(Date.now() + 40 * 86_400_000))).toBe(0);
    expect((await receivablesOf(db(), owner, wallet.id))[0]).toMatchObject({
      cancelled: true,
      settledAt: null,
    });
    expect(await walletAgreesWithLedger(db(), wallet.id)).toBe(true);
  });
});

describe("sales", () => {
  it("lists the organization's sales newest first, 20 a page, filtered, with the filtered period's totals", async () => {
    const shop = await shopFixture(db(), [
      { name: "Água", priceCents: 450, stock: null },
      { name: "Café", priceCents: 800, stock: null },
    ]);
    const owner = await ownerOf(db(), shop.organizationId);
    const paid: string[] = [];
    for (let i = 0; i < 21; i++) paid.push(await paidSale(shop, i % 2 ? "Água" : "Café", 1, "pix"));
    // All sales so far share one instant (the harness clock stands still): pages must not lose or repeat
    // rows that tie. The last order comes a second later.
    h.clock.advance(1000);
    const pending = await guestWithCartIn(db(), shop, { Água: 2 });
    await placeOrder(h.ctx, { ...pending.key, method: "pix", buyer: BUYER });

    const all = salesQueryOf(new URLSearchParams());
    const first = await listSales(db(), owner, all, null);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]?.status).toBe("pending");
    expect(first.rows[0]?.items).toEqual([{ name: "Água", quantity: 2, unitPriceCents: 450 }]);
    const second = await listSales(db(), owner, all, first.next);
    expect(second.rows).toHaveLength(2);
    expect(second.next).toBeNull();
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(22);

    const onlyPaid = salesQueryOf(new URLSearchParams({ status: "paid" }));
    const paidPage = await listSales(db(), owner, onlyPaid, null);
    expect(paidPage.rows.every((r) => r.status === "paid")).toBe(true);
    const gross = 11 * 800 + 10 * 450;
    const fees = 11 * fee(800) + 10 * fee(450);
    expect(await salesTotals(db(), owner, onlyPaid)).toEqual({
      orders: 21,
      counts: { paid: 21, refunded: 0, pending: 0, cancelled: 0, failed: 0 },
      grossCents: gross,
      providerFeeCents: fees,
      platformFeeCents: 0,
      refundCents: 0,
      netCents: gross - fees,
    });
    expect(await salesTotals(db(), owner, all)).toMatchObject({
      orders: 22,
      counts: { paid: 21, pending: 1 },
      grossCents: gross,
    });
    // Each paid row carries its money from the ledger; the open order has none.
    // (The paid sales tie on one instant, so which comes first is the id's business: check every row.)
    for (const row of paidPage.rows) {
      const price = row.items[0]?.unitPriceCents ?? 0;
      expect(row).toMatchObject({
        grossCents: price,
        providerFeeCents: fee(price),
        netCents: price - fee(price),
      });
    }
    expect(first.rows[0]).toMatchObject({ grossCents: 0, netCents: 0 });
    const future = salesQueryOf(new URLSearchParams({ de: "2099-01-01" }));
    expect((await listSales(db(), owner, future, null)).rows).toEqual([]);

    const stranger = await ownerOf(db(), (await shopFixture(db(), [])).organizationId);
    expect((await listSales(db(), stranger, all, null)).rows).toEqual([]);
    expect((await refusal(listSales(db(), { ...owner, role: "staff" }, all, null))).kind).toBe("forbidden");
  });

  it("pages through sales of one millisecond, microseconds apart, without skipping or repeating any", async () => {
    const shop = await shopFixture(db(), [{ name: "Água", priceCents: 450, stock: null }]);
    const owner = await ownerOf(db(), shop.organizationId);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await paidSale(shop, "Água", 1, "pix"));
    // PostgreSQL keeps microseconds; pages of 3 end inside the millisecond.
    for (const [i, id] of ids.entries()) {
      await db()
        .update(orders)
        .set({ createdAt: sql`${`2026-02-01T12:00:00.000${i}${i}0Z`}::timestamptz` })
        .where(eq(orders.id, id));
    }
    const all = salesQueryOf(new URLSearchParams());
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listSales>> = await listSales(db(), owner, all, cursor, 3);
      seen.push(...page.rows.map((r) => r.id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });
});
