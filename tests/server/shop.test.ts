import { type IncomingMessage, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "~/platform/db/connect.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { type RunningServer, removeDir, startServer } from "../support/server-process";
import { shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

type Shop = Awaited<ReturnType<typeof shopFixture>>;

describe.runIf(available)("the guest shop over HTTP (no JavaScript)", () => {
  let database: ThrowawayDatabase;
  let server: RunningServer;
  let shop: Shop;
  let ipCounter = 0;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    const handle = await connectDatabase({ databaseUrl: database.url });
    await migrateDatabase(handle);
    shop = await shopFixture(handle.db, [
      { name: "Água com gás", priceCents: 500, stock: 2, category: "Bebidas" },
      { name: "Cerveja", priceCents: 1200, stock: 0, category: "Bebidas" },
      { name: "Café", priceCents: 800, stock: null, category: "Café da manhã" },
    ]);
    await handle.close();
    server = await startServer({
      DATABASE_URL: database.url,
      TRUSTED_IP_HEADER: "x-forwarded-for",
      LOG_LEVEL: "warn",
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (server) removeDir(server.dataDir);
    await database?.drop();
  });

  /** A guest's phone: its own IP and, once the server gives one, its device cookie. */
  function guest() {
    const ip = `192.0.2.${++ipCounter}`;
    let cookie = "";
    const request = async (path: string, form?: Record<string, string>) => {
      const res = await fetch(`${server.url}${path}`, {
        method: form ? "POST" : "GET",
        redirect: "manual",
        headers: {
          "x-forwarded-for": ip,
          ...(cookie ? { cookie } : {}),
          ...(form ? { origin: server.url, "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      const set = res.headers.getSetCookie().find((c) => c.startsWith("estadia_device="));
      if (set) cookie = set.split(";")[0] ?? "";
      return { status: res.status, location: res.headers.get("location"), set, body: await res.text() };
    };
    return { request, ip, cookie: () => cookie, setCookie: (c: string) => (cookie = c) };
  }

  const add = (g: ReturnType<typeof guest>, name: string) =>
    g.request(`/i/${shop.hash}`, { intent: "add", hash: shop.hash, productId: shop.productIds[name] ?? "" });

  it("renders the products, prices and stock state in the first HTML", async () => {
    const page = await guest().request(`/i/${shop.hash}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Água com gás");
    expect(page.body).toContain("R$\u00a05,00");
    expect(page.body).toMatch(/Outros produtos[\s\S]*Cerveja[\s\S]*Produto esgotado/);
    expect(page.body).not.toContain("Continuar");
  });

  it("answers an unknown shop with 404 and 'Propriedade não encontrada'", async () => {
    const page = await guest().request("/i/nao-existe-esta-loja");
    expect(page.status).toBe(404);
    expect(page.body).toContain("Propriedade não encontrada");
  });

  it("filters by search (accents ignored) and by the category parameter", async () => {
    const g = guest();
    const search = await g.request(`/i/${shop.hash}?q=agua`);
    expect(search.body).toContain("Água com gás");
    expect(search.body).not.toContain(">Café<");
    const category = await g.request(`/i/${shop.hash}?category=CAF%C3%89%20DA%20MANH%C3%83`);
    expect(category.body).toContain(">Café<");
    expect(category.body).not.toContain("Água com gás</h3>");
    const none = await g.request(`/i/${shop.hash}?q=xyz`);
    expect(none.body).toContain("Nenhum produto encontrado para os filtros selecionados");
  });

  it("adds to the cart with a plain form post, giving the device a first-party cookie", async () => {
    const g = guest();
    const first = await add(g, "Água com gás");
    expect(first.status).toBe(200);
    expect(first.set).toMatch(
      /^estadia_device=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
    );
    const page = await g.request(`/i/${shop.hash}`);
    expect(page.body).toContain("Continuar");
    expect(page.body).toMatch(/href="\/payment\/[0-9a-f-]{36}"/);
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
    const refused = await g.request(`/payment/${cartId}`, { intent: "continue" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Selecione um método de pagamento");
    const chosen = await g.request(`/payment/${cartId}`, { intent: "continue", method: "pix" });
    expect(chosen.status).toBe(302);
    expect(chosen.location).toBe(`/payments/${cartId}/pix`);
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
