// Each kind of refusal, provoked through a different route of the built app (run `npm run build` first), is
// answered with the status of the one table (routes/refusal.server.ts): a route that picks a status of its
// own for a kind fails here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATUS_OF_KIND } from "~/routes/refusal.server";
import { Browser, signedInBrowser, signIn, uniqueIp } from "../support/accounts";
import { startCheckoutServer } from "../support/checkout-server";
import { guestPhone } from "../support/guest-phone";
import { FIXTURE_PASSWORD, hostEmail, teamMember, visibleText } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import { fetcherPost } from "../support/restock-fixtures";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

describe.runIf(available)("refusals over HTTP", () => {
  let running: ShopServer;
  let owner: Browser;
  let staff: Browser;

  beforeAll(async () => {
    running = await startCheckoutServer([
      { name: "Água", priceCents: 450, stock: 1 },
      { name: "Cerveja", priceCents: 1200, stock: 0 },
    ]);
    const { db, shop } = running;
    owner = await signedIn(await hostEmail(db, shop), FIXTURE_PASSWORD);
    const member = await teamMember(db, shop.organizationId, "staff");
    staff = await signedIn(member.email, member.password);
  });
  afterAll(() => running?.stop());

  const signedIn = (email: string, password: string) => signedInBrowser(running.server, email, password);
  const id = (name: string) => running.shop.productIds[name] ?? "";

  it("invalid, not_found and insufficient_stock in the guest's cart", async () => {
    const phone = guestPhone(running.server.url, uniqueIp());
    const junk = await phone.cart({ intent: "add", hash: running.shop.hash, productId: "não-é-um-id" });
    expect(junk.status).toBe(STATUS_OF_KIND.invalid);
    const gone = await phone.cart({ intent: "inc", cartId: crypto.randomUUID(), productId: id("Água") });
    expect(gone.status).toBe(STATUS_OF_KIND.not_found);
    const soldOut = await phone.cart({ intent: "add", hash: running.shop.hash, productId: id("Cerveja") });
    expect(soldOut.status).toBe(STATUS_OF_KIND.insufficient_stock);
    expect(soldOut.json).toMatchObject({ ok: false, detail: "Produto esgotado" });
  });

  it("unauthenticated: a wrong password", async () => {
    const stranger = new Browser(running.server, { ip: uniqueIp() });
    const wrong = await signIn(stranger, await hostEmail(running.db, running.shop), "errada123");
    expect(wrong.status).toBe(STATUS_OF_KIND.unauthenticated);
    expect(visibleText(wrong.body)).toContain("E-mail ou senha incorretos.");
  });

  it("forbidden: staff creating a product, and opening the sales", async () => {
    const created = await staff.post("/products", { intent: "create", name: "Vinho", price: "50,00" });
    expect(created.status).toBe(STATUS_OF_KIND.forbidden);
    const sales = await staff.get("/sales");
    expect(sales.status).toBe(STATUS_OF_KIND.forbidden);
    expect(visibleText(sales.body)).toContain("Seu papel nesta organização não permite ver as vendas.");
    // Rendered inside the back office, with its navigation.
    expect(visibleText(sales.body)).toContain("Estoque");
  });

  it("conflict: adding a product the property already has", async () => {
    // What the page's form sends through React Router's fetch (the refusal is shown as a toast).
    const again = await fetcherPost(owner, `/properties/${running.shop.propertyId}/products`, {
      intent: "add",
      productId: id("Água"),
    });
    expect(again).toMatchObject({
      status: STATUS_OF_KIND.conflict,
      ok: false,
      message: "Este produto já está no imóvel",
    });
  });

  it("rate_limited: too many sign-ups from one address, with when to come back", async () => {
    const visitor = new Browser(running.server, { ip: uniqueIp() });
    const lead = (n: number) => ({
      name: "Ana",
      email: `ana-${n}-${Date.now()}@example.com`,
      phone: "",
      propertiesCount: "",
      language: "pt-BR",
      website: "",
    });
    let answer = await visitor.post("/leads", lead(0));
    for (let n = 1; answer.status !== STATUS_OF_KIND.rate_limited && n <= 20; n += 1) {
      expect(answer.status).toBe(303);
      answer = await visitor.post("/leads", lead(n));
    }
    expect(answer.status).toBe(STATUS_OF_KIND.rate_limited);
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  });
});
