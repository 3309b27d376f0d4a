// Issue 22's profit dashboard end to end against the built app (run `npm run build` first): the hand-worked
// day of tests/domain/profit.test.ts made through HTTP (sales, refund, restocking runs, stock counts) and the
// database (what a host would type in forms other tests cover), then read on /dashboard, a property's
// /resultado and /dashboard.csv, by owner, manager, staff and another host.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { getReplacement } from "~/domain/restock/read-replacements.server";
import { saoPauloDay } from "~/lib/dates";
import { organization, products, properties, propertyProducts } from "~/platform/db/schema";
import { type Browser, signedInBrowser } from "../support/accounts";
import { startCheckoutServer } from "../support/checkout-server";
import {
  FIXTURE_PASSWORD,
  fetchAs,
  hostEmail,
  paidByCard,
  paidByPix,
  teamMember,
  visibleText,
} from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import { chartText, profitTiles, propertyRows, topProducts, uncostedWarning } from "../support/profit-page";
import { fetcherPost, memberOf, ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const AUTH_SECRET = "profit-dashboard-test-secret-0123456789abcdef";
// Named so that the name order (B, A) is not the profit order (A, B).
const A_NAME = "Chalé do Lago";
const B_NAME = "Apartamento Centro";
const CSV_HEADER =
  "Imóvel;Vendas brutas (R$);Reembolsos (R$);Taxas (R$);Líquido (R$);Custo dos produtos (R$);Lucro (R$);Margem (%);Perdas (R$);Perdas (% das vendas);Pedidos;Ticket médio (R$);Ajustes para mais (R$);Unidades vendidas sem custo;Vendas sem custo (R$);Unidades perdidas sem custo";
// The day, worked by hand (fees: sandbox 3,99% + Estadia 3%, rounded half up; a refund gives both back).
// A: PIX 2 Vinho + 1 Água = 108,00 (fees 4,31 + 3,24, cost 2 × 4,00); card 1 Vinho = 50,00 refunded (all of
// it comes off); count: 2 Vinho lost at 4,80 = 9,60, 1 Água lost without cost.
// → gross 158,00, refunds 50,00, fees 7,55, net 100,45, cost 8,00, profit 100,45 − 8,00 − 9,60 = 82,85,
// margin (82,85 − 8,00 Água) / (108,00 − 8,00) = 74,9%, losses 9,60 = 8,9% of 108,00, 2 orders, ticket 79,00.
// B: PIX 1 Vinho = 50,00 (fees 2,00 + 1,50, cost 4,50) → net 46,50, profit 42,00, margin 84,0%; count: 2
// Vinho found at 4,50 = 9,00 (an 'ajuste para mais': not profit, only in the CSV).
// Total: gross 208,00, refunds 50,00, fees 11,05, net 146,95, cost 12,50, profit 124,85, margin
// (124,85 − 8,00) / (158,00 − 8,00) = 77,9%, losses 9,60 = 6,1% of 158,00, 3 orders, ticket 208,00 / 3 = 69,33.
const A_CSV = `${A_NAME};158,00;50,00;7,55;100,45;8,00;82,85;74,9;9,60;8,9;2;79,00;0,00;1;8,00;1`;
const B_CSV = `${B_NAME};50,00;0,00;3,50;46,50;4,50;42,00;84,0;0,00;0,0;1;50,00;9,00;0;0,00;0`;
const TOTAL_CSV = "Total;208,00;50,00;11,05;146,95;12,50;124,85;77,9;9,60;6,1;3;69,33;9,00;1;8,00;1";
const A_ROW = `${A_NAME} R$ 158,00 R$ 50,00 -R$ 7,55 R$ 100,45 R$ 8,00 R$ 82,85 74,9% R$ 9,60 2 R$ 79,00`;
const B_ROW = `${B_NAME} R$ 50,00 R$ 0,00 -R$ 3,50 R$ 46,50 R$ 4,50 R$ 42,00 84,0% R$ 0,00 1 R$ 50,00`;
const BOM = "\uFEFF";
const csvOf = (...lines: string[]) => `${BOM}${[CSV_HEADER, ...lines].map((l) => `${l}\r\n`).join("")}`;

describe.runIf(available)("the profit dashboard over HTTP", () => {
  let running: ShopServer;
  let owner: Browser;
  let manager: Browser;
  let staff: Browser;
  let stranger: Browser;
  let houseA = "";
  let houseB = "";
  const today = saoPauloDay(new Date());
  const day = today.split("-").reverse().join("/");
  const period = `periodo=personalizado&de=${today}&ate=${today}`;
  let ipCounter = 0;
  const guestIp = () => `203.0.113.${++ipCounter}`;

  /** A restocking run of one line, quantities and unit cost saved and moved to 'Entregue' over HTTP. */
  async function delivered(propertyId: string, productId: string, quantity: string, unitCost: string) {
    const { db, shop } = running;
    const actor = await ownerOf(db, shop.organizationId);
    const { id } = await createReplacement(db, actor, [{ propertyId, productId }]);
    const itemId = (await getReplacement(db, actor, id)).lines[0]?.itemId ?? "";
    const saved = await fetcherPost(owner, `/replacements/${id}`, {
      intent: "quantities",
      [`delivered:${itemId}`]: quantity,
      [`cost:${itemId}`]: unitCost,
    });
    if (saved.ok !== true) throw new Error(`quantities: ${saved.status} ${saved.body.slice(0, 200)}`);
    const steps = ["processing", "separated_for_replacement", "in_transit", "delivered"];
    for (let i = 1; i < steps.length; i++) {
      const moved = await fetcherPost(owner, `/replacements/${id}`, {
        intent: "advance",
        from: steps[i - 1] ?? "",
        to: steps[i] ?? "",
      });
      if (moved.ok !== true) throw new Error(`advance to ${steps[i]}: ${moved.status}`);
    }
  }

  async function counted(propertyId: string, lines: Record<string, string>, lossReason: string) {
    const fields = Object.fromEntries(Object.entries(lines).map(([id, n]) => [`counted.${id}`, n]));
    const res = await owner.post(`/properties/${propertyId}/conferencia`, { ...fields, lossReason });
    if (res.status !== 200) throw new Error(`count answered ${res.status}`);
  }

  beforeAll(async () => {
    // Vinho in A starts empty, Água has 10 units and no cost.
    running = await startCheckoutServer(
      [
        { name: "Vinho", priceCents: 5000, stock: 0 },
        { name: "Água", priceCents: 800, stock: 10 },
      ],
      { env: { AUTH_SECRET } },
    );
    const { db, shop, server } = running;
    const vinho = shop.productIds.Vinho ?? "";
    const agua = shop.productIds.Água ?? "";
    houseA = shop.propertyId;
    // Past its free days: Estadia's 3% is taken on each sale.
    await db
      .update(organization)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(organization.id, shop.organizationId));
    await db.update(products).set({ costCents: 400 }).where(eq(products.id, vinho));
    await db.update(properties).set({ name: A_NAME }).where(eq(properties.id, houseA));
    // House B holds 2 Vinho at an average of R$ 4,50.
    const hashB = randomBytes(16).toString("base64url");
    const [b] = await db
      .insert(properties)
      .values({ organizationId: shop.organizationId, name: B_NAME, address: "Rua B, 2", hash: hashB })
      .returning({ id: properties.id });
    houseB = b?.id ?? "";
    await db.insert(propertyProducts).values({
      organizationId: shop.organizationId,
      propertyId: houseB,
      productId: vinho,
      currentQuantity: 2,
      expectedQuantity: 5,
      averageCostCents: 450,
    });
    owner = await signedInBrowser(server, await hostEmail(db, shop), FIXTURE_PASSWORD);

    await delivered(houseA, vinho, "5", "4,00");
    await paidByPix(server.url, db, shop, guestIp(), { Vinho: 2, Água: 1 });
    await delivered(houseA, vinho, "2", "6,00"); // (3 × 4,00 + 2 × 6,00) / 5 = 4,80
    const card = await paidByCard(server.url, db, shop, guestIp(), { Vinho: 1 });
    const refunded = await owner.post("/sales", { intent: "refund", orderId: card.id, reason: "Desistiu" });
    if (refunded.status !== 200) throw new Error(`refund answered ${refunded.status}`);
    await paidByPix(server.url, db, { ...shop, propertyId: houseB, hash: hashB }, guestIp(), { Vinho: 1 });
    await counted(houseA, { [vinho]: "3", [agua]: "8" }, "broken");
    await counted(houseB, { [vinho]: "3" }, "count_adjustment");

    const team = await teamMember(db, shop.organizationId, "manager");
    manager = await signedInBrowser(server, team.email, team.password);
    const crew = await memberOf(db, shop.organizationId, "staff");
    staff = await signedInBrowser(server, crew.email, crew.password);
    const other = await shopFixture(db, [{ name: "Vinho", priceCents: 5000, stock: 3 }]);
    stranger = await signedInBrowser(server, await hostEmail(db, other), FIXTURE_PASSWORD);
  }, 60_000);
  afterAll(() => running?.stop());

  const sales = (extra = "") => `/sales?de=${today}&ate=${today}${extra}`;

  async function dashboard(browser: Browser, query = period) {
    const page = await browser.get(`/dashboard?${query}`);
    expect(page.status).toBe(200);
    return page.body;
  }

  it("shows the owner the day's figures, each linked to where it comes from, and what has no cost", async () => {
    const html = await dashboard(owner);
    const tile = (value: string, href: string, ...notes: string[]) => ({ value, href, notes });
    const none = "Antes: R$ 0,00";
    expect(profitTiles(html)).toEqual({
      Lucro: tile("R$ 124,85", sales(), none),
      Margem: tile("77,9%", sales(), "Antes: —"),
      "Vendas brutas": tile("R$ 208,00", sales(), none),
      Reembolsos: tile("R$ 50,00", sales("&status=refunded"), none),
      Taxas: tile("-R$ 11,05", sales(), none),
      Líquido: tile("R$ 146,95", sales(), none),
      "Custo dos produtos": tile("R$ 12,50", sales(), none),
      Perdas: tile("R$ 9,60", `/inventory/perdas?de=${today}&ate=${today}`, "6,1% das vendas", none),
      Pedidos: tile("3", sales(), "Antes: 0"),
      "Ticket médio": tile("R$ 69,33", sales(), "Antes: —"),
    });
    expect(uncostedWarning(html)).toBe(
      "1 unidade vendida sem custo (R$ 8,00 em vendas): ficam fora da margem. Informe o custo em Produtos . " +
        "1 unidade perdida sem custo: não entram no valor das perdas.",
    );
    expect(propertyRows(html)).toEqual([A_ROW, B_ROW]);
    expect(topProducts(html)).toEqual([
      "Vinho · 3 unidades R$ 127,01",
      "Água · 1 unidade · 1 sem custo sem custo",
    ]);
    expect(chartText(html)).toEqual({
      title: `Vendas por dia, de ${day} a ${day}`,
      desc: `Total R$ 208,00. Melhor dia: ${day}, com R$ 208,00.`,
    });
  });

  it("sorts the properties by name or by profit from the header links' query", async () => {
    const rowsIn = async (sort: string) => propertyRows(await dashboard(owner, `${period}&${sort}`));
    expect(await rowsIn("ordem=imovel&sentido=asc")).toEqual([B_ROW, A_ROW]);
    expect(await rowsIn("ordem=imovel&sentido=desc")).toEqual([A_ROW, B_ROW]);
    expect(await rowsIn("ordem=lucro&sentido=desc")).toEqual([A_ROW, B_ROW]);
    expect(await rowsIn("ordem=lucro&sentido=asc")).toEqual([B_ROW, A_ROW]);
  });

  it("shows a property's page with its own figures only", async () => {
    const page = await owner.get(`/properties/${houseA}/resultado?${period}`);
    expect(page.status).toBe(200);
    const only = (extra = "") => sales(`&imovel=${houseA}${extra}`);
    const tiles = profitTiles(page.body);
    const valuesAndLinks = Object.entries(tiles).map(([label, t]) => [label, [t.value, t.href]]);
    expect(Object.fromEntries(valuesAndLinks)).toEqual({
      Lucro: ["R$ 82,85", only()],
      Margem: ["74,9%", only()],
      "Vendas brutas": ["R$ 158,00", only()],
      Reembolsos: ["R$ 50,00", only("&status=refunded")],
      Taxas: ["-R$ 7,55", only()],
      Líquido: ["R$ 100,45", only()],
      "Custo dos produtos": ["R$ 8,00", only()],
      Perdas: ["R$ 9,60", `/inventory/historico?motivo=loss&de=${today}&ate=${today}&imovel=${houseA}`],
      Pedidos: ["2", only()],
      "Ticket médio": ["R$ 79,00", only()],
    });
    expect(tiles.Perdas?.notes).toEqual(["8,9% das vendas", "Antes: R$ 0,00"]);
    expect(propertyRows(page.body)).toEqual([]);
    expect(topProducts(page.body)).toEqual([
      "Vinho · 2 unidades R$ 85,01",
      "Água · 1 unidade · 1 sem custo sem custo",
    ]);
    expect(chartText(page.body).desc).toBe(`Total R$ 158,00. Melhor dia: ${day}, com R$ 158,00.`);
    expect(visibleText(page.body)).not.toContain(B_NAME);
  });

  it("exports the period as CSV, byte for byte, and one property's line alone", async () => {
    const all = await fetchAs(owner, `/dashboard.csv?${period}`);
    expect(all.status).toBe(200);
    expect(all.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(all.body).toBe(csvOf(A_CSV, B_CSV, TOTAL_CSV));
    const onlyB = await fetchAs(owner, `/dashboard.csv?${period}&imovel=${houseB}`);
    expect(onlyB.body).toBe(csvOf(B_CSV));
  });

  it("shows a manager the same figures and file", async () => {
    const mine = await dashboard(owner);
    const theirs = await dashboard(manager);
    expect(profitTiles(theirs)).toEqual(profitTiles(mine));
    expect(propertyRows(theirs)).toEqual([A_ROW, B_ROW]);
    expect(topProducts(theirs)).toEqual(topProducts(mine));
    expect((await fetchAs(manager, `/dashboard.csv?${period}`)).body).toBe(csvOf(A_CSV, B_CSV, TOTAL_CSV));
    const property = await manager.get(`/properties/${houseA}/resultado?${period}`);
    expect(property.status).toBe(200);
    expect(profitTiles(property.body).Lucro?.value).toBe("R$ 82,85");
  });

  it("gives staff the dashboard without money, in the page or its data, and refuses them the rest", async () => {
    const mine = await dashboard(owner);
    const theirs = await dashboard(staff);
    expect(visibleText(theirs)).toContain("Dashboard");
    expect(visibleText(mine)).toContain("R$");
    expect(visibleText(theirs)).not.toContain("R$");
    // The owner's page data carries the figures; staff's none of them.
    const fields = /profitCents|grossCents|topProducts|12485/;
    expect(mine).toMatch(fields);
    expect(theirs).not.toMatch(fields);
    expect((await fetchAs(staff, `/dashboard.csv?${period}`)).status).toBe(403);
    expect((await staff.get(`/properties/${houseA}/resultado?${period}`)).status).toBe(403);
  });

  it("keeps another host out: A's page is the 404 and their file has no line of A", async () => {
    expect((await stranger.get(`/properties/${houseA}/resultado?${period}`)).status).toBe(404);
    const file = await fetchAs(stranger, `/dashboard.csv?${period}&imovel=${houseA}`);
    expect(file.status).toBe(200);
    expect(file.body).toBe(csvOf());
    expect(file.body).not.toContain(A_NAME);
  });
});
