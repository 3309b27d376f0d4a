// Restocking runs and stock alerts on real PostgreSQL with many clients at once: three app instances (three
// connection pools) on one throwaway database, racing to deliver one run, to start runs with the same
// missing product, to sell and adjust across an alert level, and to send the alert digests. What is asserted
// is what a host could observe: the runs and their lines, the stock, the stock ledger, the alerts and mails.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart } from "~/domain/carts/add-to-cart.server";
import { AppError } from "~/domain/errors";
import { placeOrder } from "~/domain/payments/place-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import { advanceReplacement } from "~/domain/restock/advance-replacement.server";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { listMissingProducts } from "~/domain/restock/missing-products.server";
import { saveStockQuantities } from "~/domain/stock/save-stock-quantities.server";
import { sendStockAlertDigests } from "~/domain/stock/stock-alerts.server";
import type { Actor } from "~/domain/team/permissions";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import {
  orders,
  payments,
  propertyProducts,
  replacementItems,
  replacements,
  stockAlerts,
  stockMovements,
} from "~/platform/db/schema";
import { createMailer } from "~/platform/mail/mailer.server";
import { readOutbox } from "~/platform/mail/outbox.server";
import {
  BUYER,
  type CheckoutHarness,
  checkoutHarness,
  deliverWebhook,
  SANDBOX_PAYMENTS,
} from "../support/checkout-fixtures";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import {
  currentOf,
  emailOf,
  historyOfRun,
  memberOf,
  movementsOfRun,
  ownerOf,
} from "../support/restock-fixtures";
import { newDeviceId, shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

const NOT_MISSING = "Este produto não está mais faltando neste imóvel.";
const FORBIDDEN = "Você não tem permissão para fazer isso nesta organização.";

type Shop = Awaited<ReturnType<typeof shopFixture>>;
/** One app instance: its own pool and payments context (sandbox client, outbox). */
type Instance = { handle: DatabaseHandle; harness: CheckoutHarness };

/** A distinct client address per guest: new carts and orders are limited per IP. */
let ipCounter = 0;
const nextIp = () => {
  const n = ++ipCounter;
  return `10.77.${(n >> 8) & 255}.${n & 255}`;
};

/** The refusal a settled promise carries, as a caller sees it. */
function refusalOf(result: PromiseSettledResult<unknown>) {
  if (result.status === "fulfilled") return undefined;
  const reason: unknown = result.reason;
  if (!(reason instanceof AppError)) throw reason;
  return { kind: reason.kind, message: reason.message };
}

describe.runIf(available)("restocking runs and stock alerts on PostgreSQL, across instances", () => {
  let database: ThrowawayDatabase;
  let instances: Instance[] = [];
  const at = (i: number) => instances[i % instances.length] as Instance;
  const dbAt = (i: number) => at(i).handle.db;
  const db = () => dbAt(0);

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    const handles = await Promise.all(
      [1, 2, 3].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 12 })),
    );
    await migrateDatabase(handles[0] as DatabaseHandle);
    instances = handles.map((handle) => ({ handle, harness: checkoutHarness(handle.db) }));
  });
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.handle.close()));
    await database?.drop();
  });

  const id = (shop: Shop, name: string) => shop.productIds[name] ?? "";
  const line = (shop: Shop, name: string) => ({ propertyId: shop.propertyId, productId: id(shop, name) });

  async function runsOf(organizationId: string) {
    return db().select().from(replacements).where(eq(replacements.organizationId, organizationId));
  }

  async function linesOf(organizationId: string) {
    return db()
      .select({
        replacementId: replacementItems.replacementId,
        productId: replacementItems.productId,
        quantity: replacementItems.quantity,
      })
      .from(replacementItems)
      .where(eq(replacementItems.organizationId, organizationId));
  }

  it("20 'Entregue' pressed at once on three instances deliver the run once: one restock per line, every press answered", async () => {
    // Expected 5 each (shopFixture): 3 waters and 5 coffees are missing; the tea is not counted.
    const shop = await shopFixture(db(), [
      { name: "Água", priceCents: 450, stock: 2 },
      { name: "Café", priceCents: 800, stock: 0 },
      { name: "Chá", priceCents: 600, stock: null },
    ]);
    const owner = await ownerOf(db(), shop.organizationId);
    const { id: runId } = await createReplacement(db(), owner, [line(shop, "Água"), line(shop, "Café")]);
    await advanceReplacement(dbAt(1), owner, {
      id: runId,
      from: "processing",
      to: "separated_for_replacement",
    });
    await advanceReplacement(dbAt(2), owner, {
      id: runId,
      from: "separated_for_replacement",
      to: "in_transit",
    });
    expect(await currentOf(db(), shop.propertyId, id(shop, "Água"))).toBe(2);
    expect(await currentOf(db(), shop.propertyId, id(shop, "Café"))).toBe(0);

    const presses = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        advanceReplacement(dbAt(i), owner, { id: runId, from: "in_transit", to: "delivered" }),
      ),
    );
    // The first moves it; the late ones find it delivered and are told so, without an error.
    expect(presses.map(refusalOf).filter(Boolean)).toEqual([]);
    for (const p of presses) expect(p).toEqual({ status: "fulfilled", value: { status: "delivered" } });

    const [run] = (await runsOf(shop.organizationId)).filter((r) => r.id === runId);
    expect(run?.status).toBe("delivered");
    expect((await historyOfRun(db(), runId)).map((h) => h.move)).toEqual([
      "∅→processing",
      "processing→separated_for_replacement",
      "separated_for_replacement→in_transit",
      "in_transit→delivered",
    ]);
    // Stock = old + planned quantity, once; one `restock` movement per line.
    expect(await currentOf(db(), shop.propertyId, id(shop, "Água"))).toBe(5);
    expect(await currentOf(db(), shop.propertyId, id(shop, "Café"))).toBe(5);
    expect(await currentOf(db(), shop.propertyId, id(shop, "Chá"))).toBeNull();
    const moves = await movementsOfRun(db(), runId);
    expect(
      moves.map((m) => [m.productId === id(shop, "Água") ? "Água" : "Café", m.reason, m.old, m.new]).sort(),
    ).toEqual([
      ["Café", "restock", 0, 5],
      ["Água", "restock", 2, 5],
    ]);
    expect(moves.every((m) => m.propertyId === shop.propertyId && m.actorUserId === owner.userId)).toBe(true);
    const all = await db()
      .select({ reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.propertyId, shop.propertyId));
    expect(all.filter((m) => m.reason === "restock")).toHaveLength(2);
    // Nothing is missing any more.
    expect(await listMissingProducts(db(), owner)).toEqual([]);
  });

  it("10 runs started at once by two owners for the same missing product take it once; the others are refused", async () => {
    const shop = await shopFixture(db(), [
      { name: "Vinho", priceCents: 5000, stock: 1 },
      { name: "Granola", priceCents: 1650, stock: 3 },
    ]);
    const first = await ownerOf(db(), shop.organizationId);
    const second = (await memberOf(db(), shop.organizationId, "owner")).actor;
    expect(second.userId).not.toBe(first.userId);

    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        createReplacement(dbAt(i), i % 2 ? second : first, [line(shop, "Vinho")]),
      ),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const refusals = attempts.map(refusalOf).filter(Boolean);
    expect(refusals).toHaveLength(9);
    for (const r of refusals) expect(r).toEqual({ kind: "conflict", message: NOT_MISSING });

    const runs = await runsOf(shop.organizationId);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.status).toBe("processing");
    // 5 expected, 1 there: the lines of all runs take exactly the 4 missing, never more.
    expect((await linesOf(shop.organizationId)).map((l) => [l.productId, l.quantity])).toEqual([
      [id(shop, "Vinho"), 4],
    ]);
    const missing = await listMissingProducts(db(), first);
    expect(missing.map((m) => [m.productName, m.onTheWay, m.toRestock])).toEqual([
      ["Granola", 0, 2],
      ["Vinho", 4, 0],
    ]);

    // Two different products ticked at once, five times each: one run for each, each for what is missing.
    const mixed = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        createReplacement(dbAt(i), i % 2 ? second : first, [line(shop, i % 2 ? "Granola" : "Vinho")]),
      ),
    );
    // Vinho is already on its way: all five refused; Granola: one of five taken.
    expect(mixed.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const r of mixed.map(refusalOf).filter(Boolean))
      expect(r).toEqual({ kind: "conflict", message: NOT_MISSING });
    expect(await runsOf(shop.organizationId)).toHaveLength(2);
    const lines = await linesOf(shop.organizationId);
    const units = (name: string) =>
      lines.filter((l) => l.productId === id(shop, name)).reduce((sum, l) => sum + l.quantity, 0);
    expect(units("Vinho")).toBe(4);
    expect(units("Granola")).toBe(2);
    expect(await listMissingProducts(db(), first, { onlyToRestock: true })).toEqual([]);
  });

  it("a staff member delivers a run but can neither start nor cancel one", async () => {
    const shop = await shopFixture(db(), [{ name: "Água", priceCents: 450, stock: 1 }]);
    const owner = await ownerOf(db(), shop.organizationId);
    const staff = (await memberOf(db(), shop.organizationId, "staff")).actor;

    const refused = await Promise.allSettled([createReplacement(dbAt(1), staff, [line(shop, "Água")])]);
    expect(refused.map(refusalOf)).toEqual([{ kind: "forbidden", message: FORBIDDEN }]);
    expect(await runsOf(shop.organizationId)).toEqual([]);

    const { id: runId } = await createReplacement(db(), owner, [line(shop, "Água")]);
    const cancel = await Promise.allSettled([
      advanceReplacement(dbAt(2), staff, { id: runId, from: "processing", to: "cancelled" }),
    ]);
    expect(cancel.map(refusalOf)).toEqual([{ kind: "forbidden", message: FORBIDDEN }]);

    const steps = [
      ["processing", "separated_for_replacement"],
      ["separated_for_replacement", "in_transit"],
      ["in_transit", "delivered"],
    ] as const;
    for (const [i, [from, to]] of steps.entries()) {
      expect(await advanceReplacement(dbAt(i), staff, { id: runId, from, to })).toEqual({ status: to });
    }
    const history = await historyOfRun(db(), runId);
    expect(history.map((h) => h.move)).toEqual([
      "∅→processing",
      "processing→separated_for_replacement",
      "separated_for_replacement→in_transit",
      "in_transit→delivered",
    ]);
    expect(history.slice(1).every((h) => h.actorUserId === staff.userId)).toBe(true);
    expect(await currentOf(db(), shop.propertyId, id(shop, "Água"))).toBe(5);
    expect((await movementsOfRun(db(), runId)).map((m) => [m.reason, m.old, m.new, m.actorUserId])).toEqual([
      ["restock", 1, 5, staff.userId],
    ]);
  });

  describe("stock alerts", () => {
    /** A guest of this shop holding an open PIX order for one unit of the product. */
    async function orderFor(shop: Shop, product: string, instance: number) {
      const deviceId = newDeviceId();
      const ip = nextIp();
      const cart = await addToCart(dbAt(instance), {
        hash: shop.hash,
        productId: id(shop, product),
        deviceId,
        ip,
      });
      const key = { cartId: cart.id, deviceId, ip };
      await placeOrder(at(instance).harness.ctx, { ...key, method: "pix", buyer: BUYER });
      const { orderId } = await startPixPayment(at(instance).harness.ctx, key);
      const [charge] = await db()
        .select({ providerPaymentId: payments.providerPaymentId })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.method, "pix")));
      if (!charge?.providerPaymentId) throw new Error(`order ${orderId} has no PIX charge`);
      return { orderId, pix: charge.providerPaymentId, instance };
    }

    /** The guest's bank pays, and the signed notification lands on another instance. */
    async function pay(order: { pix: string; instance: number }) {
      await at(order.instance).harness.sandbox.settle(order.pix, "approve");
      const { url, headers, body } = await at(order.instance + 1).harness.sandbox.webhookFor(order.pix);
      return deliverWebhook(at(order.instance + 1).harness.ctx, SANDBOX_PAYMENTS, {
        headers,
        body,
        query: new URL(url).searchParams,
      });
    }

    async function openAlerts(organizationIds: string[]) {
      return db()
        .select({
          organizationId: stockAlerts.organizationId,
          propertyId: stockAlerts.propertyId,
          productId: stockAlerts.productId,
        })
        .from(stockAlerts)
        .where(and(inArray(stockAlerts.organizationId, organizationIds), isNull(stockAlerts.notifiedAt)));
    }

    it("concurrent sales and adjustments crossing the alert level open one alert per property product; two digests at once send one per organization", async () => {
      // Expected 5 (shopFixture): the alert level is a quarter, 1 unit, unless the host set one.
      const beach = await shopFixture(db(), [
        { name: "Vinho", priceCents: 5000, stock: 6 },
        { name: "Água", priceCents: 450, stock: 5 },
        { name: "Chá", priceCents: 600, stock: 5 },
      ]);
      const other = await shopFixture(db(), [{ name: "Café", priceCents: 800, stock: 5 }]);
      const owner = await ownerOf(db(), beach.organizationId);
      const otherOwner = await ownerOf(db(), other.organizationId);
      const manager = await memberOf(db(), beach.organizationId, "manager");
      const staff = await memberOf(db(), beach.organizationId, "staff");
      // Wine alerts at 3 units (the host's own level); its stock is 6 of 5 expected.
      await db()
        .update(propertyProducts)
        .set({ alertQuantity: 3 })
        .where(
          and(
            eq(propertyProducts.propertyId, beach.propertyId),
            eq(propertyProducts.productId, id(beach, "Vinho")),
          ),
        );
      const orgs = [beach.organizationId, other.organizationId];
      expect(await openAlerts(orgs)).toEqual([]);

      // Six guests hold one wine each; they all pay at once while the host recounts the wine (2, then back
      // to 6, five times over), the water (1 and 4) and the tea (never below 2), on every instance.
      const held = await Promise.all(Array.from({ length: 6 }, (_, i) => orderFor(beach, "Vinho", i)));
      const save = (i: number, actor: Actor, shop: Shop, name: string, current: number) =>
        saveStockQuantities(dbAt(i), actor, shop.propertyId, [
          {
            productId: id(shop, name),
            current: String(current),
            expected: "5",
            lossReason: "consumed_unpaid",
          },
        ]);
      const outcomes = await Promise.allSettled([
        ...held.map(pay),
        ...Array.from({ length: 10 }, (_, i) => save(i, owner, beach, "Vinho", i % 2 ? 6 : 2)),
        ...Array.from({ length: 10 }, (_, i) =>
          save(i + 1, i % 2 ? manager.actor : staff.actor, beach, "Água", i % 2 ? 4 : 1),
        ),
        ...Array.from({ length: 10 }, (_, i) => save(i + 2, owner, beach, "Chá", i % 2 ? 4 : 2)),
        ...Array.from({ length: 10 }, (_, i) => save(i, otherOwner, other, "Café", i % 2 ? 5 : 0)),
      ]);
      expect(outcomes.map(refusalOf).filter(Boolean)).toEqual([]);
      expect(outcomes.slice(0, 6)).toEqual(Array(6).fill({ status: "fulfilled", value: "applied" }));
      const paid = await db()
        .select({ status: orders.status })
        .from(orders)
        .where(
          inArray(
            orders.id,
            held.map((h) => h.orderId),
          ),
        );
      expect(paid.map((o) => o.status)).toEqual(Array(6).fill("paid"));
      const sales = await db()
        .select({ reason: stockMovements.reason })
        .from(stockMovements)
        .where(
          and(
            eq(stockMovements.propertyId, beach.propertyId),
            eq(stockMovements.productId, id(beach, "Vinho")),
            eq(stockMovements.reason, "sale"),
          ),
        );
      // A sale of a unit from 0 changes nothing and writes nothing; the others are in the ledger.
      expect(sales.length).toBeGreaterThan(0);

      // Each product that went to or below its level at least once has one open alert; the tea never did.
      const open = await openAlerts(orgs);
      const named = open
        .map((a) => {
          const shop = a.organizationId === beach.organizationId ? beach : other;
          const name = Object.entries(shop.productIds).find(([, pid]) => pid === a.productId)?.[0];
          return `${a.propertyId === shop.propertyId ? "ok" : "wrong property"}:${name}`;
        })
        .sort();
      expect(named).toEqual(["ok:Café", "ok:Vinho", "ok:Água"]);
      // The water crossed its level (from above 1 to 1) at least once in that race, maybe more; crossing it
      // again while its alert is open adds none.
      const crossings = await db()
        .select({ old: stockMovements.oldQuantity, new: stockMovements.newQuantity })
        .from(stockMovements)
        .where(
          and(
            eq(stockMovements.propertyId, beach.propertyId),
            eq(stockMovements.productId, id(beach, "Água")),
          ),
        );
      expect(crossings.filter((m) => (m.old ?? 0) > 1 && (m.new ?? 0) <= 1).length).toBeGreaterThan(0);
      await save(0, owner, beach, "Água", 4);
      await save(1, manager.actor, beach, "Água", 0);
      expect(await openAlerts(orgs)).toHaveLength(3);

      // Two instances send the digests at the same moment: one email per organization to each owner and
      // manager, none to staff, and every alert closed.
      const outboxes = [0, 1].map(() =>
        path.join(mkdtempSync(path.join(tmpdir(), "estadia-restock-alerts-")), "outbox"),
      );
      const digest = (i: number) =>
        sendStockAlertDigests({
          db: dbAt(i),
          mail: createMailer({
            smtpUrl: undefined,
            from: "Estadia <nao-responda@estadia.dev>",
            outboxDir: outboxes[i] as string,
          }),
          appUrl: "http://localhost:8080",
          whatsapp: null,
          log: pino({ level: "silent" }),
          now: () => new Date(),
        });
      const organizationsWithAlerts = new Set(
        (
          await db()
            .selectDistinct({ organizationId: stockAlerts.organizationId })
            .from(stockAlerts)
            .where(isNull(stockAlerts.notifiedAt))
        ).map((r) => r.organizationId),
      );
      const sent = await Promise.all([digest(0), digest(1)]);
      expect(sent[0] + sent[1]).toBe(organizationsWithAlerts.size);
      const mails = outboxes.flatMap((dir) => readOutbox(dir));
      const to = (email: string) => mails.filter((m) => m.to === email);
      const ownerEmail = await emailOf(db(), owner.userId);
      const otherEmail = await emailOf(db(), otherOwner.userId);
      for (const email of [ownerEmail, manager.email, otherEmail]) expect(to(email), email).toHaveLength(1);
      expect(to(staff.email)).toEqual([]);
      const beachMail = to(ownerEmail)[0];
      expect(beachMail?.subject).toBe("Estoque baixo: 2 produtos estão acabando");
      expect(beachMail?.text).toContain("http://localhost:8080/replacements/create");
      expect(beachMail?.text).toContain(`Casa `);
      expect(beachMail?.text).toMatch(/: Vinho — \d+ de 5/);
      expect(beachMail?.text).toContain(": Água — 0 de 5");
      expect(beachMail?.text).not.toContain("Chá");
      expect(to(manager.email)[0]?.text).toBe(beachMail?.text);
      expect(to(otherEmail)[0]?.subject).toBe("Estoque baixo: 1 produto está acabando");
      expect(to(otherEmail)[0]?.text).toMatch(/: Café — \d+ de 5/);

      expect(await openAlerts(orgs)).toEqual([]);
      expect(await Promise.all([digest(0), digest(1)])).toEqual([0, 0]);
      expect(outboxes.flatMap((dir) => readOutbox(dir))).toHaveLength(mails.length);
    });

    it("a digest that meets an alert held by a stock change waits for it, and sends the whole list in one email", async () => {
      const shop = await shopFixture(db(), [
        { name: "Vinho", priceCents: 5000, stock: 5 },
        { name: "Água", priceCents: 450, stock: 5 },
      ]);
      const owner = await ownerOf(db(), shop.organizationId);
      for (const name of ["Vinho", "Água"]) {
        await saveStockQuantities(db(), owner, shop.propertyId, [
          { productId: id(shop, name), current: "0", expected: "5", lossReason: "consumed_unpaid" },
        ]);
      }
      const [held, other] = await openAlerts([shop.organizationId]);
      expect(other).toBeDefined();
      const outbox = path.join(mkdtempSync(path.join(tmpdir(), "estadia-restock-alerts-")), "outbox");
      const waitingOnALock = async () =>
        (
          await db()
            .select({ n: sql<number>`count(*)::int` })
            .from(sql`pg_stat_activity`)
            .where(sql`datname = current_database() and wait_event_type = 'Lock'`)
        )[0]?.n ?? 0;
      let digest: Promise<number> | undefined;
      // Another instance's transaction holds one of the alerts while the digest runs.
      await dbAt(1).transaction(async (tx) => {
        await tx
          .select()
          .from(stockAlerts)
          .where(
            and(
              eq(stockAlerts.propertyId, held?.propertyId ?? ""),
              eq(stockAlerts.productId, held?.productId ?? ""),
              isNull(stockAlerts.notifiedAt),
            ),
          )
          .for("update");
        const running = sendStockAlertDigests({
          db: dbAt(0),
          mail: createMailer({
            smtpUrl: undefined,
            from: "Estadia <nao-responda@estadia.dev>",
            outboxDir: outbox,
          }),
          appUrl: "http://localhost:8080",
          whatsapp: null,
          log: pino({ level: "silent" }),
          now: () => new Date(),
        });
        digest = running;
        let settled = false;
        running.finally(() => {
          settled = true;
        });
        // Until the digest has either gone around the held alert (and finished) or waits for it.
        await expect.poll(async () => settled || (await waitingOnALock()) > 0, { interval: 20 }).toBe(true);
      });
      await digest;
      const ownerEmail = await emailOf(db(), owner.userId);
      const mails = readOutbox(outbox).filter((m) => m.to === ownerEmail);
      expect(mails.map((m) => m.subject)).toEqual(["Estoque baixo: 2 produtos estão acabando"]);
      expect(await openAlerts([shop.organizationId])).toEqual([]);
    });
  });
});
