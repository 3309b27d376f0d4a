// 'Conta da estadia' over HTTP against the built app (run `npm run build` first): the cleaner counts the
// check-out from the stay's page, staff see units and no money, the owner sees prices and costs and puts the
// missing items in a damage record whose claim PDF lists them as 'Consumo não pago' (read back with
// pdftotext); another host gets 404s for the stay, its count and its actions.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, saoPauloDay } from "~/lib/dates";
import { propertyProducts, stays, stockCounts } from "~/platform/db/schema";
import { type Browser, signedInBrowser } from "../support/accounts";
import { startCheckoutServer } from "../support/checkout-server";
import { FIXTURE_PASSWORD, hostEmail, visibleText } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import { pdfText } from "../support/qr-decode";
import { download } from "../support/qr-http";
import { memberOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

describe.runIf(available)("the stay's account over HTTP", () => {
  let running: ShopServer;
  let owner: Browser;
  let staff: Browser;
  let stranger: Browser;
  let stayId = "";
  const today = saoPauloDay(new Date());

  beforeAll(async () => {
    running = await startCheckoutServer(
      [
        { name: "Cerveja", priceCents: 1200, stock: 10 },
        { name: "Chocolate", priceCents: 900, stock: 6 },
      ],
      { env: { AUTH_SECRET: "stay-account-test-secret-0123456789abcdef" } },
    );
    const { db, shop } = running;
    await db
      .update(propertyProducts)
      .set({ averageCostCents: 500 })
      .where(eq(propertyProducts.propertyId, shop.propertyId));
    owner = await signedInBrowser(running.server, await hostEmail(db, shop), FIXTURE_PASSWORD);
    const member = await memberOf(db, shop.organizationId, "staff");
    staff = await signedInBrowser(running.server, member.email, member.password);
    stranger = await signedInBrowser(
      running.server,
      await hostEmail(db, await shopFixture(db, [])),
      FIXTURE_PASSWORD,
    );
    const [row] = await db
      .insert(stays)
      .values({
        organizationId: shop.organizationId,
        propertyId: shop.propertyId,
        kind: "stay",
        source: "airbnb",
        checkIn: addDays(today, -3),
        checkOut: today,
      })
      .returning({ id: stays.id });
    stayId = row?.id ?? "";
  });
  afterAll(() => running?.stop());

  it("counts the check-out, shows the account to each role, and puts it in the claim PDF", async () => {
    const { shop } = running;
    const stayPath = `/estadias/${stayId}`;
    expect(visibleText((await owner.get(stayPath)).body)).toContain(
      "A saída desta estadia ainda não foi conferida.",
    );
    const counted = await staff.post(`/properties/${shop.propertyId}/conferencia`, {
      [`counted.${shop.productIds.Cerveja}`]: "7",
      [`counted.${shop.productIds.Chocolate}`]: "5",
      lossReason: "consumed_unpaid",
      stayId,
      clientId: "server-count-0001",
      takenAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(counted.status).toBe(200);
    expect(counted.body).toContain(`href="${stayPath}#conta"`);

    const staffView = visibleText((await staff.get(stayPath)).body);
    expect(staffView).toContain("Conta da estadia");
    expect(staffView).toContain("Faltando, não cobrado");
    expect(staffView).toContain("3 × Cerveja");
    expect(staffView).not.toContain("R$");
    expect(staffView).not.toContain("Incluir na avaria");

    const ownerView = visibleText((await owner.get(stayPath)).body);
    expect(ownerView).toContain("3 × Cerveja (R$ 12,00 cada)");
    expect(ownerView).toMatch(/R\$\s36,00 · custo R\$\s15,00/);
    expect(ownerView).toMatch(/Faltando: R\$\s45,00 a preço de venda/);
    const [count] = await running.db.select().from(stockCounts).where(eq(stockCounts.stayId, stayId));
    const countId = count?.id ?? "";

    // Another host: the stay is a 404, and so are its actions with this count's id.
    expect((await stranger.get(stayPath)).status).toBe(404);
    expect((await stranger.post(stayPath, { intent: "includeInDamage", countId })).status).toBe(404);
    expect((await stranger.post(stayPath, { intent: "forgive", countId })).status).toBe(404);
    // Staff may not settle it.
    expect((await staff.post(stayPath, { intent: "forgive", countId })).status).toBe(403);
    expect((await owner.post(stayPath, { intent: "forgive", countId: "nao-e-id" })).status).toBe(404);

    const included = await owner.post(stayPath, { intent: "includeInDamage", countId });
    expect(included.status).toBe(200);
    const settled = visibleText((await owner.get(stayPath)).body);
    expect(settled).toContain("Incluído na avaria");
    const [updated] = await running.db.select().from(stockCounts).where(eq(stockCounts.id, countId));
    const pdf = await download(owner, `/avarias/${updated?.damageId}/relatorio.pdf`);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.bytes).join("\n").replace(/\s+/g, " ");
    expect(text).toContain("Consumo não pago: 3 × Cerveja");
    expect(text).toContain("Consumo não pago: 1 × Chocolate");
    expect(text).toMatch(/conferido em \d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain("R$ 36,00");
  });

  it("'Perdas' shows owners the period's losses by reason, the products taken unpaid and the stays; staff get 403", async () => {
    const page = await owner.get("/inventory/perdas");
    expect(page.status).toBe(200);
    const text = visibleText(page.body);
    expect(text).toMatch(/Consumido sem pagar: 4 un\. · R\$\s20,00/);
    expect(text).toMatch(/Cerveja: 3 un\. · R\$\s15,00/);
    expect(text).toContain("Referências: mercados autônomos de condomínio perdem até 6% das vendas");
    expect(page.body).toContain(`href="/estadias/${stayId}#conta"`);
    expect((await staff.get("/inventory/perdas")).status).toBe(403);
    expect(visibleText((await staff.get("/inventory")).body)).not.toContain("Perdas");
    // Another host's report holds nothing of this one.
    const theirs = visibleText((await stranger.get("/inventory/perdas")).body);
    expect(theirs).not.toContain("Cerveja");
    expect(theirs).toContain("Perdas: R$ 0,00 · sem vendas");
  });
});
