import { type IncomingMessage, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, propertyProducts } from "~/platform/db/schema";
import { guestPhone } from "../support/guest-phone";
import { postgresAvailable } from "../support/postgres";
import type { RunningServer } from "../support/server-process";
import { newHost, secondProperty, shopIn } from "../support/shop-fixtures";
import { type ShopServer, startShopServer } from "../support/shop-server";

const available = await postgresAvailable();

/** The product cards a guest sees (not hidden), by name, in page order. */
function shownCards(html: string): string[] {
  return [...html.matchAll(/<li data-shop-card="true"[^>]*?data-name="([^"]*)"([^>]*)>/g)]
    .filter((m) => !/\shidden=""/.test(m[2] ?? ""))
    .map((m) => m[1] ?? "");
}

/** Whether the fixed 'Continuar' bar shows, and where it leads. */
function continueBar(html: string): { shown: boolean; href: string } {
  const bar = /<div data-cart-bar="true"([^>]*)><a data-cart-link="true" href="([^"]*)"/.exec(html);
  if (!bar) throw new Error("no 'Continuar' bar in the page");
  return { shown: !/\shidden=""/.test(bar[1] ?? ""), href: bar[2] ?? "" };
}

type Shop = ShopServer["shop"];

describe.runIf(available)("the guest shop over HTTP (no JavaScript)", () => {
  let running: ShopServer;
  let server: RunningServer;
  let shop: Shop;
  let ipCounter = 0;

  beforeAll(async () => {
    running = await startShopServer([
      { name: "Água com gás", priceCents: 500, stock: 2, category: "Bebidas" },
      { name: "Cerveja", priceCents: 1200, stock: 0, category: "Bebidas" },
      { name: "Café", priceCents: 800, stock: null, category: "Café da manhã" },
    ]);
    server = running.server;
    shop = running.shop;
  });
  afterAll(() => running?.stop());

  const guest = () => guestPhone(server.url, `192.0.2.${++ipCounter}`);
  type Guest = ReturnType<typeof guest>;

  const add = (g: Guest, name: string) =>
    g.request(`/i/${shop.hash}`, { intent: "add", hash: shop.hash, productId: shop.productIds[name] ?? "" });

  it("renders the products, prices and stock state in the first HTML", async () => {
    const page = await guest().request(`/i/${shop.hash}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Água com gás");
    expect(page.body).toContain("R$\u00a05,00");
    expect(page.body).toMatch(/Outros produtos[\s\S]*Cerveja[\s\S]*Produto esgotado/);
    expect(continueBar(page.body)).toEqual({ shown: false, href: "#" });
  });

  it("answers an unknown shop with 404 and 'Imóvel não encontrado'", async () => {
    const page = await guest().request("/i/nao-existe-esta-loja");
    expect(page.status).toBe(404);
    expect(page.body).toContain("Imóvel não encontrado");
  });

  it("says how few are left, marks an 18+ product with the notice, and says when a property sells nothing", async () => {
    const g = guest();
    const main = await g.request(`/i/${shop.hash}`);
    // 'Água com gás' has 2 units; 'Café' is not counted.
    expect(main.body).toContain("Restam 2");
    expect(main.body).not.toContain("Venda proibida para menores de 18 anos.");

    const empty = await secondProperty(running.db, shop.organizationId);
    const emptyPage = await g.request(`/i/${empty.hash}`);
    expect(emptyPage.status).toBe(200);
    expect(emptyPage.body).toContain("Este imóvel ainda não tem produtos à venda.");

    const bar = await secondProperty(running.db, shop.organizationId);
    const [wine] = await running.db
      .insert(products)
      .values({ organizationId: shop.organizationId, name: "Vinho", priceCents: 5990, adultsOnly: true })
      .returning({ id: products.id });
    await running.db.insert(propertyProducts).values({
      organizationId: shop.organizationId,
      propertyId: bar.id,
      productId: wine?.id ?? "",
      currentQuantity: 1,
    });
    const barPage = await g.request(`/i/${bar.hash}`);
    expect(barPage.body).toContain("Venda proibida para menores de 18 anos.");
    expect(barPage.body).toMatch(/Vinho[\s\S]*18\+[\s\S]*Resta 1</);

    // The cart summary marks it too, before the buyer is asked to confirm their age.
    await g.request(`/i/${bar.hash}`, { intent: "add", hash: bar.hash, productId: wine?.id ?? "" });
    const cartId = /\/payment\/([0-9a-f-]{36})/.exec((await g.request(`/i/${bar.hash}`)).body)?.[1] ?? "";
    const summary = await g.request(`/payment/${cartId}`);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatch(/Vinho[\s\S]{0,400}18\+[\s\S]{0,200}Produto para maiores de 18 anos/);
  });

  it("filters by search (accents ignored) and by the category parameter", async () => {
    const g = guest();
    // Every product is in the HTML (the guest script filters in place); those outside the filter are hidden.
    const search = await g.request(`/i/${shop.hash}?q=agua`);
    expect(shownCards(search.body)).toEqual(["Água com gás"]);
    const category = await g.request(`/i/${shop.hash}?category=CAF%C3%89%20DA%20MANH%C3%83`);
    expect(shownCards(category.body)).toEqual(["Café"]);
    const none = await g.request(`/i/${shop.hash}?q=xyz`);
    expect(shownCards(none.body)).toEqual([]);
    expect(none.body).toMatch(
      /<p data-filter-empty="true" class[^>]*>Nenhum produto encontrado para os filtros selecionados/,
    );
    expect(search.body).toMatch(/<p data-filter-empty="true" hidden=""/);
    expect(shownCards((await g.request(`/i/${shop.hash}`)).body)).toEqual([
      "Água com gás",
      "Café",
      "Cerveja",
    ]);
  });

  it("adds to the cart with a plain form post, giving the device a first-party cookie", async () => {
    const g = guest();
    const first = await add(g, "Água com gás");
    expect(first.status).toBe(200);
    expect(first.set).toMatch(
      /^estadia_device=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
    );
    const page = await g.request(`/i/${shop.hash}`);
    expect(continueBar(page.body)).toEqual({
      shown: true,
      href: expect.stringMatching(/^\/payment\/[0-9a-f-]{36}$/),
    });
  });

  it("answers a browser's form post with a redirect back to the page (post/redirect/get)", async () => {
    // fetch() may not send Sec-Fetch-* headers (the browser owns them): speak HTTP directly, as a browser does.
    const body = new URLSearchParams({
      intent: "add",
      hash: shop.hash,
      productId: shop.productIds.Café ?? "",
    }).toString();
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(`${server.url}/i/${shop.hash}?q=caf`, {
        method: "POST",
        headers: {
          "x-forwarded-for": "192.0.2.250",
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded",
          "sec-fetch-mode": "navigate",
          "content-length": Buffer.byteLength(body),
        },
      });
      req.on("response", resolve).on("error", reject);
      req.end(body);
    });
    res.resume();
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/i/${shop.hash}?q=caf`);
    expect(res.headers["set-cookie"]?.some((c) => c.startsWith("estadia_device="))).toBe(true);
  });

  it("stops at the stock and refuses a sold-out product, with the spec's message", async () => {
    const g = guest();
    await add(g, "Água com gás");
    await add(g, "Água com gás");
    const third = await add(g, "Água com gás");
    expect(third.status).toBe(409);
    expect(third.body).toContain("Não foi possível adicionar o produto ao carrinho");
    const soldOut = await add(g, "Cerveja");
    expect(soldOut.status).toBe(409);
    expect(soldOut.body).toContain("Produto esgotado");
  });

  it("keeps a cart to its device: another device can neither see nor change it", async () => {
    const owner = guest();
    await add(owner, "Café");
    const cartId =
      /\/payment\/([0-9a-f-]{36})/.exec((await owner.request(`/i/${shop.hash}`)).body)?.[1] ?? "";
    expect((await owner.request(`/payment/${cartId}`)).body).toContain("Finalizar Pedido");

    const intruder = guest();
    await intruder.request(`/i/${shop.hash}`, {
      intent: "add",
      hash: shop.hash,
      productId: shop.productIds.Café ?? "",
    });
    const seen = await intruder.request(`/payment/${cartId}`);
    expect(seen.status).toBe(404);
    expect(seen.body).not.toContain("Café");
    const changed = await intruder.request(`/payment/${cartId}`, {
      intent: "inc",
      cartId,
      productId: shop.productIds.Café ?? "",
    });
    expect(changed.status).toBe(404);
    expect((await owner.request(`/payment/${cartId}`)).body).toMatch(/Quantidade de Café[^>]*>1</);
  });

  it("the summary refuses to continue without a method and goes on with one", async () => {
    const g = guest();
    await add(g, "Café");
    const cartId = /\/payment\/([0-9a-f-]{36})/.exec((await g.request(`/i/${shop.hash}`)).body)?.[1] ?? "";
    const page = await g.request(`/payment/${cartId}`);
    expect(page.body).toMatch(/1[\s\S]*Resumo[\s\S]*2[\s\S]*Identificação[\s\S]*3[\s\S]*Pagamento/);
    // Pix is chosen at first: the first 'Continuar' goes on (issue 49); card is one tap away.
    const radios = [...page.body.matchAll(/<input type="radio"[^>]*name="method"[^>]*>/g)].map((m) => m[0]);
    expect(radios.filter((r) => /\schecked=""/.test(r)).map((r) => /value="([^"]*)"/.exec(r)?.[1])).toEqual([
      "pix",
    ]);
    const refused = await g.request(`/payment/${cartId}`, { intent: "continue" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Selecione um método de pagamento");
    const chosen = await g.request(`/payment/${cartId}`, { intent: "continue", method: "pix" });
    expect(chosen.status).toBe(302);
    expect(chosen.location).toBe(`/payments/${cartId}/pix`);
  });

  it("a shop whose host has no payment account says so at once, and offers no checkout", async () => {
    const text = "Este imóvel ainda não está recebendo pagamentos. Avise o anfitrião.";
    const open = await shopIn(running.db, await newHost(running.db), [
      { name: "Pão de queijo", priceCents: 900, stock: 3 },
    ]);
    const notYet = await shopIn(
      running.db,
      await newHost(running.db),
      [{ name: "Pão de queijo", priceCents: 900, stock: 3 }],
      { receiving: false },
    );
    const g = guest();
    // Before the guest chooses anything: on the shop as its QR code opens it.
    expect((await g.request(`/i/${open.hash}`)).body).not.toContain(text);
    const shopPage = await g.request(`/i/${notYet.hash}`);
    expect(shopPage.status).toBe(200);
    expect(shopPage.body).toContain(text);
    expect(shopPage.body).toContain("Pão de queijo");

    await g.request(`/i/${notYet.hash}`, {
      intent: "add",
      hash: notYet.hash,
      productId: notYet.productIds["Pão de queijo"] ?? "",
    });
    const cartId = /\/payment\/([0-9a-f-]{36})/.exec((await g.request(`/i/${notYet.hash}`)).body)?.[1] ?? "";
    expect(cartId).not.toBe("");
    // The summary (the device's own cart: the page's template otherwise) says it, with no method to choose.
    const summary = await g.request(`/payment/${cartId}`);
    expect(summary.status).toBe(200);
    expect(summary.body).toContain(text);
    expect(summary.body).not.toContain("data-payment-choice");
    // The identification's address typed by hand: no form either.
    const identification = await g.request(`/payments/${cartId}/pix`);
    expect(identification.body).toContain(text);
    expect(identification.body).not.toContain('name="fullName"');
  });

  it("limits new carts per IP", async () => {
    const ip = "198.51.100.77";
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await fetch(`${server.url}/i/${shop.hash}`, {
        method: "POST",
        headers: {
          "x-forwarded-for": ip,
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          intent: "add",
          hash: shop.hash,
          productId: shop.productIds.Café ?? "",
        }).toString(),
      });
      last = res.status;
      const text = await res.text();
      if (i < 30) expect(res.status).toBe(200);
      else expect(text).toContain("Muitos carrinhos criados a partir desta rede");
    }
    expect(last).toBe(429);
  });
});
