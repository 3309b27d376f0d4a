// 'Hoje' (issue 49) over HTTP against the built app (run `npm run build` first): a cleaner signs in and lands
// on the day's work (today's turnover with 'Conferir saída', a run due today, an open damage without its amount);
// owners keep the dashboard; another organization's day never shows.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, formatDay, saoPauloDay } from "~/lib/dates";
import { damageItems, damageRecords, properties, replacements, stockCounts } from "~/platform/db/schema";
import { Browser, signedInBrowser, signIn, uniqueIp } from "../support/accounts";
import { startCheckoutServer } from "../support/checkout-server";
import { FIXTURE_PASSWORD, hostEmail, visibleText } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import { memberOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";
import type { ShopServer } from "../support/shop-server";
import { insertStay } from "../support/stay-fixtures";

const available = await postgresAvailable();

describe.runIf(available)("the 'Hoje' page", () => {
  let running: ShopServer;
  const today = saoPauloDay(new Date());
  let leavingId = "";
  let runId = "";
  let foreignRunId = "";
  let foreignPropertyName = "";
  let propertyName = "";

  beforeAll(async () => {
    running = await startCheckoutServer([]);
    const { db, shop } = running;
    const at = { organizationId: shop.organizationId, propertyId: shop.propertyId };
    leavingId = await insertStay(db, at, addDays(today, -3), today);
    await insertStay(db, at, today, addDays(today, 2), { source: "booking" });
    const [run] = await db
      .insert(replacements)
      .values([
        { organizationId: shop.organizationId, number: 1, status: "in_transit", deliverBy: today },
        { organizationId: shop.organizationId, number: 2, status: "delivered", deliverBy: today },
        {
          organizationId: shop.organizationId,
          number: 3,
          status: "processing",
          deliverBy: addDays(today, 3),
        },
      ])
      .returning({ id: replacements.id });
    runId = run?.id ?? "";
    const [damage] = await db
      .insert(damageRecords)
      .values([
        { organizationId: shop.organizationId, propertyId: shop.propertyId, title: "Espelho trincado" },
        {
          organizationId: shop.organizationId,
          propertyId: shop.propertyId,
          title: "Cadeira antiga",
          status: "archived",
        },
      ])
      .returning({ id: damageRecords.id });
    await db.insert(damageItems).values({
      organizationId: shop.organizationId,
      damageId: damage?.id ?? "",
      description: "Espelho",
      estimatedCents: 12_345,
    });
    propertyName =
      (await db.select().from(properties).where(eq(properties.id, shop.propertyId)))[0]?.name ?? "";

    // Another organization with a day of its own.
    const other = await shopFixture(db, []);
    await insertStay(db, other, addDays(today, -2), today);
    const [foreignRun] = await db
      .insert(replacements)
      .values({ organizationId: other.organizationId, number: 7, status: "processing", deliverBy: today })
      .returning({ id: replacements.id });
    foreignRunId = foreignRun?.id ?? "";
    await db
      .insert(damageRecords)
      .values({ organizationId: other.organizationId, propertyId: other.propertyId, title: "Sofá manchado" });
    foreignPropertyName =
      (await db.select().from(properties).where(eq(properties.id, other.propertyId)))[0]?.name ?? "";
  });
  afterAll(() => running?.stop());

  it("lands a cleaner on 'Hoje' with the turnover, the run due today and the open damage, without money", async () => {
    const { db, shop, server } = running;
    const member = await memberOf(db, shop.organizationId, "staff");
    const cleaner = new Browser(server, { ip: uniqueIp() });
    const signedIn = await signIn(cleaner, member.email, member.password);
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/hoje");

    const page = await cleaner.get("/hoje");
    expect(page.status).toBe(200);
    const text = visibleText(page.body);
    expect(text).toContain("Saídas de hoje");
    expect(text).toContain(propertyName);
    expect(text).toContain(`Estadia de ${formatDay(addDays(today, -3))} a ${formatDay(today)}`);
    expect(text).toContain("Próxima entrada: hoje");
    expect(text).toContain("Conferência a fazer");
    expect(text).toContain("Conferir saída");
    expect(page.body).toContain(`/properties/${shop.propertyId}/conferencia?estadia=${leavingId}`);
    expect(text).toContain("Entradas de hoje");
    expect(text).toContain(`Saída ${formatDay(addDays(today, 2))}`);
    // Only the open run due today: not the delivered one, not the one due later.
    expect(text).toContain("Reposições a entregar");
    expect(page.body).toContain(`href="/replacements/${runId}"`);
    expect(text).toContain("Reposição #1");
    expect(text).toContain(`Entregar até ${formatDay(today)}`);
    expect(text).not.toContain("Reposição #2");
    expect(text).not.toContain("Reposição #3");
    expect(text).toContain("Avarias abertas");
    expect(text).toContain("Espelho trincado");
    expect(text).not.toContain("Cadeira antiga");
    // No money anywhere, in the page or its data.
    expect(page.body).not.toContain("R$");
    expect(page.body).not.toContain("12345");
    expect(page.body).not.toContain("123,45");
    // The navigation offers it.
    expect(page.body).toContain('href="/hoje"');

    // Another organization's day never shows.
    expect(text).not.toContain(foreignPropertyName);
    expect(text).not.toContain("Sofá manchado");
    expect(page.body).not.toContain(foreignRunId);

    // The count done: the turnover says so.
    await db.insert(stockCounts).values({
      organizationId: shop.organizationId,
      propertyId: shop.propertyId,
      stayId: leavingId,
      clientId: `hoje-${leavingId}`,
      takenAt: new Date(),
      lossReason: "",
    });
    const after = visibleText((await cleaner.get("/hoje")).body);
    expect(after).toContain("Conferência feita");
    expect(after).not.toContain("Conferência a fazer");
  });

  it("keeps owners on the dashboard, with 'Hoje' one link away", async () => {
    const { db, shop, server } = running;
    const owner = new Browser(server, { ip: uniqueIp() });
    const signedIn = await signIn(owner, await hostEmail(db, shop), FIXTURE_PASSWORD);
    expect(signedIn.location).toBe("/dashboard");
    expect((await owner.get("/dashboard")).body).toContain('href="/hoje"');
    const page = await owner.get("/hoje");
    expect(page.status).toBe(200);
    expect(visibleText(page.body)).toContain("Espelho trincado");
    expect(page.body).not.toContain("R$");
  });

  it("says so in a sentence when there is nothing to do today", async () => {
    const { db, server } = running;
    const empty = await shopFixture(db, []);
    const owner = await signedInBrowser(server, await hostEmail(db, empty), FIXTURE_PASSWORD);
    const text = visibleText((await owner.get("/hoje")).body);
    expect(text).toContain("Nada para hoje");
    expect(text).not.toContain("Saídas de hoje");
  });
});
