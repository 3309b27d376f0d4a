// Disputes in the ledger on real PostgreSQL, three app instances at once (ADR 0061): a dispute and
// withdrawals of the same money racing never pay out disputed money; replayed or late dispute news posts
// once; a lost dispute reverses the sale and leaves the stock as sold. After every test, each wallet's
// balance columns equal the sums of its movements.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { walletAgreesWithLedger } from "~/domain/ledger/read-wallets.server";
import { settleDueReceivables } from "~/domain/ledger/settle-receivables.server";
import { requestWithdrawal } from "~/domain/ledger/withdrawals.server";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import type { Actor } from "~/domain/team/permissions";
import { formatCents } from "~/lib/money";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import {
  disputes,
  member,
  orders,
  payments,
  propertyProducts,
  receivables,
  refunds,
  walletMovements,
  wallets,
} from "~/platform/db/schema";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import type { SandboxDisputeStep } from "~/platform/payments/sandbox-provider.server";
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
const CPF_KEY = "529.982.247-25";
/** A PIX sale at this price nets exactly R$ 20,00 once the sandbox's 3.99% is taken. */
const PRICE_NETTING_20_REAIS = 2083;

type Shop = Awaited<ReturnType<typeof shopFixture>>;
type Instance = { handle: DatabaseHandle; harness: CheckoutHarness; ctx: PaymentsContext };

describe.runIf(available)("disputes on PostgreSQL, under concurrency and across instances", () => {
  let database: ThrowawayDatabase;
  let instances: Instance[] = [];
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
    await Promise.all(instances.map((i) => i.handle.close()));
    await database?.drop();
  });
  afterEach(async () => {
    const all = await db().select({ id: wallets.id }).from(wallets);
    for (const { id } of all) expect(await walletAgreesWithLedger(db(), id), `wallet ${id}`).toBe(true);
  });

  async function ownerOf(shop: Shop): Promise<Actor> {
    const [m] = await db().select().from(member).where(eq(member.organizationId, shop.organizationId));
    if (!m) throw new Error("no member");
    return { userId: m.userId, organizationId: shop.organizationId, role: "owner" };
  }

  /** A paid sale of one unit; the order and its charge at the sandbox. */
  async function paidSale(shop: Shop, product: string, method: "pix" | "credit_card", instance = 0) {
    const { ctx, harness } = at(instance);
    const g = await guestWithCartIn(ctx.db, shop, { [product]: 1 });
    await placeOrder(ctx, { ...g.key, method, buyer: BUYER });
    if (method === "pix") {
      const { orderId } = await startPixPayment(ctx, g.key);
      const chargeId = await chargeOf(orderId);
      await harness.sandbox.settle(chargeId, "approve");
      expect(await notify(chargeId, instance)).toBe("applied");
      return { orderId, chargeId };
    }
    const token = (await harness.sandbox.tokenize({ ...TEST_CARD, holderName: "APRO" })).id;
    const paid = await payByCard(ctx, { ...g.key, token, paymentMethodId: null, issuerId: null });
    expect(paid.status).toBe("paid");
    return { orderId: paid.orderId, chargeId: await chargeOf(paid.orderId) };
  }

  async function chargeOf(orderId: string) {
    const [p] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    if (!p?.providerPaymentId) throw new Error("no charge");
    return p.providerPaymentId;
  }

  /** The sandbox's signed notification about the charge (a new notification id each time), applied. */
  async function notify(chargeId: string, instance = 0) {
    const { ctx, harness } = at(instance);
    const { url, headers, body } = await harness.sandbox.webhookFor(chargeId);
    return deliverWebhook(ctx, SANDBOX_PAYMENTS, { headers, body, query: new URL(url).searchParams });
  }

  /** The payer's bank moves the dispute at the sandbox, and the provider tells the app `times` times at once. */
  async function disputeStep(chargeId: string, step: SandboxDisputeStep, times = 1) {
    await at(0).harness.sandbox.dispute(chargeId, step);
    return Promise.all(Array.from({ length: times }, (_, i) => notify(chargeId, i)));
  }

  async function walletOf(shop: { propertyId: string }) {
    const [w] = await db().select().from(wallets).where(eq(wallets.propertyId, shop.propertyId));
    if (!w) throw new Error("no wallet");
    return w;
  }

  const disputeMovements = async (walletId: string) =>
    (await db().select().from(walletMovements).where(eq(walletMovements.walletId, walletId)))
      .filter((m) => m.reference.startsWith("dispute:"))
      .map((m) => [m.kind, m.refundOf, m.bucket, m.amountCents])
      .sort();

  const withdraw = (i: number, owner: Actor, walletId: string, amount: string) =>
    requestWithdrawal(at(i).ctx, owner, {
      walletId,
      amount,
      pixKeyType: "cpf",
      pixKey: CPF_KEY,
      remember: false,
      requestKey: crypto.randomUUID(),
    });

  async function shopWithPixSales(sales: number, stock: number | null = null) {
    const shop = await shopFixture(db(), [{ name: "Espumante", priceCents: PRICE_NETTING_20_REAIS, stock }]);
    const sold = [];
    for (let i = 0; i < sales; i++) sold.push(await paidSale(shop, "Espumante", "pix", i));
    return { shop, sold, owner: await ownerOf(shop), wallet: await walletOf(shop) };
  }

  it("a dispute opened while 20 withdrawals of R$ 20,00 race for R$ 40,00: the disputed R$ 20,00 is never paid out", async () => {
    const { sold, owner, wallet } = await shopWithPixSales(2);
    expect(wallet.availableCents).toBe(4000);
    const disputed = sold[0]?.chargeId ?? "";
    await at(0).harness.sandbox.dispute(disputed, "open");

    const results = await Promise.allSettled([
      notify(disputed, 1),
      ...Array.from({ length: 20 }, (_, i) => withdraw(i, owner, wallet.id, "20,00")),
    ]);
    const [news, ...asked] = results;
    expect(news).toMatchObject({ status: "fulfilled", value: "applied" });
    const made = asked.filter((r) => r.status === "fulfilled");
    for (const r of asked) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(AppError);
    // The free R$ 20,00 always goes out; the disputed R$ 20,00 only if a withdrawal took it before the
    // dispute was known, and then the hold leaves the balance below zero instead of paying it twice.
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(made.length).toBeLessThanOrEqual(2);
    const after = await walletOf(wallet);
    expect(after.disputedCents).toBe(2000);
    expect(after.reservedCents).toBe(2000 * made.length);
    expect(after.availableCents).toBe(4000 - 2000 * made.length - 2000);
    expect(await disputeMovements(wallet.id)).toEqual([
      ["dispute", null, "available", -2000],
      ["dispute", null, "disputed", 2000],
    ]);

    // Nothing more leaves while it is held: a balance at zero or below refuses every withdrawal.
    const late = await withdraw(0, owner, wallet.id, "20,00").catch((err: unknown) => err);
    expect(late).toBeInstanceOf(AppError);
    expect((late as AppError).message).toBe(
      after.availableCents < 0
        ? `O saldo desta carteira está negativo (${formatCents(-2000)}) por uma venda contestada ou estornada: novos saques ficam bloqueados até que ele seja coberto por novas vendas.`
        : "Saldo insuficiente: não há saldo disponível para saque nesta carteira.",
    );
  });

  it("replayed dispute news posts once: opened 10 times holds once, lost 10 times reverses once, a late 'won' changes nothing", async () => {
    const { shop, sold, wallet } = await shopWithPixSales(1, 5);
    const { orderId, chargeId } = sold[0] ?? { orderId: "", chargeId: "" };
    const stockBefore = await db()
      .select({ current: propertyProducts.currentQuantity })
      .from(propertyProducts)
      .where(eq(propertyProducts.propertyId, shop.propertyId));
    expect(stockBefore[0]?.current).toBe(4);

    expect(await disputeStep(chargeId, "open", 10)).toEqual(Array(10).fill("applied"));
    expect(await walletOf(wallet)).toMatchObject({ availableCents: 0, disputedCents: 2000 });
    const [open] = await db().select().from(disputes).where(eq(disputes.orderId, orderId));
    expect(open).toMatchObject({ status: "opened", heldFrom: "available", heldCents: 2000 });

    await disputeStep(chargeId, "lose", 10);
    const fee = 83; // the sandbox's 3.99% of R$ 20,83
    expect(await disputeMovements(wallet.id)).toEqual(
      [
        ["dispute", null, "available", -2000],
        ["dispute", null, "available", 2000],
        ["dispute", null, "disputed", -2000],
        ["dispute", null, "disputed", 2000],
        ["refund", "fee", "available", fee],
        ["refund", "sale", "available", -PRICE_NETTING_20_REAIS],
      ].sort(),
    );
    // The R$ 20,00 held is gone with the sale: nothing left, nothing still disputed.
    expect(await walletOf(wallet)).toMatchObject({ availableCents: 0, disputedCents: 0 });
    const [order] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("refunded");
    const refund = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund.map((r) => r.reason)).toEqual(["Estornada por contestação"]);
    // The goods were delivered: the stock stays as sold.
    const stockAfter = await db()
      .select({ current: propertyProducts.currentQuantity })
      .from(propertyProducts)
      .where(eq(propertyProducts.propertyId, shop.propertyId));
    expect(stockAfter[0]?.current).toBe(4);

    // News after the end (a replayed 'opened', the charge read as paid again) moves nothing.
    const before = await disputeMovements(wallet.id);
    expect(await notify(chargeId, 2)).toBe("applied");
    expect(await disputeMovements(wallet.id)).toEqual(before);
    const [closed] = await db().select().from(disputes).where(eq(disputes.orderId, orderId));
    expect(closed).toMatchObject({ status: "lost", takenCents: 2000 });
  });

  it("a dispute won is released once, and news of 'won' with no dispute open is ignored", async () => {
    const { sold, wallet } = await shopWithPixSales(2);
    const [first, second] = sold;
    await disputeStep(first?.chargeId ?? "", "open");
    expect(await walletOf(wallet)).toMatchObject({ availableCents: 2000, disputedCents: 2000 });
    await disputeStep(first?.chargeId ?? "", "win", 10);
    expect(await walletOf(wallet)).toMatchObject({ availableCents: 4000, disputedCents: 0 });
    expect(await disputeMovements(wallet.id)).toHaveLength(4);
    const [won] = await db()
      .select()
      .from(disputes)
      .where(eq(disputes.orderId, first?.orderId ?? ""));
    expect(won?.status).toBe("won");
    // A second sale's charge read as paid again (a 'won' with nothing opened): no dispute, no movement.
    expect(await notify(second?.chargeId ?? "", 1)).toBe("applied");
    expect(
      await db()
        .select()
        .from(disputes)
        .where(eq(disputes.orderId, second?.orderId ?? "")),
    ).toEqual([]);
    const [order] = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, first?.orderId ?? ""));
    expect(order?.status).toBe("paid");
  });

  it("a loss told before its opening holds and reverses at once, once", async () => {
    const { sold, wallet } = await shopWithPixSales(1);
    await disputeStep(sold[0]?.chargeId ?? "", "lose", 5);
    expect(await walletOf(wallet)).toMatchObject({ availableCents: 0, disputedCents: 0 });
    expect(await disputeMovements(wallet.id)).toHaveLength(6);
  });

  it("a card sale not yet released is held where it is: its release waits while disputed and comes once it is won", async () => {
    const shop = await shopFixture(db(), [{ name: "Vinho", priceCents: 8000, stock: null }]);
    const { orderId, chargeId } = await paidSale(shop, "Vinho", "credit_card");
    const wallet = await walletOf(shop);
    const net = wallet.pendingCents;
    expect(net).toBeGreaterThan(0);
    await disputeStep(chargeId, "open");
    expect(await walletOf(wallet)).toMatchObject({ availableCents: 0, pendingCents: net, disputedCents: 0 });
    const [held] = await db().select().from(disputes).where(eq(disputes.orderId, orderId));
    expect(held?.heldFrom).toBe("pending");

    const later = new Date(Date.now() + 400 * 24 * 3600 * 1000);
    expect(await settleDueReceivables(db(), later)).toBe(0);
    expect(await walletOf(wallet)).toMatchObject({ availableCents: 0, pendingCents: net });
    const [r] = await db().select().from(receivables).where(eq(receivables.orderId, orderId));
    expect(r?.settledAt).toBeNull();

    await disputeStep(chargeId, "win");
    expect(await settleDueReceivables(db(), later)).toBe(1);
    expect(await walletOf(wallet)).toMatchObject({ availableCents: net, pendingCents: 0, disputedCents: 0 });
  });
});
