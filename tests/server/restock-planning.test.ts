// 'Planejar reposições' over HTTP against the built app (run `npm run build` first): a bad number of days
// is answered in Portuguese and creates nothing, staff are kept out, another host's planning changes
// nothing here, and the owner's plan becomes runs. The database is read only for the runs.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, saoPauloDay } from "~/lib/dates";
import { replacements } from "~/platform/db/schema";
import { type Browser, signedInBrowser } from "../support/accounts";
import { startCheckoutServer } from "../support/checkout-server";
import { FIXTURE_PASSWORD, hostEmail, visibleText } from "../support/money-http";
import { stayIn } from "../support/plan-fixtures";
import { postgresAvailable } from "../support/postgres";
import { memberOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const AUTH_SECRET = "restock-planning-test-secret-0123456789abcdef";
const DAYS_RANGE = "Informe um número de dias entre 1 e 30.";
const NOTHING_LEFT =
  "Nada a planejar: os imóveis com check-in neste período já têm o nível de reposição, contando o que está a caminho.";

describe.runIf(available)("restock planning over HTTP", () => {
  let running: ShopServer;
  let owner: Browser;
  let staff: Browser;
  let stranger: Browser;

  beforeAll(async () => {
    // Expected 5 each (shopFixture): 3 waters missing; the property's next guest arrives in 2 days.
    running = await startCheckoutServer([{ name: "Água", priceCents: 450, stock: 2 }], {
      env: { AUTH_SECRET },
    });
    const { db, shop } = running;
    const today = saoPauloDay(new Date());
    await stayIn(db, shop.organizationId, shop.propertyId, addDays(today, 2), addDays(today, 5));
    owner = await signedInBrowser(running.server, await hostEmail(db, shop), FIXTURE_PASSWORD);
    const member = await memberOf(db, shop.organizationId, "staff");
    staff = await signedInBrowser(running.server, member.email, member.password);
    const otherShop = await shopFixture(db, [{ name: "Vinho", priceCents: 5000, stock: 0 }]);
    stranger = await signedInBrowser(running.server, await hostEmail(db, otherShop), FIXTURE_PASSWORD);
  });
  afterAll(() => running?.stop());

  const runsOfShop = () =>
    running.db
      .select({ id: replacements.id, deliverBy: replacements.deliverBy })
      .from(replacements)
      .where(eq(replacements.organizationId, running.shop.organizationId));

  it("answers a bad number of days in Portuguese, shows the 7-day plan and creates nothing", async () => {
    for (const dias of ["0", "31", "sete", "-1"]) {
      const page = await owner.get(`/replacements/planejar?dias=${dias}`);
      expect(page.status).toBe(200);
      const text = visibleText(page.body);
      expect(text).toContain(DAYS_RANGE);
      expect(text).toContain("Check-ins nos próximos 7 dias");
    }
    for (const dias of ["0", "99", "", "1.5"]) {
      const post = await owner.post("/replacements/planejar", { dias });
      expect(post.status).toBe(400);
      expect(visibleText(post.body)).toContain(DAYS_RANGE);
    }
    expect(await runsOfShop()).toEqual([]);
  });

  it("keeps staff out, and another host's planning creates nothing here", async () => {
    expect((await staff.get("/replacements/planejar")).status).toBe(403);
    expect((await staff.post("/replacements/planejar", { dias: "7" })).status).toBe(403);
    const theirs = await stranger.get("/replacements/planejar");
    expect(theirs.status).toBe(200);
    expect(visibleText(theirs.body)).not.toContain("Água");
    const post = await stranger.post("/replacements/planejar", { dias: "7" });
    expect(post.status).toBe(409);
    expect(visibleText(post.body)).toContain(NOTHING_LEFT);
    expect(await runsOfShop()).toEqual([]);
  });

  it("shows the owner's plan and turns it into one run due at the check-in", async () => {
    const text = visibleText((await owner.get("/replacements/planejar")).body);
    expect(text).toContain("Hóspedes estimados: 2 por estadia");
    expect(text).toContain("Nível de reposição (quantidade esperada)");
    // No history anywhere: nothing forecast, so what to bring is 5 − 2.
    expect(text).toMatch(/Água \(sem histórico\) 5 2 0 \(não incluído\) 3/);
    const created = await owner.post("/replacements/planejar", { dias: "7" });
    expect(created.status).toBe(302);
    expect(created.location).toBe("/replacements");
    const today = saoPauloDay(new Date());
    expect((await runsOfShop()).map((r) => r.deliverBy)).toEqual([addDays(today, 2)]);
    const again = await owner.post("/replacements/planejar", { dias: "7" });
    expect(again.status).toBe(409);
    expect(visibleText(again.body)).toContain(NOTHING_LEFT);
    expect(await runsOfShop()).toHaveLength(1);
  });
});
