// The guest shop and cart summary in the guest's language (issue 24): the switch's cookie, then the
// browser's Accept-Language, then pt-BR; product and category names the host wrote in English or Spanish;
// the cart's refusals; and the back office fields that hold those names.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCentsIn } from "~/lib/i18n/format";
import { productCategories, products } from "~/platform/db/schema";
import { type Account, type Browser, createConfirmedAccount } from "../support/accounts";
import { postgresAvailable } from "../support/postgres";
import { type ShopServer, startShopServer } from "../support/shop-server";

const available = await postgresAvailable();
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

type Reply = { status: number; location: string | null; setCookies: string[]; body: string };

describe.runIf(available)("the guest shop in three languages", () => {
  let running: ShopServer;
  let ipCounter = 0;

  beforeAll(async () => {
    running = await startShopServer([
      { name: "Água com gás", priceCents: 500, stock: 2, category: "Bebidas" },
      { name: "Cerveja", priceCents: 1200, stock: 0, category: "Bebidas" },
      { name: "Café", priceCents: 800, stock: null },
      { name: "Bolo", priceCents: 1500, stock: 1 },
    ]);
    // Written before any guest asks, so no cached catalogue predates them.
    const { db, shop } = running;
    await db
      .update(products)
      .set({ nameEs: "Agua con gas", nameEn: null })
      .where(eq(products.id, shop.productIds["Água com gás"] ?? ""));
    await db
      .update(productCategories)
      .set({ nameEn: "Drinks", nameEs: "Bebidas" })
      .where(eq(productCategories.name, "Bebidas"));
  }, 120_000);
  afterAll(() => running?.stop());

  /** A phone with its own address, its browser's languages, and the cookies the server gives it. */
  const phone = (acceptLanguage: string) => {
    const ip = `198.51.100.${++ipCounter}`;
    const cookies = new Map<string, string>();
    const send = async (path: string, form?: Record<string, string>): Promise<Reply> => {
      const res = await fetch(`${running.server.url}${path}`, {
        method: form ? "POST" : "GET",
        redirect: "manual",
        headers: {
          "x-forwarded-for": ip,
          "accept-language": acceptLanguage,
          ...(cookies.size > 0 ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
          ...(form
            ? { origin: running.server.url, "content-type": "application/x-www-form-urlencoded" }
            : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      const setCookies = res.headers.getSetCookie();
      for (const line of setCookies) {
        const [pair = ""] = line.split(";");
        const at = pair.indexOf("=");
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return {
        status: res.status,
        location: res.headers.get("location"),
        setCookies,
        body: await res.text(),
      };
    };
    return { send, cookies };
  };

  const shopPath = () => `/i/${running.shop.hash}`;
  const id = (name: string) => running.shop.productIds[name] ?? "";
  const htmlLang = (body: string) => /<html lang="([^"]*)"/.exec(body)?.[1];
  /** The visible card names, in page order. */
  const cardNames = (body: string) =>
    [...body.matchAll(/<li data-shop-card="true"[^>]*?data-name="([^"]*)"([^>]*)>/g)]
      .filter((m) => !/\shidden=""/.test(m[2] ?? ""))
      .map((m) => m[1]);

  it("speaks Spanish to a browser that asks for it: texts, plural, reais written the Spanish way", async () => {
    const page = await phone("es-AR,es;q=0.9").send(shopPath());
    expect(page.status).toBe(200);
    expect(htmlLang(page.body)).toBe("es");
    expect(page.body).toContain('placeholder="Buscar productos"');
    expect(page.body).toContain("Agotado");
    expect(page.body).toContain("Quedan 2");
    expect(page.body).toContain("Queda 1");
    expect(page.body).toContain(formatCentsIn("es", 500));
    expect(page.body).toContain("Otros productos");
    expect(page.body).not.toContain("Restam");
    expect(page.body).not.toContain("Produto esgotado");
    // The switch, with Spanish as the current choice.
    expect(page.body).toMatch(/<a href="[^"]*\?lang=es"[^>]*aria-current="true"/);
  });

  it("speaks English to en-US and pt-BR to a language it does not have", async () => {
    const en = await phone("en-US,en;q=0.8").send(shopPath());
    expect(htmlLang(en.body)).toBe("en");
    expect(en.body).toContain('placeholder="Search products"');
    expect(en.body).toContain("Sold out");
    expect(en.body).toContain("2 left");
    expect(en.body).toContain("1 left");
    expect(en.body).toContain("R$5.00");

    const fr = await phone("fr-FR,fr;q=0.9").send(shopPath());
    expect(htmlLang(fr.body)).toBe("pt-BR");
    expect(fr.body).toContain('placeholder="Buscar produtos"');
    expect(fr.body).toContain("Restam 2");
    expect(fr.body).toContain("Resta 1");
    expect(fr.body).toContain("R$\u00a05,00");
  });

  it("keeps the guest's choice from the switch, over what the browser asks", async () => {
    const p = phone("es-AR,es;q=0.9");
    const chosen = await p.send(`${shopPath()}?lang=en`);
    expect(chosen.status).toBe(303);
    expect(chosen.location).toBe(shopPath());
    expect(chosen.setCookies.some((c) => c.startsWith("estadia_lang=en"))).toBe(true);
    const page = await p.send(shopPath());
    expect(htmlLang(page.body)).toBe("en");
    expect(page.body).toContain("Sold out");

    const q = phone("en-US");
    q.cookies.set("estadia_lang", "es");
    expect(htmlLang((await q.send(shopPath())).body)).toBe("es");
  });

  it("shows the names the host wrote in the guest's language, the pt-BR ones otherwise", async () => {
    const es = await phone("es").send(shopPath());
    expect(cardNames(es.body)).toEqual(["Agua con gas", "Bolo", "Café", "Cerveja"]);
    const en = await phone("en").send(shopPath());
    expect(cardNames(en.body)).toEqual(["Água com gás", "Bolo", "Café", "Cerveja"]);
    expect(en.body).toContain('data-chip="Drinks"');
    expect(en.body).not.toContain('data-chip="Bebidas"');
    const pt = await phone("pt-BR").send(shopPath());
    expect(cardNames(pt.body)).toEqual(["Água com gás", "Bolo", "Café", "Cerveja"]);
    expect(pt.body).not.toContain("Agua con gas");
    expect(pt.body).not.toContain("Drinks");
  });

  it("searches the name shown and the pt-BR one, and a category by either name", async () => {
    const p = phone("es");
    expect(cardNames((await p.send(`${shopPath()}?q=agua%20con`)).body)).toEqual(["Agua con gas"]);
    expect(cardNames((await p.send(`${shopPath()}?q=com%20g%C3%A1s`)).body)).toEqual(["Agua con gas"]);
    const en = phone("en");
    expect(cardNames((await en.send(`${shopPath()}?category=drinks`)).body)).toEqual([
      "Água com gás",
      "Cerveja",
    ]);
    expect(cardNames((await en.send(`${shopPath()}?category=Bebidas`)).body)).toEqual([
      "Água com gás",
      "Cerveja",
    ]);
  });

  it("refuses cart changes in the guest's language (the guest script's /api/cart)", async () => {
    const p = phone("es-AR,es;q=0.9");
    const soldOut = await p.send("/api/cart", {
      intent: "add",
      hash: running.shop.hash,
      productId: id("Cerveja"),
    });
    expect(soldOut.status).toBe(409);
    expect(JSON.parse(soldOut.body)).toEqual({
      ok: false,
      message: "No se pudo agregar el producto al carrito",
      detail: "Agotado",
    });
    const en = phone("en-US");
    const unknown = await en.send("/api/cart", {
      intent: "add",
      hash: "no-such-shop",
      productId: id("Café"),
    });
    expect(JSON.parse(unknown.body)).toMatchObject({
      ok: false,
      message: "Couldn't add the product to your cart",
      detail: "Property not found",
    });
  });

  it("shows the cart bar and the summary in the guest's language", async () => {
    const p = phone("es");
    const added = await p.send("/api/cart", {
      intent: "add",
      hash: running.shop.hash,
      productId: id("Água com gás"),
    });
    const cartId = JSON.parse(added.body).cart.id as string;
    const shop = await p.send(shopPath());
    expect(shop.body).toContain(`1 producto · ${formatCentsIn("es", 500)}`);
    expect(shop.body).toContain("<span>Continuar</span>");
    await p.send("/api/cart", { intent: "inc", cartId, productId: id("Água com gás") });
    expect((await p.send(shopPath())).body).toContain(`2 productos · ${formatCentsIn("es", 1000)}`);

    const summary = await p.send(`/payment/${cartId}`);
    expect(summary.status).toBe(200);
    expect(htmlLang(summary.body)).toBe("es");
    expect(summary.body).toContain("Finalizar compra");
    expect(summary.body).toContain("Agua con gas");
    expect(summary.body).toContain("Forma de pago");
    expect(summary.body).toContain("Tarjeta de crédito");
    expect(summary.body).toContain(`2 x ${formatCentsIn("es", 500)} = ${formatCentsIn("es", 1000)}`);
    expect(summary.body).toContain('data-choose-method="Selecciona un método de pago"');
    expect(summary.body).toContain("data-language-switch");
    expect(summary.body).not.toContain("Cartão de crédito");

    const noMethod = await p.send(`/payment/${cartId}`, { intent: "continue" });
    expect(noMethod.status).toBe(400);
    expect(noMethod.body).toContain("Selecciona un método de pago");

    const en = phone("en");
    en.cookies.set("estadia_device", p.cookies.get("estadia_device") ?? "");
    expect((await en.send(`/payment/${cartId}`)).body).toContain("Credit card");
  });

  it("says 'not found' in the guest's language", async () => {
    const shop = await phone("es").send("/i/no-existe-esta-tienda");
    expect(shop.status).toBe(404);
    expect(htmlLang(shop.body)).toBe("es");
    expect(shop.body).toContain("Alojamiento no encontrado");
    const cart = await phone("en").send("/payment/00000000-0000-4000-8000-000000000000");
    expect(cart.status).toBe(404);
    expect(cart.body).toContain("Cart not found");
  });

  describe("the back office's English and Spanish names", () => {
    let hostA: Account & { browser: Browser };
    let hostB: Account & { browser: Browser };

    beforeAll(async () => {
      [hostA, hostB] = await Promise.all([
        createConfirmedAccount(running.server, { label: "names-a" }),
        createConfirmedAccount(running.server, { label: "names-b" }),
      ]);
    }, 60_000);

    /** A value in the page's loader data (what the edit form is filled with), as the stream escapes it. */
    const shownBack = (text: string) => `\\"${text}\\"`;

    /** Creates through the form and returns the one new id the list shows. */
    const create = async (browser: Browser, path: string, fields: Record<string, string>) => {
      const before = new Set((await browser.get(path)).body.match(UUID));
      const saved = await browser.post(path, { intent: "create", ...fields });
      expect(saved.status, saved.body.slice(0, 300)).toBe(200);
      const fresh = [...new Set((await browser.get(path)).body.match(UUID))].filter((u) => !before.has(u));
      expect(fresh).toHaveLength(1);
      return fresh[0] ?? "";
    };

    it("saves a product's names (trimmed, empty = none), shows them back, and keeps them to the host", async () => {
      const productId = await create(hostA.browser, "/products", {
        name: "Vinho tinto",
        nameEn: "  Red wine  ",
        nameEs: "Vino tinto",
        price: "59,90",
      });
      const list = await hostA.browser.get("/products");
      expect(list.body).toContain(shownBack("Red wine"));
      expect(list.body).toContain(shownBack("Vino tinto"));

      const updated = await hostA.browser.post("/products", {
        intent: "update",
        id: productId,
        name: "Vinho tinto",
        nameEn: "Red wine, dry",
        nameEs: " ",
        price: "59,90",
      });
      expect(updated.status).toBe(200);
      const after = await hostA.browser.get("/products");
      expect(after.body).toContain(shownBack("Red wine, dry"));
      expect(after.body).not.toContain("Vino tinto");

      const tooLong = await hostA.browser.post("/products", {
        intent: "update",
        id: productId,
        name: "Vinho tinto",
        nameEn: "x".repeat(121),
        price: "59,90",
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toContain("O nome em inglês deve ter no máximo 120 caracteres.");

      const other = await hostB.browser.post("/products", {
        intent: "update",
        id: productId,
        name: "Roubado",
        nameEn: "Stolen",
        price: "1,00",
      });
      expect(other.status).toBe(404);
      const still = await hostA.browser.get("/products");
      expect(still.body).toContain(shownBack("Red wine, dry"));
      expect(still.body).not.toContain("Stolen");
    });

    it("saves a category's names, shows them back, and keeps them to the host", async () => {
      const categoryId = await create(hostA.browser, "/product-categories", {
        name: "Vinhos",
        nameEn: "Wines",
        nameEs: "Vinos",
        color: "#8E9196",
      });
      const list = await hostA.browser.get("/product-categories");
      expect(list.body).toContain(shownBack("Wines"));
      expect(list.body).toContain(shownBack("Vinos"));

      const other = await hostB.browser.post("/product-categories", {
        intent: "update",
        id: categoryId,
        name: "Roubada",
        nameEn: "Stolen",
        color: "#000000",
      });
      expect(other.status).toBe(404);
      expect((await hostA.browser.get("/product-categories")).body).toContain(shownBack("Wines"));
    });
  });
});
