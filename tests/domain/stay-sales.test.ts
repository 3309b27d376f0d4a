// Sales by stay (issue 23): a sale belongs to the stay in progress at its property when it was paid, from
// the check-in day at 00:00 to the check-out day at 12:00 (São Paulo); a same-day turnover splits at noon.
// The stay's page, /sales with ?estadia= (rows, totals, pages) and its CSV must all show exactly those.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { refundOrder } from "~/domain/payments/refund-order.server";
import type { SalesFilter } from "~/domain/sales/sales-filter.server";
import { listSales, readSalesFirstPage, type SaleRow } from "~/domain/sales/sales-page.server";
import { salesTotals } from "~/domain/sales/sales-totals.server";
import { readStay } from "~/domain/stays/read-stay.server";
import type { Actor } from "~/domain/team/permissions";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { damageRecords, propertyProducts, type stays } from "~/platform/db/schema";
import { requestContext } from "~/platform/request-context";
import { backofficeContext } from "~/routes/backoffice/guard.server";
import { loader as salesCsvLoader } from "~/routes/backoffice/sales-csv";
import { salesQueryWithStay } from "~/routes/backoffice/sales-query.server";
import { servicesContext } from "~/routes/backoffice/services.server";
import { loader as stayLoader } from "~/routes/backoffice/stay-detail";
import {
  BUYER,
  type CheckoutHarness,
  checkoutHarness,
  guestWithCartIn,
  TEST_CARD,
} from "../support/checkout-fixtures";
import { memberOf, ownerOf } from "../support/restock-fixtures";
import { secondProperty, shopFixture } from "../support/shop-fixtures";
import { insertStay } from "../support/stay-fixtures";

vi.setConfig({ testTimeout: 60_000 });

// The routes' loaders open the process's database: here, the test's.
const current = vi.hoisted(() => ({ handle: null as unknown }));
vi.mock("~/platform/db/database.server", () => ({ database: async () => current.handle }));

type Shop = Awaited<ReturnType<typeof shopFixture>>;

let handle: DatabaseHandle;
let h: CheckoutHarness;
beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  current.handle = handle;
  h = checkoutHarness(handle.db);
});
afterAll(async () => {
  await handle?.close();
});
const db = () => handle.db;

/** An instant written in São Paulo time. */
const sp = (text: string) => new Date(`${text}-03:00`);

/** A guest of `shop` buys one Café by card, paid at `paidAt` (the harness's clock); the order's id. */
async function paidAt(shop: Shop, at: string): Promise<string> {
  h.clock.advance(sp(at).getTime() - h.clock.now().getTime());
  const g = await guestWithCartIn(db(), shop, { Café: 1 });
  await placeOrder(h.ctx, { ...g.key, method: "credit_card", buyer: BUYER });
  const token = (await h.sandbox.tokenize({ ...TEST_CARD, holderName: "APRO" })).id;
  return (await payByCard(h.ctx, { ...g.key, token, paymentMethodId: null, issuerId: null })).orderId;
}

const addStay = (
  shop: Pick<Shop, "organizationId" | "propertyId">,
  checkIn: string,
  checkOut: string,
  more: Partial<typeof stays.$inferInsert> = {},
) => insertStay(db(), shop, checkIn, checkOut, more);

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

/** Every row of a filter, page after page of `size`. */
async function allPages(owner: Actor, filter: SalesFilter, size: number) {
  const rows: SaleRow[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof listSales>> = await listSales(db(), owner, filter, cursor, size);
    rows.push(...page.rows);
    cursor = page.next;
  } while (cursor);
  return rows;
}

function contextFor(actor: Actor) {
  const context = new RouterContextProvider();
  context.set(backofficeContext, {
    actor,
    sessionId: "s1",
    user: { name: "Maria", email: "maria@example.com" },
    organizationName: "Sol",
    organizations: [{ id: actor.organizationId, name: "Sol" }],
  });
  context.set(requestContext, { log: h.ctx.log } as never);
  context.set(servicesContext, { ...h.ctx, outboxDir: null });
  return context;
}

function loaderArgs(actor: Actor, url: string, params: Record<string, string> = {}) {
  const request = new Request(url);
  return { request, url: new URL(url), params, context: contextFor(actor), pattern: "" } as never;
}

/**
 * The scenario: March 2026 at one house. Airbnb 10 → 14, then a direct booking 14 → 16 (same-day turnover),
 * a block 20 → 22, a cancelled stay 22 → 25; sales before, inside and after each; one at another house of
 * the same host during the first stay.
 */
async function scenario() {
  const shop = await shopFixture(db(), [{ name: "Café", priceCents: 1000, stock: null }]);
  const owner = await ownerOf(db(), shop.organizationId);
  const other = await secondProperty(db(), shop.organizationId);
  await db()
    .insert(propertyProducts)
    .values({
      organizationId: shop.organizationId,
      propertyId: other.id,
      productId: shop.productIds.Café ?? "",
      currentQuantity: null,
      expectedQuantity: 5,
    });
  const otherHouse = { ...shop, propertyId: other.id, hash: other.hash };

  const airbnb = await addStay(shop, "2026-03-10", "2026-03-14", { reservationCode: "HMABC123" });
  const direct = await addStay(shop, "2026-03-14", "2026-03-16", { source: "direct" });
  const block = await addStay(shop, "2026-03-20", "2026-03-22", { kind: "block" });
  const cancelled = await addStay(shop, "2026-03-22", "2026-03-25", { status: "cancelled" });

  const sales = {
    before: await paidAt(shop, "2026-03-09T23:59:00"),
    firstNight: await paidAt(shop, "2026-03-10T00:30:00"),
    elsewhere: await paidAt(otherHouse, "2026-03-11T10:00:00"),
    departureMorning: await paidAt(shop, "2026-03-14T11:59:00"),
    arrivalAfternoon: await paidAt(shop, "2026-03-14T12:00:00"),
    afterCheckOut: await paidAt(shop, "2026-03-16T12:30:00"),
    duringBlock: await paidAt(shop, "2026-03-21T10:00:00"),
    duringCancelled: await paidAt(shop, "2026-03-23T10:00:00"),
  };
  await refundOrder(h.ctx, owner, { orderId: sales.departureMorning, reason: "Hóspede desistiu" });
  return { shop, owner, airbnb, direct, block, cancelled, sales };
}

let s: Awaited<ReturnType<typeof scenario>>;
beforeAll(async () => {
  s = await scenario();
});

describe("a stay's page", () => {
  it("shows the sales paid from its check-in day to noon of its check-out day, its damages and neighbours", async () => {
    await db()
      .insert(damageRecords)
      .values([
        {
          organizationId: s.shop.organizationId,
          propertyId: s.shop.propertyId,
          stayId: s.airbnb,
          title: "Taça quebrada",
        },
        {
          organizationId: s.shop.organizationId,
          propertyId: s.shop.propertyId,
          stayId: s.direct,
          title: "Toalha manchada",
        },
      ]);
    const page = await readStay(db(), s.owner, s.airbnb);
    expect(page?.stay).toMatchObject({
      checkIn: "2026-03-10",
      checkOut: "2026-03-14",
      nights: 4,
      source: "airbnb",
      reservationCode: "HMABC123",
      status: "confirmed",
    });
    expect(page?.salesCount).toBe(2);
    expect(ids(page?.sales?.rows ?? [])).toEqual([s.sales.firstNight, s.sales.departureMorning].sort());
    expect(page?.sales?.totals).toMatchObject({
      orders: 2,
      counts: { paid: 1, refunded: 1 },
      grossCents: 2000,
    });
    expect(page?.sales?.totals.refundCents).toBeLessThan(0);
    expect(page?.damages).toEqual([expect.objectContaining({ title: "Taça quebrada", status: "open" })]);
    expect(page?.previous).toBeNull();
    expect(page?.next).toEqual({ id: s.direct, checkIn: "2026-03-14", checkOut: "2026-03-16" });
  });

  it("splits a same-day turnover at noon: the afternoon's sale is the arriving guest's", async () => {
    const page = await readStay(db(), s.owner, s.direct);
    expect(ids(page?.sales?.rows ?? [])).toEqual([s.sales.arrivalAfternoon]);
    expect(page?.previous?.id).toBe(s.airbnb);
    expect(page?.damages.map((d) => d.title)).toEqual(["Toalha manchada"]);
  });

  it("gives a block and a cancelled stay no sales", async () => {
    for (const id of [s.block, s.cancelled]) {
      const page = await readStay(db(), s.owner, id);
      expect(page?.window).toBeNull();
      expect(page?.salesCount).toBe(0);
      expect(page?.sales?.rows).toEqual([]);
    }
  });

  it("shows staff how many purchases, never the money", async () => {
    const { actor: staff } = await memberOf(db(), s.shop.organizationId, "staff");
    const page = await readStay(db(), staff, s.airbnb);
    expect(page?.salesCount).toBe(2);
    expect(page?.sales).toBeNull();
  });

  it("answers 404 for another host's stay, exactly like an unknown one", async () => {
    const stranger = await ownerOf(db(), (await shopFixture(db(), [])).organizationId);
    expect(await readStay(db(), stranger, s.airbnb)).toBeNull();
    for (const stayId of [s.airbnb, crypto.randomUUID(), "nao-e-um-id"]) {
      const answer = await stayLoader(
        loaderArgs(stranger, `http://localhost/estadias/${stayId}`, { stayId }),
      ).then(
        () => null,
        (e: unknown) => e,
      );
      expect(answer).toMatchObject({ init: { status: 404 } });
    }
    const mine = await stayLoader(
      loaderArgs(s.owner, `http://localhost/estadias/${s.airbnb}`, { stayId: s.airbnb }),
    );
    expect(mine).toMatchObject({ stay: { id: s.airbnb }, salesCount: 2, canReport: true });
  });
});

describe("/sales filtered by stay", () => {
  const byStay = (actor: Actor, stayId: string, more: Record<string, string> = {}) =>
    salesQueryWithStay(db(), actor, new URLSearchParams({ estadia: stayId, ...more }));

  it("lists exactly the stay's sales, page after page, with totals that add up to its rows", async () => {
    const filter = await byStay(s.owner, s.airbnb);
    expect(filter.stay).toMatchObject({ checkIn: "2026-03-10", checkOut: "2026-03-14", source: "airbnb" });
    expect(filter.stayError).toBeNull();
    const rows = await allPages(s.owner, filter, 1);
    expect(ids(rows)).toEqual([s.sales.firstNight, s.sales.departureMorning].sort());
    // A page's size is written into its statement: pages of 1 above do not cut a page of 2 short.
    expect(ids((await listSales(db(), s.owner, filter, null, 2)).rows)).toEqual(ids(rows));
    const totals = await salesTotals(db(), s.owner, filter);
    expect(totals.orders).toBe(rows.length);
    for (const field of [
      "grossCents",
      "providerFeeCents",
      "platformFeeCents",
      "refundCents",
      "netCents",
    ] as const) {
      expect(totals[field]).toBe(rows.reduce((sum, r) => sum + r[field], 0));
    }
    expect(ids(await allPages(s.owner, await byStay(s.owner, s.direct), 20))).toEqual([
      s.sales.arrivalAfternoon,
    ]);
    // /sales' first page reads its rows and these totals in one round trip: the same.
    const first = await readSalesFirstPage(db(), s.owner, filter);
    expect(first.page).toEqual(await listSales(db(), s.owner, filter, null));
    expect(first.totals).toEqual(totals);
  });

  it("combines with the other filters", async () => {
    const onlyPaid = await byStay(s.owner, s.airbnb, { status: "paid" });
    expect(ids((await listSales(db(), s.owner, onlyPaid, null)).rows)).toEqual([s.sales.firstNight]);
    expect(await salesTotals(db(), s.owner, onlyPaid)).toMatchObject({
      orders: 1,
      grossCents: 1000,
      refundCents: 0,
    });
  });

  it("finds nothing for a block or a cancelled stay", async () => {
    for (const id of [s.block, s.cancelled]) {
      const filter = await byStay(s.owner, id);
      expect(filter.stay?.id).toBe(id);
      expect((await listSales(db(), s.owner, filter, null)).rows).toEqual([]);
      expect(await salesTotals(db(), s.owner, filter)).toMatchObject({ orders: 0, grossCents: 0 });
    }
  });

  it("ignores another host's or an unknown stay with 'Estadia não encontrada.'", async () => {
    const strangerShop = await shopFixture(db(), [{ name: "Café", priceCents: 1000, stock: null }]);
    const stranger = await ownerOf(db(), strangerShop.organizationId);
    const theirs = await paidAt(strangerShop, "2026-03-11T10:00:00");
    for (const id of [s.airbnb, crypto.randomUUID(), "nao-e-um-id"]) {
      const filter = await byStay(stranger, id);
      expect(filter).toMatchObject({ stay: null, stayError: "Estadia não encontrada." });
      // No filter applied: the stranger sees their own sales, never the stay's.
      expect(ids((await listSales(db(), stranger, filter, null)).rows)).toEqual([theirs]);
    }
  });

  it("exports the same sales to the CSV", async () => {
    const response = (await salesCsvLoader(
      loaderArgs(s.owner, `http://localhost/sales.csv?estadia=${s.airbnb}`),
    )) as Response;
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split("\r\n").slice(1);
    expect(lines.map((l) => l.split(";")[0]).sort()).toEqual(
      [s.sales.firstNight, s.sales.departureMorning].sort(),
    );
  });
});
