// The picking list of a restocking run as a PDF, read back with poppler's pdftotext (what a printer would
// show): named by the run's number in its organization, grouped by product to load the car, by property to
// deliver, long runs over several pages, names with accents, and another host's run not found.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "~/domain/errors";
import { advanceReplacement, setDeliveredQuantities } from "~/domain/restock/advance-replacement.server";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { pickingListPdf } from "~/domain/restock/picking-list.server";
import { getReplacement } from "~/domain/restock/read-replacements.server";
import { addProductsToProperty } from "~/domain/stock/add-products.server";
import { saveStockQuantities } from "~/domain/stock/save-stock-quantities.server";
import type { Actor } from "~/domain/team/permissions";
import { formatDateTime } from "~/lib/dates";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle, Db } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { properties } from "~/platform/db/schema";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let handle: DatabaseHandle;
let db: Db;
const scratch = mkdtempSync(path.join(tmpdir(), "estadia-picking-"));
beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  db = handle.db;
});
afterAll(async () => {
  await handle?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The PDF's text as pdftotext lays it out (one printed line per line, runs of spaces made one). */
function pdfText(bytes: Uint8Array): { text: string; pages: number } {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  const pages = text.split("\f").filter((p) => p.trim() !== "").length;
  return { text: text.replace(/[ \t]+/g, " "), pages };
}

/**
 * A host with two properties: 'Casa Praia' (Rua das Gaivotas, 12) missing Água de coco 3 and Café 5, and
 * 'Apartamento Centro' missing Água de coco 4; a run takes them all, one coffee fewer than planned.
 */
async function runOfTwoProperties() {
  const shop = await shopFixture(db, [
    { name: "Água de coco", priceCents: 500, stock: 2 },
    { name: "Café", priceCents: 900, stock: 0 },
  ]);
  const owner = await ownerOf(db, shop.organizationId);
  const water = shop.productIds["Água de coco"] ?? "";
  const coffee = shop.productIds.Café ?? "";
  await db
    .update(properties)
    .set({ name: "Casa Praia", address: "Rua das Gaivotas, 12" })
    .where(eq(properties.id, shop.propertyId));
  const [centre] = await db
    .insert(properties)
    .values({
      organizationId: shop.organizationId,
      name: "Apartamento Centro",
      address: "Av. Central, 500",
      hash: `centro-${shop.hash}`,
    })
    .returning({ id: properties.id });
  const centreId = centre?.id ?? "";
  await addProductsToProperty(db, owner, centreId, [water]);
  await saveStockQuantities(db, owner, centreId, [{ productId: water, current: "1", expected: "5" }]);
  const { id } = await createReplacement(db, owner, [
    { propertyId: shop.propertyId, productId: water },
    { propertyId: shop.propertyId, productId: coffee },
    { propertyId: centreId, productId: water },
  ]);
  const run = await getReplacement(db, owner, id);
  const coffeeLine = run.lines.find((l) => l.productName === "Café");
  await setDeliveredQuantities(db, owner, { id, lines: [{ itemId: coffeeLine?.itemId, delivered: "4" }] });
  return {
    owner,
    id,
    createdAt: run.createdAt,
    organizationId: shop.organizationId,
    propertyId: shop.propertyId,
    coffee,
  };
}

describe("the picking list PDF", () => {
  it("groups by product to load the car: each product, its total and the units per property", async () => {
    const { owner, id, createdAt } = await runOfTwoProperties();
    const pdf = await pickingListPdf(db, owner, id, "produto");
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    // The host's first run is #1.
    expect(pdf.filename).toBe("reposicao-1-por-produto.pdf");
    const { text, pages } = pdfText(pdf.bytes);
    expect(pages).toBe(1);
    expect(text).toContain("Lista de separação · Reposição #1");
    expect(text).toContain(`Status: Em processamento · Criada em ${formatDateTime(createdAt)}`);
    expect(text).toContain("Agrupada por produto");
    expect(text).toContain("2 produtos · 2 imóveis · 11 unidades");
    const lines = text
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    const from = (heading: string) => lines.slice(lines.indexOf(heading));
    // Products by name ('Água' before 'Café' in pt-BR), properties by name under each.
    expect(lines.indexOf("Água de coco")).toBeLessThan(lines.indexOf("Café"));
    expect(from("Água de coco").slice(1, 4)).toEqual([
      "Total: 7 unidades",
      "Apartamento Centro 4 un.",
      "Casa Praia 3 un.",
    ]);
    // One coffee did not fit in the car: what goes is 4.
    expect(from("Café").slice(1, 3)).toEqual(["Total: 4 unidades", "Casa Praia 4 un."]);
    expect(text).toContain("Página 1 de 1");
    expect(text).toContain("Estadia · Reposição #1");
  });

  it("packs a kit per property (address, total, what goes in it), then the totals to buy for them all", async () => {
    const { owner, id } = await runOfTwoProperties();
    const pdf = await pickingListPdf(db, owner, id, "imovel");
    expect(pdf.filename).toBe("reposicao-1-por-imovel.pdf");
    const { text } = pdfText(pdf.bytes);
    expect(text).toContain("Lista de entrega · Reposição #1");
    expect(text).toContain("Agrupada por imóvel: monte um kit por imóvel");
    const lines = text
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    const from = (heading: string) => lines.slice(lines.indexOf(heading));
    expect(from("Kit Apartamento Centro").slice(1, 4)).toEqual([
      "Av. Central, 500 · Total: 4 unidades",
      "4 Água de coco",
      "Água de coco 4 un.",
    ]);
    // One coffee did not fit: Casa Praia's kit takes 4.
    expect(from("Kit Casa Praia").slice(1, 5)).toEqual([
      "Rua das Gaivotas, 12 · Total: 7 unidades",
      "3 Água de coco, 4 Café",
      "Água de coco 3 un.",
      "Café 4 un.",
    ]);
    // The shopping trip: each product once, summed over the kits, after them.
    expect(lines.indexOf("Totais para a compra")).toBeGreaterThan(lines.indexOf("Kit Casa Praia"));
    expect(from("Totais para a compra").slice(2, 4)).toEqual(["Água de coco 7 un.", "Café 4 un."]);
  });

  it("names each run by its own number: the host's second run is #2", async () => {
    const { owner, propertyId, coffee } = await runOfTwoProperties();
    // The coffee that did not fit in the first run's car is still missing: a second run takes it.
    const second = await createReplacement(db, owner, [{ propertyId, productId: coffee }]);
    const pdf = await pickingListPdf(db, owner, second.id, "imovel");
    expect(pdf.filename).toBe("reposicao-2-por-imovel.pdf");
    expect(pdfText(pdf.bytes).text).toContain("Lista de entrega · Reposição #2");
  });

  it("opens with the grouping of the run's status when none is asked for", async () => {
    const { owner, id } = await runOfTwoProperties();
    expect((await pickingListPdf(db, owner, id, null)).grouping).toBe("product");
    expect((await pickingListPdf(db, owner, id, "qualquer")).grouping).toBe("product");
    await advanceReplacement(db, owner, { id, from: "processing", to: "separated_for_replacement" });
    const separated = await pickingListPdf(db, owner, id, null);
    expect(separated.grouping).toBe("property");
    expect(pdfText(separated.bytes).text).toContain("Status: Separado");
  });

  it("goes on over as many pages as it needs, repeating the title of a group cut by a page", async () => {
    const names = Array.from({ length: 70 }, (_, i) => `Produto ${String(i + 1).padStart(2, "0")} ção`);
    const shop = await shopFixture(
      db,
      names.map((name) => ({ name, priceCents: 100, stock: 1 })),
    );
    const owner = await ownerOf(db, shop.organizationId);
    const { id } = await createReplacement(
      db,
      owner,
      names.map((name) => ({ propertyId: shop.propertyId, productId: shop.productIds[name] })),
    );
    const { text, pages } = pdfText((await pickingListPdf(db, owner, id, "imovel")).bytes);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text).toMatch(/Casa \S+ \(continuação\)/);
    for (const name of names) expect(text).toContain(`${name} 4 un.`);
  });

  it("draws names with any character, putting '?' where the standard font has no glyph", async () => {
    const shop = await shopFixture(db, [{ name: "Pão de queijo 🧀 — maçã", priceCents: 100, stock: 0 }]);
    const owner = await ownerOf(db, shop.organizationId);
    const { id } = await createReplacement(db, owner, [
      { propertyId: shop.propertyId, productId: shop.productIds["Pão de queijo 🧀 — maçã"] },
    ]);
    const { text } = pdfText((await pickingListPdf(db, owner, id, "produto")).bytes);
    expect(text).toContain("Pão de queijo ? — maçã");
  });

  it("is not found for another host's run, and readable by staff of the run's own", async () => {
    const { owner, id, organizationId } = await runOfTwoProperties();
    const other = await ownerOf(db, (await shopFixture(db, [])).organizationId);
    const err = await pickingListPdf(db, other, id, "produto").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ kind: "not_found", message: "Reposição não encontrada" });
    const staff: Actor = { ...owner, organizationId, role: "staff" };
    expect((await pickingListPdf(db, staff, id, "produto")).bytes.length).toBeGreaterThan(500);
  });
});
