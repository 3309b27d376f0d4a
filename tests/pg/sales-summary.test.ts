import { readFileSync } from "node:fs";
import { and, eq, ne, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  foldPastSlots,
  keptSalesSummary,
  rebuildSalesSummary,
  recomputeSalesSummary,
} from "~/domain/ledger/sales-summary.server";
import { expireOrder } from "~/domain/payments/expire-order.server";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { refundOrder } from "~/domain/payments/refund-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import { listProperties } from "~/domain/properties/read-properties.server";
import { listSales, readSalesFirstPage } from "~/domain/sales/sales-page.server";
import { salesTotals } from "~/domain/sales/sales-totals.server";
import type { Actor } from "~/domain/team/permissions";
import { orders, organization, payments, propertyProducts, salesDaily } from "~/platform/db/schema";
import { salesQueryOf } from "~/routes/backoffice/sales-query.server";
import { appInstances } from "../support/app-instances";
import {
  BUYER,
  checkoutHarness,
  deliverWebhook,
  guestWithCartIn,
  SANDBOX_PAYMENTS,
  TEST_CARD,
} from "../support/checkout-fixtures";
import { postgresAvailable } from "../support/postgres";
import { ownerOf } from "../support/restock-fixtures";
import { secondProperty, shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

type Shop = Awaited<ReturnType<typeof shopFixture>>;
type Guest = Awaited<ReturnType<typeof guestWithCartIn>>;

/** The sandbox's 3.99 % and Estadia's 3 %, each rounded half up. */
const providerFee = (cents: number) => Math.floor((cents * 399 + 5000) / 10000);
const platformFee = (cents: number) => Math.floor((cents * 300 + 5000) / 10000);

describe.runIf(available)("the /sales totals' summary on PostgreSQL", () => {
  const { at, db } = appInstances();

  /** Two houses (A: the fixture's, B: added) selling Vinho and Água, past the free days (Estadia's fee). */
  async function twoHouses(): Promise<{ a: Shop; b: Shop; owner: Actor }> {
    const a = await shopFixture(db(), [
      { name: "Vinho", priceCents: 5000, stock: null },
      { name: "Água", priceCents: 800, stock: null },
    ]);
    await db()
      .update(organization)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(organization.id, a.organizationId));
    const { id: houseB, hash } = await secondProperty(db(), a.organizationId);
    await db()
      .insert(propertyProducts)
      .values(
        Object.values(a.productIds).map((productId) => ({
          organizationId: a.organizationId,
          propertyId: houseB,
          productId,
          currentQuantity: null,
          expectedQuantity: 5,
        })),
      );
    return { a, b: { ...a, propertyId: houseB, hash }, owner: await ownerOf(db(), a.organizationId) };
  }

  /** A guest of `shop` with these items places an order through instance `i`. */
  async function placed(
    shop: Shop,
    quantities: Record<string, number>,
    method: "pix" | "credit_card",
    i = 0,
  ) {
    const g = await guestWithCartIn(at(i).ctx.db, shop, quantities);
    await placeOrder(at(i).ctx, { ...g.key, method, buyer: BUYER });
    return g;
  }

  /** The guest pays by PIX; the webhook says so. */
  async function payPix(g: Guest, i = 0) {
    const { ctx, sandbox } = at(i);
    const { orderId } = await startPixPayment(ctx, g.key);
    const [pix] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
    await sandbox.settle(pix?.providerPaymentId ?? "", "approve");
    await paidWebhook(pix?.providerPaymentId ?? "", i);
    return orderId;
  }

  async function paidWebhook(providerPaymentId: string, i: number) {
    const { ctx, sandbox } = at(i);
    const { url, headers, body } = await sandbox.webhookFor(providerPaymentId);
    await deliverWebhook(ctx, SANDBOX_PAYMENTS, { headers, body, query: new URL(url).searchParams });
  }

  /** The guest pays by card; the name on it decides (APRO paid, OTHE refused, CONT in review). */
  async function payCard(g: Guest, holderName: "APRO" | "OTHE" | "CONT", i = 0) {
    const { ctx, sandbox } = at(i);
    const token = (await sandbox.tokenize({ ...TEST_CARD, holderName })).id;
    return (await payByCard(ctx, { ...g.key, token, paymentMethodId: null, issuerId: null })).orderId;
  }

  /** The organization's summary rows, slot by slot (rows moved down to zero aside). */
  async function rowsBySlot(organizationId: string) {
    const result = await db().execute(sql`
      select property_id, day::text, status, slot, orders, gross_cents, provider_fee_cents, platform_fee_cents,
             refund_cents
      from ${salesDaily}
      where organization_id = ${organizationId}
        and (orders, gross_cents, provider_fee_cents, platform_fee_cents, refund_cents) <> (0, 0, 0, 0, 0)
      order by property_id, day, status, slot`);
    return result.rows;
  }

  /** The filter of the São Paulo days the organization's orders were placed on, plus `extra`. */
  async function period(organizationId: string, extra: Record<string, string> = {}) {
    const [span] = await db()
      .select({
        from: sql<string>`min((${orders.createdAt} at time zone 'America/Sao_Paulo')::date)::text`,
        to: sql<string>`max((${orders.createdAt} at time zone 'America/Sao_Paulo')::date)::text`,
      })
      .from(orders)
      .where(eq(orders.organizationId, organizationId));
    return salesQueryOf(new URLSearchParams({ de: span?.from ?? "", ate: span?.to ?? "", ...extra }));
  }

  it("gives the totals computed by hand for each filter, and the summary equals its recomputation", async () => {
    const { a, b, owner } = await twoHouses();
    const h = at(0);
    // A: PIX, Vinho (5000). A: card, Vinho + Água (5800). B: PIX, 2 Vinho (10000), refunded.
    const pix = await payPix(await placed(a, { Vinho: 1 }, "pix"));
    const card = await payCard(await placed(a, { Vinho: 1, Água: 1 }, "credit_card"), "APRO");
    const refunded = await payPix(await placed(b, { Vinho: 2 }, "pix"));
    await refundOrder(h.ctx, owner, { orderId: refunded, reason: "Hóspede desistiu" });
    // A: a refused card (failed); B: a card in review (processing); A: one left waiting (pending).
    const failed = await payCard(await placed(a, { Água: 1 }, "credit_card"), "OTHE");
    const inReview = await payCard(await placed(b, { Vinho: 1 }, "credit_card"), "CONT");
    await placed(a, { Água: 1 }, "pix");
    // A: a PIX code never paid, expired after the hold (cancelled).
    const expiring = await startPixPayment(h.ctx, (await placed(a, { Água: 2 }, "pix")).key);
    // Expired by an instance whose clock is past the hold (the others' clocks stay as they are).
    const later = checkoutHarness(db());
    later.clock.advance(31 * 60_000);
    await expireOrder(later.ctx, expiring.orderId);

    const statusOf = async (id: string) =>
      (await db().select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
    expect(
      await Promise.all([pix, card, refunded, failed, inReview, expiring.orderId].map(statusOf)),
    ).toEqual(["paid", "paid", "refunded", "failed", "processing", "cancelled"]);

    const paidMoney = {
      grossCents: 5000 + 5800,
      providerFeeCents: providerFee(5000) + providerFee(5800),
      platformFeeCents: platformFee(5000) + platformFee(5800),
      refundCents: 0,
    };
    // A full refund gives back the gross less the fees the provider and Estadia return with it.
    const refundedMoney = {
      grossCents: 10000,
      providerFeeCents: providerFee(10000),
      platformFeeCents: platformFee(10000),
      refundCents: -(10000 - providerFee(10000) - platformFee(10000)),
      netCents: 0,
    };
    const none = { grossCents: 0, providerFeeCents: 0, platformFeeCents: 0, refundCents: 0, netCents: 0 };
    const net = 5000 - 200 - 150 + (5800 - 231 - 174);

    expect(await salesTotals(db(), owner, await period(a.organizationId))).toEqual({
      orders: 7,
      counts: { paid: 2, refunded: 1, pending: 2, cancelled: 1, failed: 1 },
      grossCents: 20800,
      providerFeeCents: 200 + 231 + 399,
      platformFeeCents: 150 + 174 + 300,
      refundCents: -(10000 - 399 - 300),
      netCents: net,
    });
    expect(await salesTotals(db(), owner, await period(a.organizationId, { status: "paid" }))).toEqual({
      orders: 2,
      counts: { paid: 2, refunded: 0, pending: 0, cancelled: 0, failed: 0 },
      ...paidMoney,
      netCents: net,
    });
    expect(await salesTotals(db(), owner, await period(a.organizationId, { status: "refunded" }))).toEqual({
      orders: 1,
      counts: { paid: 0, refunded: 1, pending: 0, cancelled: 0, failed: 0 },
      ...refundedMoney,
    });
    // 'pending' groups the order waiting for its PIX and the card in review.
    expect(await salesTotals(db(), owner, await period(a.organizationId, { status: "pending" }))).toEqual({
      orders: 2,
      counts: { paid: 0, refunded: 0, pending: 2, cancelled: 0, failed: 0 },
      ...none,
    });
    expect(await salesTotals(db(), owner, await period(a.organizationId, { imovel: b.propertyId }))).toEqual({
      orders: 2,
      counts: { paid: 0, refunded: 1, pending: 1, cancelled: 0, failed: 0 },
      ...refundedMoney,
    });
    expect(
      await salesTotals(
        db(),
        owner,
        await period(a.organizationId, { imovel: a.propertyId, status: "cancelled" }),
      ),
    ).toMatchObject({ orders: 1, counts: { cancelled: 1 }, ...none });
    // No date: every day; a later period: nothing; another organization: nothing of these.
    expect(await salesTotals(db(), owner, salesQueryOf(new URLSearchParams()))).toMatchObject({
      orders: 7,
      netCents: net,
    });
    expect(
      await salesTotals(db(), owner, salesQueryOf(new URLSearchParams({ de: "2099-01-01" }))),
    ).toMatchObject({ orders: 0, ...none });
    const stranger = await ownerOf(db(), (await shopFixture(db(), [])).organizationId);
    expect(await salesTotals(db(), stranger, salesQueryOf(new URLSearchParams()))).toMatchObject({
      orders: 0,
      ...none,
    });

    // /sales' first page reads its rows, these totals and the properties in one round trip: the same.
    for (const filter of [
      await period(a.organizationId),
      await period(a.organizationId, { status: "pending" }),
      await period(a.organizationId, { imovel: b.propertyId, status: "refunded" }),
      salesQueryOf(new URLSearchParams({ de: "2099-01-01" })),
    ]) {
      expect(await readSalesFirstPage(db(), owner, filter)).toEqual({
        page: await listSales(db(), owner, filter, null),
        totals: await salesTotals(db(), owner, filter),
        properties: (await listProperties(db(), owner)).map((p) => ({ id: p.id, name: p.name })),
      });
    }
    expect((await readSalesFirstPage(db(), owner, await period(a.organizationId))).page.rows).toHaveLength(7);

    const kept = await keptSalesSummary(db(), a.organizationId);
    expect(kept).toEqual(await recomputeSalesSummary(db(), a.organizationId));
    expect(kept.map((r) => r.status).sort()).toEqual([
      "cancelled",
      "failed",
      "paid",
      "pending",
      "processing",
      "refunded",
    ]);
    // The migration's backfill, run again on an emptied table, builds the same rows.
    const migration = readFileSync("drizzle/0015_sales_summary.sql", "utf8").split(
      "--> statement-breakpoint",
    );
    await db().transaction(async (tx) => {
      await tx.delete(salesDaily);
      await tx.execute(sql.raw(migration.at(-1) ?? ""));
    });
    expect(await keptSalesSummary(db(), a.organizationId)).toEqual(kept);
  });

  it("stays equal to its recomputation with many clients at once, a refund racing a payment", async () => {
    const { a, b, owner } = await twoHouses();
    const shops = [a, b];
    // 24 orders placed at once on three instances, in both houses.
    const guests = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        placed(shops[i % 2] as Shop, i % 3 === 0 ? { Vinho: 1, Água: 2 } : { Vinho: 1 }, "pix", i),
      ),
    );
    // Two paid first: they are refunded while the others are being paid.
    const [first, second, ...rest] = guests as [Guest, Guest, ...Guest[]];
    const toRefund = [await payPix(first, 0), await payCard(second, "APRO", 1)];
    const [firstPix] = await db()
      .select()
      .from(payments)
      .where(eq(payments.orderId, toRefund[0] ?? ""));
    // All at once: 20 payments (PIX by webhook and cards, one refused), the two refunds, the first order's
    // payment webhook delivered again in the middle of its refund, and two orders placed and replaced.
    await Promise.all([
      ...rest
        .slice(0, 20)
        .map((g, i) =>
          i % 2 === 0 ? payPix(g, i) : payCard(g, i === 7 ? "OTHE" : i === 9 ? "CONT" : "APRO", i),
        ),
      ...toRefund.map((orderId, i) => refundOrder(at(i).ctx, owner, { orderId, reason: "Desistiu" })),
      paidWebhook(firstPix?.providerPaymentId ?? "", 2),
      ...rest.slice(20).map(async (g, i) => {
        await placeOrder(at(i).ctx, { ...g.key, method: "pix", buyer: { ...BUYER, name: "Outra Pessoa" } });
      }),
    ]);

    const kept = await keptSalesSummary(db(), a.organizationId);
    expect(kept).toEqual(await recomputeSalesSummary(db(), a.organizationId));
    // The orders were spread over several rows of each day's key (slots), not queued on one.
    const [spread] = await db()
      .select({ slots: sql<number>`count(distinct ${salesDaily.slot})::int` })
      .from(salesDaily)
      .where(eq(salesDaily.organizationId, a.organizationId));
    expect(spread?.slots).toBeGreaterThan(1);
    const totals = await salesTotals(db(), owner, await period(a.organizationId));
    // 24 placed, 2 of them replaced by new orders: 26; 18 paid of the 20, one refused, one in review.
    expect(totals.counts).toEqual({ paid: 18, refunded: 2, pending: 3, cancelled: 2, failed: 1 });
    expect(totals.orders).toBe(26);
    expect(totals.netCents).toBeGreaterThan(0);
    expect(totals.refundCents).toBeLessThan(0);

    // The repair rebuilds the rows the live writes made, slot by slot.
    const live = await rowsBySlot(a.organizationId);
    await rebuildSalesSummary(db(), a.organizationId, new Date());
    expect(await rowsBySlot(a.organizationId)).toEqual(live);
  });

  it("folds the slots of days past into one row per key, exactly, also while those orders are paid and refunded", async () => {
    const { a, owner } = await twoHouses();
    const guests = await Promise.all(Array.from({ length: 16 }, (_, i) => placed(a, { Vinho: 1 }, "pix", i)));
    const before = await salesTotals(db(), owner, await period(a.organizationId));
    const unfolded = async () =>
      (
        await db()
          .select({ slot: salesDaily.slot })
          .from(salesDaily)
          .where(and(eq(salesDaily.organizationId, a.organizationId), ne(salesDaily.slot, 0)))
      ).length;
    expect(await unfolded()).toBeGreaterThan(1);
    // Today and yesterday are left to the orders still being placed and paid.
    const now = new Date();
    expect(await foldPastSlots(db(), now)).toBe(0);
    const threeDaysOn = new Date(now.getTime() + 3 * 86_400_000);

    // Folded while half of them are paid and two of those refunded, on three instances.
    const [first, second, ...rest] = guests as [Guest, Guest, ...Guest[]];
    const refunded = [await payPix(first, 0), await payPix(second, 1)];
    await Promise.all([
      foldPastSlots(at(0).ctx.db, threeDaysOn),
      ...rest.slice(0, 6).map((g, i) => payPix(g, i)),
      ...refunded.map((orderId, i) => refundOrder(at(i + 1).ctx, owner, { orderId, reason: "Desistiu" })),
      foldPastSlots(at(2).ctx.db, threeDaysOn),
    ]);
    await foldPastSlots(db(), threeDaysOn);

    expect(await unfolded()).toBe(0);
    const kept = await keptSalesSummary(db(), a.organizationId);
    expect(kept).toEqual(await recomputeSalesSummary(db(), a.organizationId));
    const after = await salesTotals(db(), owner, await period(a.organizationId));
    expect(after.orders).toBe(before.orders);
    expect(after.counts).toEqual({ paid: 6, refunded: 2, pending: 8, cancelled: 0, failed: 0 });
    // One row per status left of the day's 16 orders: paid, refunded and pending.
    const folded = await rowsBySlot(a.organizationId);
    expect(folded.map((r) => [r.status, r.slot])).toEqual([
      ["paid", 0],
      ["pending", 0],
      ["refunded", 0],
    ]);
    // The repair, three days on, rebuilds the same rows.
    await rebuildSalesSummary(db(), a.organizationId, threeDaysOn);
    expect(await rowsBySlot(a.organizationId)).toEqual(folded);
  });
});
