import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/platform/db/schema";
import { guestPhone } from "../support/guest-phone";
import { postgresAvailable } from "../support/postgres";
import type { RunningServer } from "../support/server-process";
import { type ShopServer, startShopServer } from "../support/shop-server";

const available = await postgresAvailable();

type Shop = ShopServer["shop"];

describe.runIf(available)("the guest shop's first scan and the guest script's cart calls", () => {
  let running: ShopServer;
  let server: RunningServer;
  let shop: Shop;
  let ipCounter = 0;

  beforeAll(async () => {
    running = await startShopServer([
      { name: "Água com gás", priceCents: 500, stock: 2, category: "Bebidas" },
      { name: "Cerveja", priceCents: 1200, stock: 0, category: "Bebidas" },
      { name: "Café", priceCents: 800, stock: null, category: "Café da manhã" },
      { name: "Granola", priceCents: 1650, stock: 9, category: "Café da manhã" },
    ]);
    server = running.server;
    shop = running.shop;
  });
  afterAll(() => running?.stop());

  const phone = () => guestPhone(server.url, `203.0.113.${++ipCounter}`);
  const id = (name: string) => shop.productIds[name] ?? "";

  describe("POST /api/cart", () => {
    it("adds and answers with the cart as the server holds it, giving a new phone its device cookie", async () => {
      const p = phone();
      const first = await p.cart({ intent: "add", hash: shop.hash, productId: id("Café") });
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toMatch(/^application\/json/);
      expect(first.set).toMatch(
        /^estadia_device=[\w-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
      );
      expect(first.json).toEqual({
        ok: true,
        cart: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          totalCents: 800,
          lines: [{ productId: id("Café"), quantity: 1, unitPriceCents: 800 }],
        },
      });
      const cartId = first.json.cart.id;
      const more = await p.cart({ intent: "add", hash: shop.hash, productId: id("Granola") });
      expect(more.set).toBeUndefined();
      expect(more.json.cart.id).toBe(cartId);
      expect(more.json.cart.totalCents).toBe(2450);
      const inc = await p.cart({ intent: "inc", cartId, productId: id("Café") });
      expect(inc.json.cart.totalCents).toBe(3250);
      const dec = await p.cart({ intent: "dec", cartId, productId: id("Granola") });
      expect(dec.json.cart).toEqual({
        id: cartId,
        totalCents: 1600,
        lines: [{ productId: id("Café"), quantity: 2, unitPriceCents: 800 }],
      });
    });

    it("refuses with the spec's message and the reason, changing nothing", async () => {
      const p = phone();
      const soldOut = await p.cart({ intent: "add", hash: shop.hash, productId: id("Cerveja") });
      expect(soldOut.status).toBe(409);
      expect(soldOut.json).toEqual({
        ok: false,
        message: "Não foi possível adicionar o produto ao carrinho",
        detail: "Produto esgotado",
      });
      const a = await p.cart({ intent: "add", hash: shop.hash, productId: id("Água com gás") });
      await p.cart({ intent: "inc", cartId: a.json.cart.id, productId: id("Água com gás") });
      const third = await p.cart({ intent: "inc", cartId: a.json.cart.id, productId: id("Água com gás") });
      expect(third.status).toBe(409);
      expect(third.json.message).toBe("Não foi possível atualizar o carrinho");
      const again = await p.cart({ intent: "dec", cartId: a.json.cart.id, productId: id("Água com gás") });
      expect(again.json.cart.lines).toEqual([
        { productId: id("Água com gás"), quantity: 1, unitPriceCents: 500 },
      ]);
      const junk = await p.cart({ intent: "add", hash: shop.hash, productId: "não-é-um-id" });
      expect(junk.status).toBe(400);
      expect(junk.json.ok).toBe(false);
      // An intent the page never sends changes nothing (it used to take a unit away).
      const unknown = await p.cart({
        intent: "remove-all",
        cartId: a.json.cart.id,
        productId: id("Água com gás"),
      });
      expect(unknown.status).toBe(400);
      expect(unknown.json).toEqual({ ok: false, message: "Não foi possível atualizar o carrinho" });
      const still = await p.cart({ intent: "inc", cartId: a.json.cart.id, productId: id("Água com gás") });
      expect(still.json.cart.lines).toEqual([
        { productId: id("Água com gás"), quantity: 2, unitPriceCents: 500 },
      ]);
    });

    it("lets no other phone change a cart, whatever ids it sends", async () => {
      const owner = phone();
      const mine = await owner.cart({ intent: "add", hash: shop.hash, productId: id("Café") });
      const intruder = phone();
      const forged = await intruder.cart({ intent: "inc", cartId: mine.json.cart.id, productId: id("Café") });
      expect(forged.status).toBe(404);
      expect(forged.json).toEqual({
        ok: false,
        message: "Não foi possível atualizar o carrinho",
        detail: "Carrinho não encontrado",
      });
      const check = await owner.cart({ intent: "dec", cartId: mine.json.cart.id, productId: id("Café") });
      expect(check.json.cart.lines).toEqual([]);
    });

    it("is refused from another site", async () => {
      const res = await fetch(`${server.url}/api/cart`, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "add", hash: shop.hash, productId: id("Café") }).toString(),
      });
      expect(res.status).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
    });

    it("takes only POST, and its answer is the device's alone", async () => {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const res = await fetch(`${server.url}/api/cart`, { method, headers: { origin: server.url } });
        expect({ method, status: res.status, allow: res.headers.get("allow") }).toEqual({
          method,
          status: 405,
          allow: "POST",
        });
        expect(await res.text()).toBe("Método não permitido.");
      }
      const added = await phone().cart({ intent: "add", hash: shop.hash, productId: id("Café") });
      expect(added.headers.get("cache-control")).toBe("private, no-store");
      expect(added.headers.get("vary")).toMatch(/\bCookie\b/);
    });
  });

  describe("the shop page", () => {
    it("ships one small module script and no React Router runtime, under this request's nonce", async () => {
      const pages = await Promise.all([1, 2, 3].map(() => phone().request(`/i/${shop.hash}`)));
      const nonces = pages.map(({ status, headers, body: text, set }) => {
        expect(status).toBe(200);
        expect(set).toBeUndefined();
        const nonce = /'nonce-([^']+)'/.exec(headers.get("content-security-policy") ?? "")?.[1];
        const inPage = [...text.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
        expect(inPage.length).toBeGreaterThan(0);
        expect(new Set(inPage)).toEqual(new Set([nonce]));
        expect([...text.matchAll(/<script\b/g)]).toHaveLength(1);
        expect(text).toMatch(/<script type="module" src="\/assets\/guest-[\w-]+\.js"/);
        expect(text).not.toContain("__reactRouter");
        return nonce;
      });
      expect(new Set(nonces).size).toBe(3);
    });

    it("shows a returning guest their own cart, never the page of first scans", async () => {
      const p = phone();
      await p.request(`/i/${shop.hash}`);
      await p.cart({ intent: "add", hash: shop.hash, productId: id("Granola") });
      const page = await p.request(`/i/${shop.hash}`);
      expect(page.body).toMatch(/<div data-cart-bar="true" class/);
      expect(page.body).toMatch(/Quantidade de Granola">1</);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const stranger = await phone().request(`/i/${shop.hash}`);
      expect(stranger.body).toMatch(/<div data-cart-bar="true" hidden=""/);
      expect(stranger.body).toMatch(/Quantidade de Granola">0</);
    });

    it("gives each phone with a cart its own cart on the same second's page", async () => {
      const [a, b] = [phone(), phone()];
      await a.cart({ intent: "add", hash: shop.hash, productId: id("Café") });
      const added = await b.cart({ intent: "add", hash: shop.hash, productId: id("Água com gás") });
      const cartB: string = added.json.cart.id;
      await b.cart({ intent: "inc", hash: shop.hash, cartId: cartB, productId: id("Água com gás") });
      const [pageA, pageB] = await Promise.all([a.request(`/i/${shop.hash}`), b.request(`/i/${shop.hash}`)]);
      expect(pageA.body).toMatch(/Quantidade de Café">1</);
      expect(pageA.body).toMatch(/Quantidade de Água com gás">0</);
      expect(pageA.body).toContain("1 item · R$\u00a08,00");
      expect(pageB.body).toMatch(/Quantidade de Café">0</);
      expect(pageB.body).toMatch(/Quantidade de Água com gás">2</);
      // Two of two in stock: no more.
      expect(pageB.body).toMatch(/disabled="" aria-label="Adicionar mais uma unidade de Água com gás"/);
      expect(pageB.body).toContain(`href="/payment/${cartB}"`);
      expect(pageB.body).toContain(`value="${cartB}"`);
      expect(pageA.body).not.toContain(cartB);
    });

    it("shows a price the host changed within seconds", async () => {
      const before = await phone().request(`/i/${shop.hash}`);
      expect(before.body).toContain("R$\u00a016,50");
      await running.db
        .update(products)
        .set({ priceCents: 1790 })
        .where(eq(products.id, id("Granola")));
      const started = Date.now();
      let text = "";
      while (Date.now() - started < 8000) {
        text = (await phone().request(`/i/${shop.hash}`)).body;
        if (text.includes("R$\u00a017,90")) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(text).toContain("R$\u00a017,90");
      // The catalogue (2 s) and the first-scan page (1 s) caches bound how stale a page can be.
      expect(Date.now() - started).toBeLessThan(3500);
    });
  });
});
