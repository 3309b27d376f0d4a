// LGPD (issue 24): 'Dados de hóspedes'. The owner finds a guest by email, phone or CPF (as typed) among
// the organization's orders only, exports everything stored about them, and anonymizes it everywhere it
// is kept while amounts, items and the ledger stay. A guest's own request from the receipt's link is
// recorded once and told to the owners; the retention job erases old orders through the same code.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { anonymizeForRequest, anonymizeGuest } from "~/domain/guests/anonymize-guest.server";
import { exportGuestData, listGuestRequests, searchGuest } from "~/domain/guests/guest-data.server";
import { recordGuestRequest } from "~/domain/guests/guest-request.server";
import { parseGuestSubject } from "~/domain/guests/guest-subject";
import { requestDeadlineText } from "~/domain/guests/request-deadline";
import { DEFAULT_GUEST_DATA_RETENTION_MONTHS } from "~/domain/guests/retention";
import { retentionCutoff, runGuestDataRetention } from "~/domain/guests/retention-job.server";
import { sendGuestCopy } from "~/domain/guests/send-guest-copy.server";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { sendReceipt } from "~/domain/payments/send-receipt.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import {
  guestDataRequests,
  orderItems,
  orders,
  paymentEvents,
  payments,
  walletMovements,
} from "~/platform/db/schema";
import { parseEnv } from "~/platform/env.server";
import { createMailer } from "~/platform/mail/mailer.server";
import { readOutbox } from "~/platform/mail/outbox.server";
import {
  BUYER,
  type CheckoutHarness,
  checkoutHarness,
  guestWithCartIn,
  TEST_CARD,
} from "../support/checkout-fixtures";
import { memberOf, ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 60_000 });

type Shop = Awaited<ReturnType<typeof shopFixture>>;
type Buyer = typeof BUYER;

let handle: DatabaseHandle;
let h: CheckoutHarness;
beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  h = checkoutHarness(handle.db);
});
afterAll(async () => {
  await handle?.close();
});
const db = () => handle.db;
const silent = pino({ level: "silent" });

const newShop = () =>
  shopFixture(db(), [
    { name: "Café", priceCents: 1200, stock: 50 },
    { name: "Água", priceCents: 450, stock: 50 },
  ]);

/** A guest of `shop` buys by card, paid; their receipt sent. The order's id. */
async function paidOrder(shop: Shop, buyer: Buyer): Promise<string> {
  const g = await guestWithCartIn(db(), shop, { Café: 1, Água: 2 });
  await placeOrder(h.ctx, { ...g.key, method: "credit_card", buyer });
  const token = (await h.sandbox.tokenize({ ...TEST_CARD, holderName: "APRO" })).id;
  const { orderId } = await payByCard(h.ctx, { ...g.key, token, paymentMethodId: null, issuerId: null });
  await sendReceipt(h.ctx, orderId);
  // A provider's notification about it, carrying the payer as providers do.
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment?.providerPaymentId) throw new Error("no payment");
  await db()
    .insert(paymentEvents)
    .values({
      organizationId: shop.organizationId,
      provider: payment.provider,
      eventId: randomUUID(),
      topic: "payment",
      providerPaymentId: payment.providerPaymentId,
      payload: { payer: { email: buyer.email, name: buyer.name } },
    });
  return orderId;
}

const ctx = (outboxDir: string | null = null) => ({ db: db(), outboxDir, now: () => new Date() });

async function orderRow(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("no order");
  return row;
}

async function ledgerSum(organizationId: string): Promise<number> {
  const [row] = await db()
    .select({ sum: sql<string>`coalesce(sum(${walletMovements.amountCents}), 0)` })
    .from(walletMovements)
    .where(eq(walletMovements.organizationId, organizationId));
  return Number(row?.sum ?? 0);
}

describe("the search", () => {
  it("normalizes what the owner types: email in any case, phone with or without +55, CPF with dots", () => {
    expect(parseGuestSubject("  Maria@Example.COM ")).toEqual({
      email: "maria@example.com",
      phone: null,
      cpf: null,
    });
    expect(parseGuestSubject("+55 (11) 98765-4321")).toEqual({
      email: null,
      phone: "11987654321",
      cpf: null,
    });
    expect(parseGuestSubject("(11) 3333-4444")).toEqual({ email: null, phone: "1133334444", cpf: null });
    expect(parseGuestSubject("123.456.789-09")).toEqual({ email: null, phone: null, cpf: "12345678909" });
    // Eleven digits may be a mobile or a CPF: both are looked for.
    expect(parseGuestSubject("11987654321")).toEqual({
      email: null,
      phone: "11987654321",
      cpf: "11987654321",
    });
    expect(parseGuestSubject("abc")).toBeNull();
    expect(parseGuestSubject("   ")).toBeNull();
  });

  it("finds the organization's orders by email, phone or CPF, and never another organization's", async () => {
    const shop = await newShop();
    const other = await newShop();
    const buyer = { ...BUYER, email: `ana-${randomUUID().slice(0, 8)}@example.com` };
    const mine = await paidOrder(shop, buyer);
    const theirs = await paidOrder(other, buyer);
    const owner = await ownerOf(db(), shop.organizationId);
    for (const q of [buyer.email.toUpperCase(), "+55 11 98765-4321", "(11) 98765-4321", "123.456.789-09"]) {
      const found = await searchGuest(db(), owner, q);
      const ids = found.orders.map((o) => o.id);
      expect(ids, q).toContain(mine);
      expect(ids, q).not.toContain(theirs);
    }
    const found = await searchGuest(db(), owner, buyer.email);
    expect(found.orders.map((o) => o.id)).toEqual([mine]);
    expect(found.stored).toEqual({
      names: [buyer.name],
      emails: [buyer.email],
      phones: [buyer.phone],
      cpfs: [buyer.cpf],
    });
    await expect(searchGuest(db(), owner, "nada")).rejects.toMatchObject({ kind: "invalid" });
  });

  it("is the owners' only", async () => {
    const shop = await newShop();
    const manager = (await memberOf(db(), shop.organizationId, "manager")).actor;
    const staff = (await memberOf(db(), shop.organizationId, "staff")).actor;
    for (const actor of [manager, staff]) {
      await expect(searchGuest(db(), actor, BUYER.email)).rejects.toMatchObject({ kind: "forbidden" });
      await expect(exportGuestData(db(), actor, BUYER.email)).rejects.toMatchObject({ kind: "forbidden" });
      await expect(anonymizeGuest(ctx(), actor, BUYER.email)).rejects.toMatchObject({ kind: "forbidden" });
    }
  });
});

describe("the export", () => {
  it("holds the orders, their items, how each payment stands and the receipt sent, and is recorded", async () => {
    const shop = await newShop();
    const buyer = { ...BUYER, email: `bia-${randomUUID().slice(0, 8)}@example.com` };
    const orderId = await paidOrder(shop, buyer);
    const owner = await ownerOf(db(), shop.organizationId);
    const exported = await exportGuestData(db(), owner, buyer.email);
    expect(exported.orders).toHaveLength(1);
    const order = exported.orders[0];
    expect(order).toMatchObject({
      id: orderId,
      shortId: orderId.slice(0, 8),
      status: "paid",
      property: expect.stringContaining("Casa"),
      totalCents: 2100,
      buyer: { name: buyer.name, email: buyer.email, phone: buyer.phone, cpf: buyer.cpf },
    });
    expect(order?.items.map((i) => [i.name, i.quantity, i.totalCents]).sort()).toEqual([
      ["Café", 1, 1200],
      ["Água", 2, 900],
    ]);
    expect(order?.payments).toEqual([
      expect.objectContaining({ method: "credit_card", status: "approved", amountCents: 2100 }),
    ]);
    expect(order?.messages).toEqual([{ kind: "receipt", sentAt: expect.any(String), to: buyer.email }]);
    // Provider ids, tokens and idempotency keys are not the guest's data.
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    const text = JSON.stringify(exported);
    expect(text).not.toContain(payment?.idempotencyKey);
    expect(text).not.toContain(`"${payment?.providerPaymentId}"`);

    const { answered } = await listGuestRequests(db(), owner);
    expect(answered[0]).toMatchObject({ kind: "export", source: "owner", answer: "exported" });
    expect(answered[0]?.answeredByName).toBeTruthy();
    await expect(exportGuestData(db(), owner, "ninguem@example.com")).rejects.toMatchObject({
      kind: "not_found",
    });
  });
});

describe("'Anonimizar'", () => {
  it("erases the personal fields everywhere, keeps amounts, items and the ledger, answers open requests", async () => {
    const shop = await newShop();
    const other = await newShop();
    const buyer = { ...BUYER, email: `caio-${randomUUID().slice(0, 8)}@example.com` };
    const first = await paidOrder(shop, buyer);
    const second = await paidOrder(shop, { ...buyer, email: buyer.email.toUpperCase() });
    const theirs = await paidOrder(other, buyer);
    const owner = await ownerOf(db(), shop.organizationId);
    // The guest's own request, open; and the dev outbox's copies of what was sent to them.
    await recordGuestRequest(
      { db: db(), mail: h.ctx.mail, appUrl: "http://x", log: silent, now: () => new Date() },
      { orderId: first, email: buyer.email, kind: "export", ip: "203.0.113.7", locale: "es" },
    );
    const outbox = mkdtempSync(path.join(tmpdir(), "estadia-guest-outbox-"));
    const mail = createMailer({ smtpUrl: undefined, from: "Estadia <x@estadia.dev>", outboxDir: outbox });
    await mail.send({ to: buyer.email, subject: "Recibo", text: "x", html: "<p>x</p>" });
    await mail.send({ to: "someone-else@example.com", subject: "Outro", text: "y", html: "<p>y</p>" });

    const before = {
      ledger: await ledgerSum(shop.organizationId),
      totals: [(await orderRow(first)).totalCents, (await orderRow(second)).totalCents],
      items: await db()
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, [first, second])),
    };
    expect(await anonymizeGuest(ctx(outbox), owner, buyer.email)).toBe(2);

    for (const id of [first, second]) {
      const row = await orderRow(id);
      expect(row).toMatchObject({
        buyerName: "Hóspede anonimizado",
        buyerEmail: null,
        buyerPhone: null,
        buyerCpf: null,
        status: "paid",
      });
      expect(row.anonymizedAt).toBeInstanceOf(Date);
    }
    const events = await db()
      .select({ payload: paymentEvents.payload })
      .from(paymentEvents)
      .innerJoin(
        payments,
        sql`${payments.provider} = ${paymentEvents.provider} and ${payments.providerPaymentId} = ${paymentEvents.providerPaymentId}`,
      )
      .where(inArray(payments.orderId, [first, second]));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.payload === null)).toBe(true);
    const requests = await db()
      .select()
      .from(guestDataRequests)
      .where(eq(guestDataRequests.organizationId, shop.organizationId));
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const r of requests) {
      expect(r).toMatchObject({ subjectEmail: null, subjectPhone: null, subjectCpf: null });
      expect(r.answeredAt).toBeInstanceOf(Date);
    }
    expect(requests.find((r) => r.source === "guest")).toMatchObject({
      answer: "anonymized",
      answeredBy: owner.userId,
    });
    expect(requests.find((r) => r.source === "owner")).toMatchObject({
      kind: "erasure",
      answer: "anonymized",
    });
    expect(readOutbox(outbox).map((m) => m.to)).toEqual(["someone-else@example.com"]);

    expect(await ledgerSum(shop.organizationId)).toBe(before.ledger);
    expect([(await orderRow(first)).totalCents, (await orderRow(second)).totalCents]).toEqual(before.totals);
    expect(
      await db()
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, [first, second])),
    ).toEqual(before.items);
    // The other host's guest with the same email is untouched.
    expect(await orderRow(theirs)).toMatchObject({
      buyerEmail: buyer.email,
      buyerName: buyer.name,
      anonymizedAt: null,
    });
    // Nothing is left to find; a second run changes nothing.
    expect((await searchGuest(db(), owner, buyer.email)).orders).toEqual([]);
    const after = await orderRow(first);
    expect(await anonymizeGuest(ctx(outbox), owner, buyer.email)).toBe(0);
    expect(await orderRow(first)).toEqual(after);
  });

  it("run twice at once erases each order once and records one erasure", async () => {
    const shop = await newShop();
    const buyer = { ...BUYER, email: `duda-${randomUUID().slice(0, 8)}@example.com` };
    await paidOrder(shop, buyer);
    await paidOrder(shop, buyer);
    const owner = await ownerOf(db(), shop.organizationId);
    const runs = await Promise.all([
      anonymizeGuest(ctx(), owner, buyer.email),
      anonymizeGuest(ctx(), owner, buyer.email),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    const erasures = await db()
      .select()
      .from(guestDataRequests)
      .where(eq(guestDataRequests.organizationId, shop.organizationId));
    expect(erasures.filter((r) => r.kind === "erasure")).toHaveLength(1);
  });
});

describe("a guest's own request", () => {
  const guestCtx = () => ({
    db: db(),
    mail: h.ctx.mail,
    appUrl: "http://localhost:8080",
    log: silent,
    now: () => new Date(),
  });

  it("needs the order's email, is recorded once with its 15 days, and the owners are told", async () => {
    const shop = await newShop();
    const buyer = { ...BUYER, email: `edu-${randomUUID().slice(0, 8)}@example.com` };
    const orderId = await paidOrder(shop, buyer);
    const owner = await ownerOf(db(), shop.organizationId);
    const input = { orderId, kind: "erasure", ip: "203.0.113.8", locale: "en" as const };
    await expect(
      recordGuestRequest(guestCtx(), { ...input, email: "other@example.com" }),
    ).rejects.toMatchObject({
      kind: "invalid",
      fieldErrors: { email: expect.stringContaining("e-mail deste pedido") },
    });
    expect((await listGuestRequests(db(), owner)).open).toEqual([]);

    const made = await recordGuestRequest(guestCtx(), { ...input, email: ` ${buyer.email.toUpperCase()} ` });
    expect(made).toMatchObject({ kind: "erasure", created: true });
    const again = await recordGuestRequest(guestCtx(), { ...input, email: buyer.email });
    expect(again).toMatchObject({ created: false });
    const { open } = await listGuestRequests(db(), owner);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: "erasure", source: "guest", orderId, subjectEmail: buyer.email });
    const days = ((open[0]?.dueAt.getTime() ?? 0) - (open[0]?.requestedAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBe(15);
    expect(requestDeadlineText(open[0]?.dueAt ?? new Date(), new Date()).text).toMatch(
      /^Prazo: \d\d\/\d\d\/\d{4} \(faltam 15 dias\)$/,
    );
    const told = h.outbox().filter((m) => m.subject.startsWith("Pedido de dados de um hóspede"));
    expect(told.filter((m) => m.text.includes(orderId.slice(0, 8)))).toHaveLength(1);

    // 'Anonimizar' on it answers it; the link then says the data are gone.
    expect(await anonymizeForRequest(ctx(), owner, open[0]?.id ?? "")).toBe(1);
    expect((await listGuestRequests(db(), owner)).open).toEqual([]);
    expect(await recordGuestRequest(guestCtx(), { ...input, email: buyer.email })).toEqual({ erased: true });
  });

  it("a copy goes to the order's email, in the guest's language, and answers the request", async () => {
    const shop = await newShop();
    const buyer = { ...BUYER, email: `flor-${randomUUID().slice(0, 8)}@example.com` };
    const orderId = await paidOrder(shop, buyer);
    const owner = await ownerOf(db(), shop.organizationId);
    await recordGuestRequest(guestCtx(), {
      orderId,
      email: buyer.email,
      kind: "export",
      ip: "203.0.113.9",
      locale: "es",
    });
    const [request] = (await listGuestRequests(db(), owner)).open;
    // Another organization's owner cannot answer it.
    const stranger = await ownerOf(db(), (await newShop()).organizationId);
    await expect(sendGuestCopy({ ...h.ctx }, stranger, request?.id ?? "")).rejects.toMatchObject({
      kind: "not_found",
    });
    expect(await sendGuestCopy(h.ctx, owner, request?.id ?? "")).toBe(buyer.email);
    const copy = h.outbox().find((m) => m.to === buyer.email && m.subject === "Copia de tus datos");
    expect(copy?.text).toContain(orderId);
    expect(copy?.text).toContain("Pediste una copia");
    // Written out for a person, in Spanish (issue 49), never the export's raw JSON.
    expect(copy?.text).not.toMatch(/[{}]|"buyer"|totalCents/);
    expect(copy?.text).toContain("Forma de pago: Tarjeta de crédito");
    expect(copy?.text).toContain(`Nombre: ${buyer.name}`);
    expect(copy?.text).toContain(`Correo: ${buyer.email}`);
    expect((await listGuestRequests(db(), owner)).answered[0]).toMatchObject({
      id: request?.id,
      answer: "exported",
    });
    await expect(sendGuestCopy(h.ctx, owner, request?.id ?? "")).rejects.toMatchObject({ kind: "conflict" });
  });
});

describe("retention", () => {
  it("anonymizes orders older than the months set, and only those", async () => {
    const shop = await newShop();
    const old = await paidOrder(shop, { ...BUYER, email: `gil-${randomUUID().slice(0, 8)}@example.com` });
    const recent = await paidOrder(shop, { ...BUYER, email: `hugo-${randomUUID().slice(0, 8)}@example.com` });
    const now = new Date();
    await db()
      .update(orders)
      .set({ createdAt: new Date(retentionCutoff(now, 24).getTime() - 60_000) })
      .where(eq(orders.id, old));
    await db()
      .update(orders)
      .set({ createdAt: new Date(retentionCutoff(now, 24).getTime() + 86_400_000) })
      .where(eq(orders.id, recent));
    const ledger = await ledgerSum(shop.organizationId);
    const run = () =>
      runGuestDataRetention({ db: db(), months: 24, outboxDir: null, log: silent, now: () => now });
    expect(await run()).toBeGreaterThanOrEqual(1);
    expect(await orderRow(old)).toMatchObject({
      buyerEmail: null,
      buyerCpf: null,
      buyerName: "Hóspede anonimizado",
    });
    expect((await orderRow(recent)).buyerEmail).toContain("hugo-");
    expect(await run()).toBe(0);
    expect(await ledgerSum(shop.organizationId)).toBe(ledger);
  });

  it("GUEST_DATA_RETENTION_MONTHS defaults to 24 and refuses anything but a whole number ≥ 1", () => {
    expect(parseEnv({}).guestDataRetentionMonths).toBe(DEFAULT_GUEST_DATA_RETENTION_MONTHS);
    expect(parseEnv({ GUEST_DATA_RETENTION_MONTHS: "6" }).guestDataRetentionMonths).toBe(6);
    for (const bad of ["0", "-3", "1.5", "doze"]) {
      expect(() => parseEnv({ GUEST_DATA_RETENTION_MONTHS: bad }), bad).toThrow(
        /GUEST_DATA_RETENTION_MONTHS/,
      );
    }
  });
});
