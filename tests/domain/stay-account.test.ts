// A stay's account ('Conta da estadia', issue 46): what its turnover count found missing, at price and at
// cost, whether it belongs to that stay alone (a skipped count spreads it over the stays since the last one),
// 'Incluir na avaria', 'Perdoar', and the owner's email above the amount they set. In-memory PGlite.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { includeUnpaidInDamage } from "~/domain/damages/claim-unpaid-consumption.server";
import type { NotifyContext } from "~/domain/notifications/notify-context";
import { readShrinkage } from "~/domain/stock/shrinkage.server";
import {
  forgiveStayCount,
  readStayCount,
  saveUnpaidAlert,
  tellUnpaidConsumption,
} from "~/domain/stock/stay-count-account.server";
import { saveStockCount } from "~/domain/stock/stock-count.server";
import { addDays, saoPauloDay } from "~/lib/dates";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle, Db } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { damageItems, damageRecords, propertyProducts, stays, stockCounts } from "~/platform/db/schema";
import { createMailer } from "~/platform/mail/mailer.server";
import { readOutbox } from "~/platform/mail/outbox.server";
import { refusal } from "../support/refusal";
import { emailOf, memberOf, ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let handle: DatabaseHandle;
let db: Db;
beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  db = handle.db;
});
afterAll(async () => {
  await handle?.close();
});

const today = saoPauloDay(new Date());

async function house() {
  const shop = await shopFixture(db, [
    { name: "Cerveja", priceCents: 1200, stock: 10 },
    { name: "Chocolate", priceCents: 900, stock: 6 },
  ]);
  await db
    .update(propertyProducts)
    .set({ averageCostCents: 500 })
    .where(eq(propertyProducts.productId, shop.productIds.Cerveja ?? ""));
  const owner = await ownerOf(db, shop.organizationId);
  const staff = (await memberOf(db, shop.organizationId, "staff")).actor;
  const stay = async (checkIn: string, checkOut: string) => {
    const [row] = await db
      .insert(stays)
      .values({
        organizationId: shop.organizationId,
        propertyId: shop.propertyId,
        kind: "stay",
        source: "direct",
        checkIn,
        checkOut,
      })
      .returning({ id: stays.id });
    return row?.id ?? "";
  };
  const count = (stayId: string | undefined, beer: number, chocolate: number, takenAt?: Date) =>
    saveStockCount(db, staff, shop.propertyId, {
      lines: [
        { productId: shop.productIds.Cerveja, counted: String(beer) },
        { productId: shop.productIds.Chocolate, counted: String(chocolate) },
      ],
      lossReason: "consumed_unpaid",
      stayId,
      takenAt: takenAt?.toISOString(),
    });
  return { shop, owner, staff, stay, count };
}

describe("the stay's account", () => {
  it("lists what the turnover count found missing, at price and cost, with who counted; nothing missing says so", async () => {
    const h = await house();
    const first = await h.stay(addDays(today, -3), today);
    const { countId } = await h.count(first, 7, 6);
    const account = await readStayCount(db, h.shop.organizationId, first);
    expect(account).toMatchObject({
      id: countId,
      status: "open",
      sharedBetween: null,
      totalPriceCents: 3 * 1200,
      missing: [{ name: "Cerveja", units: 3, unitPriceCents: 1200, priceCents: 3600, costCents: 1500 }],
    });
    expect(account?.countedBy).toMatch(/^Equipe staff/);
    expect((await readShrinkage(db, h.owner, { from: today, to: today })).staysWithUnpaid).toMatchObject([
      { stayId: first, units: 3 },
    ]);
    const other = await house();
    const calm = await other.stay(addDays(today, -2), today);
    await other.count(calm, 10, 6);
    expect((await readStayCount(db, other.shop.organizationId, calm))?.missing).toEqual([]);
    // Another organization reads nothing of it.
    expect(await readStayCount(db, other.shop.organizationId, first)).toBeNull();
  });

  it("holds the guest to what a line says was consumed without paying: a line broken in the same count is not theirs", async () => {
    const h = await house();
    const stayId = await h.stay(addDays(today, -3), today);
    await saveStockCount(db, h.staff, h.shop.propertyId, {
      lines: [
        { productId: h.shop.productIds.Cerveja, counted: "8" },
        { productId: h.shop.productIds.Chocolate, counted: "4", lossReason: "broken" },
      ],
      lossReason: "consumed_unpaid",
      stayId,
    });
    const account = await readStayCount(db, h.shop.organizationId, stayId);
    expect(account?.missing).toMatchObject([{ name: "Cerveja", units: 2, priceCents: 2400 }]);
    expect(account?.totalPriceCents).toBe(2400);
    const report = await readShrinkage(db, h.owner, { from: today, to: today });
    expect(report.staysWithUnpaid).toMatchObject([{ stayId, units: 2 }]);
    expect(report.byReason.map((r) => [r.reason, r.units])).toEqual([
      ["broken", 2],
      ["consumed_unpaid", 2],
    ]);
  });

  it("after a skipped count, spreads the missing units over the stays since the last count and refuses to settle them", async () => {
    const h = await house();
    const older = await h.stay(addDays(today, -12), addDays(today, -9));
    await h.count(older, 10, 6, new Date(Date.now() - 7 * 24 * 3_600_000 + 3_600_000));
    // The stay between was never counted; this one's count finds what both took.
    await h.stay(addDays(today, -7), addDays(today, -3));
    const last = await h.stay(addDays(today, -3), today);
    const { countId } = await h.count(last, 8, 5);
    const account = await readStayCount(db, h.shop.organizationId, last);
    expect(account?.sharedBetween).toEqual({ from: addDays(today, -7), to: addDays(today, -3) });
    expect(await refusal(includeUnpaidInDamage(db, h.owner, countId))).toMatchObject({ kind: "conflict" });
    // The losses report does not pin them on the last stay either; the units still count as losses.
    const report = await readShrinkage(db, h.owner, { from: addDays(today, -10), to: today });
    expect(report.staysWithUnpaid).toEqual([]);
    expect(report.byReason).toEqual([{ reason: "consumed_unpaid", units: 3, cents: 1000, uncostedUnits: 1 }]);
    expect(await refusal(readShrinkage(db, h.staff, { from: today, to: today }))).toMatchObject({
      kind: "forbidden",
    });
    expect(await refusal(forgiveStayCount(db, h.owner, countId))).toMatchObject({
      kind: "conflict",
      message: "Estas faltas são de várias estadias: não podem ser atribuídas a um hóspede.",
    });
  });

  it("'Incluir na avaria' adds the items to the stay's open record, once, inside the claim deadline", async () => {
    const h = await house();
    const stayId = await h.stay(addDays(today, -3), today);
    const [open] = await db
      .insert(damageRecords)
      .values({
        organizationId: h.shop.organizationId,
        propertyId: h.shop.propertyId,
        stayId,
        title: "Toalha rasgada",
        claimDeadline: addDays(today, 14),
      })
      .returning({ id: damageRecords.id });
    await db.insert(damageItems).values({
      organizationId: h.shop.organizationId,
      damageId: open?.id ?? "",
      description: "Toalha",
      estimatedCents: 5000,
      position: 0,
    });
    const { countId } = await h.count(stayId, 8, 5);
    expect(await refusal(includeUnpaidInDamage(db, h.staff, countId))).toMatchObject({ kind: "forbidden" });
    const { damageId } = await includeUnpaidInDamage(db, h.owner, countId);
    expect(damageId).toBe(open?.id);
    const items = await db
      .select()
      .from(damageItems)
      .where(eq(damageItems.damageId, damageId))
      .orderBy(damageItems.position);
    expect(items.map((i) => [i.position, i.estimatedCents])).toEqual([
      [0, 5000],
      [1, 2400],
      [2, 900],
    ]);
    expect(items[1]?.description).toMatch(
      /^Consumo não pago: 2 × Cerveja \(conferido em \d{2}\/\d{2}\/\d{4}.* por Equipe staff/,
    );
    expect(await readStayCount(db, h.shop.organizationId, stayId)).toMatchObject({
      status: "in_damage",
      damageId,
      statusBy: expect.stringMatching(/./),
    });
    // Twice (a double click): refused, nothing added again.
    expect(await refusal(includeUnpaidInDamage(db, h.owner, countId))).toMatchObject({ kind: "conflict" });
    expect(await db.select().from(damageItems).where(eq(damageItems.damageId, damageId))).toHaveLength(3);
  });

  it("makes a new 'Consumo não pago' record without an open one, and refuses once the claim deadline is over", async () => {
    const h = await house();
    const stayId = await h.stay(addDays(today, -3), today);
    const { countId } = await h.count(stayId, 9, 6);
    const late = new Date(Date.now() + 15 * 24 * 3_600_000);
    expect(await refusal(includeUnpaidInDamage(db, h.owner, countId, late))).toMatchObject({
      kind: "conflict",
      message: "O prazo de reclamação desta estadia já terminou.",
    });
    const { damageId } = await includeUnpaidInDamage(db, h.owner, countId);
    const [record] = await db.select().from(damageRecords).where(eq(damageRecords.id, damageId));
    expect(record).toMatchObject({
      title: "Consumo não pago",
      stayId,
      claimDeadline: addDays(today, 14),
      status: "open",
    });
  });

  it("'Perdoar' records who and when; another organization's count id is not found and changes nothing", async () => {
    const h = await house();
    const stranger = await house();
    const stayId = await h.stay(addDays(today, -3), today);
    const { countId } = await h.count(stayId, 9, 6);
    for (const id of [countId, "nao-e-id"]) {
      expect(await refusal(forgiveStayCount(db, stranger.owner, id))).toMatchObject({ kind: "not_found" });
      expect(await refusal(includeUnpaidInDamage(db, stranger.owner, id))).toMatchObject({
        kind: "not_found",
      });
    }
    expect((await readStayCount(db, h.shop.organizationId, stayId))?.status).toBe("open");
    await forgiveStayCount(db, h.owner, countId);
    const [row] = await db.select().from(stockCounts).where(eq(stockCounts.id, countId));
    expect(row).toMatchObject({ accountStatus: "forgiven", accountStatusBy: h.owner.userId });
    expect(row?.accountStatusAt).toBeInstanceOf(Date);
  });

  it("emails owners once when the unpaid consumption is above the amount they set, with the stay's link", async () => {
    const h = await house();
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), "estadia-account-")), "outbox");
    const ctx: NotifyContext & { db: Db } = {
      db,
      mail: createMailer({ smtpUrl: undefined, from: "Estadia <x@estadia.dev>", outboxDir }),
      whatsapp: null,
      appUrl: "http://localhost:8080",
      log: pino({ level: "silent" }),
      now: () => new Date(),
    };
    const ownerEmail = await emailOf(db, h.owner.userId);
    const mails = () => readOutbox(outboxDir).filter((m) => m.to === ownerEmail);
    expect(await refusal(saveUnpaidAlert(db, h.staff, "10,00"))).toMatchObject({ kind: "forbidden" });
    expect(await refusal(saveUnpaidAlert(db, h.owner, "abc"))).toMatchObject({ kind: "invalid" });
    await saveUnpaidAlert(db, h.owner, "R$ 20,00");
    const small = await h.stay(addDays(today, -6), addDays(today, -3));
    const below = await h.count(small, 9, 6); // R$ 12,00: not above R$ 20,00
    await tellUnpaidConsumption(ctx, h.shop.organizationId, below.countId);
    expect(mails()).toEqual([]);
    const big = await h.stay(addDays(today, -3), today);
    const above = await h.count(big, 7, 6); // 2 more beers: R$ 24,00
    await tellUnpaidConsumption(ctx, h.shop.organizationId, above.countId);
    await tellUnpaidConsumption(ctx, h.shop.organizationId, above.countId);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]?.text).toContain(`http://localhost:8080/estadias/${big}#conta`);
    expect(mails()[0]?.text).toMatch(/2 × Cerveja/);
  });
});
