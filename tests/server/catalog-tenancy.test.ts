// Two hosts on the built app: whatever ids host B puts in URLs and forms, host A's properties and stock
// stay invisible and unchanged. Everything goes through the pages and forms, as a browser would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, type Browser, createConfirmedAccount } from "../support/accounts";
import { type RunningServer, removeDir, startServer } from "../support/server-process";

let server: RunningServer;
let hostA: Account & { browser: Browser };
let hostB: Account & { browser: Browser };

const A = { property: "Casa Secreta de A", address: "Rua Privada, 42", product: "Vinho Reservado de A" };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

let propertyA = "";
let productA = "";
let propertyB = "";
let productB = "";

async function expectOk(page: { status: number; body: string }, what: string) {
  if (page.status !== 200) throw new Error(`${what} answered ${page.status}: ${page.body.slice(0, 300)}`);
}

/** Creates a property through the form and returns its id, read from its 'manage products' link. */
async function createProperty(browser: Browser, name: string, address: string): Promise<string> {
  await expectOk(await browser.post("/properties", { intent: "create", name, address }), "create property");
  const list = await browser.get("/properties");
  const card = list.body.slice(list.body.indexOf(name));
  const id = /\/properties\/([0-9a-f-]{36})\/products/.exec(card)?.[1];
  if (!id) throw new Error(`no products link for ${name}`);
  return id;
}

/** Creates a product through /products and returns its id, read from the property's product picker data. */
async function createProduct(browser: Browser, propertyId: string, name: string): Promise<string> {
  const before = new Set((await browser.get(`/properties/${propertyId}/products`)).body.match(UUID));
  await expectOk(
    await browser.post("/products", { intent: "create", name, price: "89,90" }),
    "create product",
  );
  const after = (await browser.get(`/properties/${propertyId}/products`)).body.match(UUID) ?? [];
  const fresh = [...new Set(after)].filter((id) => !before.has(id));
  if (fresh.length !== 1) throw new Error(`expected one new id on the page, found ${fresh.length}`);
  return fresh[0] ?? "";
}

beforeAll(async () => {
  server = await startServer();
  [hostA, hostB] = await Promise.all([
    createConfirmedAccount(server, { label: "tenancy-a" }),
    createConfirmedAccount(server, { label: "tenancy-b" }),
  ]);
  propertyA = await createProperty(hostA.browser, A.property, A.address);
  productA = await createProduct(hostA.browser, propertyA, A.product);
  await expectOk(
    await hostA.browser.post(`/properties/${propertyA}/products`, { intent: "add", productId: productA }),
    "add product",
  );
  await expectOk(
    await hostA.browser.post(`/properties/${propertyA}/products`, {
      intent: "save",
      productId: productA,
      [`current.${productA}`]: "3",
      [`expected.${productA}`]: "5",
    }),
    "save quantities",
  );
  propertyB = await createProperty(hostB.browser, "Apartamento de B", "Av. B, 1");
  productB = await createProduct(hostB.browser, propertyB, "Café de B");
});

afterAll(async () => {
  if (!server) return;
  await server.stop();
  removeDir(server.dataDir);
});

function expectNothingOfA(body: string) {
  for (const text of [A.property, A.address, A.product]) expect(body).not.toContain(text);
}

describe("host B reading host A's property", () => {
  it("gets the 404 page for /properties/{idA}/products, with nothing of A in it", async () => {
    const page = await hostB.browser.get(`/properties/${propertyA}/products`);
    expect(page.status).toBe(404);
    expect(page.body).toContain("Página não encontrada");
    expectNothingOfA(page.body);
    expect(page.body).not.toContain(productA);
  });

  it("does not see A's property in the list", async () => {
    const page = await hostB.browser.get("/properties");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Apartamento de B");
    expectNothingOfA(page.body);
    expect(page.body).not.toContain(propertyA);
  });
});

describe("host B posting with host A's ids", () => {
  it("is answered 404 for every property and stock action, and gets nothing of A back", async () => {
    const attempts: [string, Record<string, string>][] = [
      ["/properties", { intent: "update", id: propertyA, name: "Invadido por B", address: "Rua B" }],
      ["/properties", { intent: "delete", id: propertyA }],
      [
        `/properties/${propertyA}/products`,
        { intent: "save", productId: productA, [`current.${productA}`]: "99", [`expected.${productA}`]: "" },
      ],
      [`/properties/${propertyA}/products`, { intent: "remove", productId: productA }],
      [`/properties/${propertyA}/products`, { intent: "add", productId: productB }],
      // B's own property with A's product.
      [`/properties/${propertyB}/products`, { intent: "add", productId: productA }],
      [
        `/properties/${propertyB}/products`,
        { intent: "save", productId: productA, [`current.${productA}`]: "0", [`expected.${productA}`]: "0" },
      ],
    ];
    for (const [path, fields] of attempts) {
      const page = await hostB.browser.post(path, fields);
      expect(page.status, `${fields.intent} on ${path}`).toBe(404);
      expectNothingOfA(page.body);
    }
  });

  it("changed nothing: host A still sees the property, its name, its product and 3 / 5", async () => {
    const list = await hostA.browser.get("/properties");
    expect(list.body).toContain(A.property);
    expect(list.body).toContain(A.address);
    expect(list.body).not.toContain("Invadido por B");

    const stock = await hostA.browser.get(`/properties/${propertyA}/products`);
    expect(stock.status).toBe(200);
    expect(stock.body).toContain(A.product);
    const input = (field: string) =>
      new RegExp(`<input[^>]*name="${field}\\.${productA}"[^>]*>`).exec(stock.body)?.[0] ?? "";
    expect(input("current")).toContain('value="3"');
    expect(input("expected")).toContain('value="5"');

    // And B's property did not get A's product.
    const bStock = await hostB.browser.get(`/properties/${propertyB}/products`);
    expect(bStock.body).toContain("Nenhum produto cadastrado");
    expectNothingOfA(bStock.body);
  });
});
