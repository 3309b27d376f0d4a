// ADR 0044, against the built app on PostgreSQL: a back-office page viewed again with nothing changed is
// not rendered again. What a person sees must not tell: each view carries its own CSP nonce, a change
// shows at once, and no one is handed a page made for someone else.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organization, products } from "~/platform/db/schema";
import { Browser, signIn, uniqueIp } from "../support/accounts";
import { FIXTURE_PASSWORD, hostEmail, teamMember } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import { shopFixture } from "../support/shop-fixtures";
import { type ShopServer, startShopServer } from "../support/shop-server";

const available = await postgresAvailable();

describe.runIf(available)("a back-office page viewed again", () => {
  let running: ShopServer;
  let owner: Browser;

  async function signedIn(email: string, password: string): Promise<Browser> {
    const browser = new Browser(running.server, { ip: uniqueIp() });
    expect((await signIn(browser, email, password)).status).toBe(302);
    return browser;
  }

  /** The page's HTML and the nonce its Content-Security-Policy allows. */
  async function view(browser: Browser, path: string): Promise<{ html: string; nonce: string }> {
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${running.server.url}${path}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    expect(nonce).not.toBe("");
    return { html: await res.text(), nonce };
  }

  beforeAll(async () => {
    running = await startShopServer([{ name: "Água", priceCents: 500, stock: 10 }]);
    owner = await signedIn(await hostEmail(running.db, running.shop), FIXTURE_PASSWORD);
  });

  afterAll(async () => {
    await running?.stop();
  });

  it("is the same page, carrying the nonce of its own response on every script", async () => {
    const first = await view(owner, "/dashboard");
    const again = await view(owner, "/dashboard");
    expect(again.nonce).not.toBe(first.nonce);
    expect(again.html).not.toContain(first.nonce);
    const scripts = again.html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${again.nonce}"`);
    expect(again.html.replaceAll(again.nonce, "N")).toBe(first.html.replaceAll(first.nonce, "N"));
  });

  it("shows a change made since the last view", async () => {
    expect((await view(owner, "/inventory")).html).toContain("Água");
    await running.db
      .update(products)
      .set({ name: "Água com gás" })
      .where(eq(products.id, running.shop.productIds.Água ?? ""));
    expect((await view(owner, "/inventory")).html).toContain("Água com gás");
  });

  it("gives a member of the same organization their own page, not the owner's", async () => {
    const ownerPage = (await view(owner, "/dashboard")).html;
    const staffLogin = await teamMember(running.db, running.shop.organizationId, "staff");
    const staff = await signedIn(staffLogin.email, staffLogin.password);
    const staffPage = (await view(staff, "/dashboard")).html;
    expect(staffPage).toContain("Equipe staff");
    expect(ownerPage).not.toContain("Equipe staff");
    // The money is the owner's to see: the staff's dashboard has no profit panel.
    expect(ownerPage).toContain("Lucro");
    expect(staffPage).not.toContain("Lucro");
  });

  it("gives another host their own organization's page", async () => {
    const [mine] = await running.db
      .select({ name: organization.name })
      .from(organization)
      .where(eq(organization.id, running.shop.organizationId));
    const otherShop = await shopFixture(running.db, [{ name: "Café", priceCents: 300, stock: 5 }]);
    const [theirs] = await running.db
      .select({ name: organization.name })
      .from(organization)
      .where(eq(organization.id, otherShop.organizationId));
    const other = await signedIn(await hostEmail(running.db, otherShop), FIXTURE_PASSWORD);
    await view(owner, "/inventory");
    const page = (await view(other, "/inventory")).html;
    expect(page).toContain(theirs?.name ?? "?");
    expect(page).not.toContain(mine?.name ?? "?");
    expect(page).toContain("Café");
    expect(page).not.toContain("Água");
  });
});
