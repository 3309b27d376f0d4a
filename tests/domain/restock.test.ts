import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { advanceReplacement, setDeliveredQuantities } from "~/domain/restock/advance-replacement.server";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { listMissingProducts } from "~/domain/restock/missing-products.server";
import { getReplacement, listReplacements } from "~/domain/restock/read-replacements.server";
import { saveStockQuantities } from "~/domain/stock/save-stock-quantities.server";
import { sendStockAlertDigests } from "~/domain/stock/stock-alerts.server";
import type { Actor } from "~/domain/team/permissions";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { propertyProducts, stockAlerts, stockMovements } from "~/platform/db/schema";
import { createMailer } from "~/platform/mail/mailer.server";
import { readOutbox } from "~/platform/mail/outbox.server";
import { refusal } from "../support/refusal";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000 });

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
});
afterAll(async () => {
  await handle?.close();
});
const db = () => handle.db;

async function stockOf(propertyId: string, productId: string) {
  const [row] = await db()
    .select({ current: propertyProducts.currentQuantity })
    .from(propertyProducts)
    .where(and(eq(propertyProducts.propertyId, propertyId), eq(propertyProducts.productId, productId)));
  return row?.current;
}

/** A shop whose products are expected at 5 (the fixture's target) with these current quantities. */
const shop = (stock: Record<string, number | null>) =>
  shopFixture(
    db(),
    Object.entries(stock).map(([name, s]) => ({ name, priceCents: 500, stock: s })),
  );

describe("missing products", () => {
  it("are the counted ones below what is expected, less what open runs already take", async () => {
    const s = await shop({ Água: 2, Café: 5, Chá: null, Biscoito: 0 });
    const owner = await ownerOf(db(), s.organizationId);
    const missing = await listMissingProducts(db(), owner);
    // As Portuguese reads them: 'Água' before 'Biscoito' (issue 49), not by the bytes of the names.
    expect(missing.map((m) => [m.productName, m.current, m.expected, m.toRestock])).toEqual([
      ["Água", 2, 5, 3],
      ["Biscoito", 0, 5, 5],
    ]);
    await createReplacement(db(), owner, [{ propertyId: s.propertyId, productId: s.productIds.Água }]);
    const after = await listMissingProducts(db(), owner);
    expect(after.find((m) => m.productName === "Água")).toMatchObject({ onTheWay: 3, toRestock: 0 });
    expect(
      (await listMissingProducts(db(), owner, { onlyToRestock: true })).map((m) => m.productName),
    ).toEqual(["Biscoito"]);
  });
});

describe("a restocking run", () => {
  it("is created with what is missing, moves forward only, and adds the delivered stock once", async () => {
    const s = await shop({ Água: 2, Biscoito: 0 });
    const owner = await ownerOf(db(), s.organizationId);
    expect(await refusal(createReplacement(db(), owner, []))).toEqual({
      kind: "invalid",
      message: "Selecione pelo menos um produto para repor",
    });
    const { id } = await createReplacement(db(), owner, [
      { propertyId: s.propertyId, productId: s.productIds.Água },
      { propertyId: s.propertyId, productId: s.productIds.Biscoito },
    ]);
    const run = await getReplacement(db(), owner, id);
    expect(run.status).toBe("processing");
    expect(run.lines.map((l) => [l.productName, l.quantity])).toEqual([
      ["Água", 3],
      ["Biscoito", 5],
    ]);
    expect((await listReplacements(db(), owner)).map((r) => r.id)).toContain(id);

    expect(
      await refusal(advanceReplacement(db(), owner, { id, from: "processing", to: "delivered" })),
    ).toEqual({
      kind: "invalid",
      message: "Uma reposição 'Em processamento' não pode passar para 'Entregue'.",
    });
    await advanceReplacement(db(), owner, { id, from: "processing", to: "separated_for_replacement" });
    // One unit of biscuits did not fit in the car.
    const biscoito = run.lines.find((l) => l.productName === "Biscoito");
    await setDeliveredQuantities(db(), owner, { id, lines: [{ itemId: biscoito?.itemId, delivered: "4" }] });
    await advanceReplacement(db(), owner, { id, from: "separated_for_replacement", to: "in_transit" });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        advanceReplacement(db(), owner, { id, from: "in_transit", to: "delivered" }),
      ),
    );
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    expect(await stockOf(s.propertyId, s.productIds.Água ?? "")).toBe(5);
    expect(await stockOf(s.propertyId, s.productIds.Biscoito ?? "")).toBe(4);
    const restocks = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reference, `replacement:${id}`));
    expect(restocks.map((m) => [m.reason, m.oldQuantity, m.newQuantity]).sort()).toEqual([
      ["restock", 0, 4],
      ["restock", 2, 5],
    ]);
    expect(await refusal(setDeliveredQuantities(db(), owner, { id, lines: [] }))).toEqual({
      kind: "conflict",
      message: "As quantidades só podem mudar antes da entrega.",
    });
  });

  it("can be cancelled before transit, changing no stock; staff deliver but neither create nor cancel", async () => {
    const s = await shop({ Água: 1 });
    const owner = await ownerOf(db(), s.organizationId);
    const staff: Actor = { ...owner, role: "staff" };
    const line = [{ propertyId: s.propertyId, productId: s.productIds.Água }];
    expect((await refusal(createReplacement(db(), staff, line))).kind).toBe("forbidden");
    const { id } = await createReplacement(db(), owner, line);
    expect(
      (await refusal(advanceReplacement(db(), staff, { id, from: "processing", to: "cancelled" }))).kind,
    ).toBe("forbidden");
    await advanceReplacement(db(), staff, { id, from: "processing", to: "separated_for_replacement" });
    await advanceReplacement(db(), owner, { id, from: "separated_for_replacement", to: "cancelled" });
    expect(await stockOf(s.propertyId, s.productIds.Água ?? "")).toBe(1);
    expect(
      await refusal(advanceReplacement(db(), owner, { id, from: "cancelled", to: "in_transit" })),
    ).toMatchObject({
      kind: "invalid",
    });
    const other = await ownerOf(db(), (await shop({})).organizationId);
    expect(await refusal(getReplacement(db(), other, id))).toEqual({
      kind: "not_found",
      message: "Reposição não encontrada",
    });
    expect(
      await refusal(advanceReplacement(db(), other, { id, from: "cancelled", to: "returned" })),
    ).toMatchObject({
      kind: "invalid",
    });
  });
});

describe("stock alerts", () => {
  it("open when stock falls to the alert level and go out in one digest to owners and managers", async () => {
    const s = await shop({ Água: 5, Café: 5, Chá: 5 });
    const owner = await ownerOf(db(), s.organizationId);
    // Expected 5: the alert level is a quarter, 1 unit. Café's own level is 3.
    await db()
      .update(propertyProducts)
      .set({ alertQuantity: 3 })
      .where(eq(propertyProducts.productId, s.productIds.Café ?? ""));
    // Stock that goes down says why (guests took them without paying).
    const set = (name: string, current: number) =>
      saveStockQuantities(db(), owner, s.propertyId, [
        {
          productId: s.productIds[name],
          current: String(current),
          expected: "5",
          lossReason: "consumed_unpaid",
        },
      ]);
    await set("Água", 2);
    await set("Café", 3);
    await set("Chá", 4);
    await set("Água", 1);
    await set("Água", 0);
    const open = await db()
      .select()
      .from(stockAlerts)
      .where(eq(stockAlerts.organizationId, s.organizationId));
    expect(open.map((a) => a.productId).sort()).toEqual([s.productIds.Café, s.productIds.Água].sort());

    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), "estadia-alerts-")), "outbox");
    const mail = createMailer({ smtpUrl: undefined, from: "Estadia <x@estadia.dev>", outboxDir });
    const ctx = {
      db: db(),
      mail,
      appUrl: "http://localhost:8080",
      whatsapp: null,
      log: pino({ level: "silent" }),
      now: () => new Date(),
    };
    await Promise.all([sendStockAlertDigests(ctx), sendStockAlertDigests(ctx)]);
    const sent = readOutbox(outboxDir);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe("Estoque baixo: 2 produtos estão acabando");
    expect(sent[0]?.text).toContain("Água — 0 de 5");
    expect(sent[0]?.text).toContain("Café — 3 de 5");
    expect(await sendStockAlertDigests(ctx)).toBe(0);
  });
});
