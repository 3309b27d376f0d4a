// Issue 45: an id that is not a uuid, in an address or a form, never reaches PostgreSQL (whose `invalid input
// syntax for type uuid` was a 500). Against the built app (run `npm run build` first), signed in as the
// owner: every address with an id answers the 404 of an unknown id, and every form that names a row answers
// what it answers for an unknown id (and that is never a 500).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signedInBrowser, uniqueIp } from "../support/accounts";
import { startCheckoutServer } from "../support/checkout-server";
import { FIXTURE_PASSWORD, hostEmail } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const BAD = "nao-e-um-id";

/** Back-office addresses with an id in the path: each is the 404 of an unknown id. */
const ID_PAGES = [
  `/properties/${BAD}/products`,
  `/properties/${BAD}/conferencia`,
  `/properties/${BAD}/resultado`,
  `/properties/${BAD}/qr.svg`,
  `/properties/${BAD}/qr.png`,
  `/properties/${BAD}/poster`,
  `/properties/${BAD}/calendarios`,
  `/properties/${BAD}/agenda`,
  `/qr-templates/edit/${BAD}`,
  `/wallets/${BAD}`,
  `/wallets/${BAD}/extrato.csv`,
  `/replacements/${BAD}`,
  `/replacements/${BAD}/lista.pdf`,
  `/estadias/${BAD}`,
  `/avarias/${BAD}`,
  `/avarias/${BAD}/relatorio.pdf`,
];

/** Filters and options in the query string name rows too: a bad one is ignored (or the page's 404). */
const ID_QUERIES = [
  `/sales?imovel=${BAD}`,
  `/sales.csv?imovel=${BAD}`,
  `/avarias?imovel=${BAD}`,
  `/inventory?imovel=${BAD}`,
  `/inventory/historico?imovel=${BAD}&produto=${BAD}`,
  `/inventory/historico.csv?imovel=${BAD}&produto=${BAD}`,
  `/dashboard?imovel=${BAD}`,
  `/agenda?imovel=${BAD}`,
  `/properties/posters?template=${BAD}`,
  `/replacements/create?imovel=${BAD}`,
];

describe.runIf(available)("ids that are not uuids", () => {
  let running: ShopServer;
  let owner: Browser;
  let propertyPath: string;

  beforeAll(async () => {
    running = await startCheckoutServer([{ name: "Água", priceCents: 450, stock: 3 }]);
    const { db, shop } = running;
    owner = await signedInBrowser(running.server, await hostEmail(db, shop), FIXTURE_PASSWORD);
    propertyPath = `/properties/${shop.propertyId}`;
  });
  afterAll(() => running?.stop());

  it("in an address: the 404 of an unknown id", async () => {
    const answered: Record<string, number> = {};
    for (const path of ID_PAGES) answered[path] = (await owner.get(path)).status;
    expect(answered).toEqual(Object.fromEntries(ID_PAGES.map((path) => [path, 404])));
  });

  it("in a query string: never a 500", async () => {
    const failed: { path: string; status: number }[] = [];
    for (const path of ID_QUERIES) {
      const { status } = await owner.get(path);
      if (status >= 500) failed.push({ path, status });
    }
    expect(failed).toEqual([]);
  });

  it("in a form: the answer of an unknown id, never a 500", async () => {
    const product = running.shop.productIds.Água ?? "";
    const posts: [string, Record<string, string>][] = [
      ["/hospedes", { intent: "anonymize-request", requestId: BAD }],
      ["/hospedes", { intent: "send-copy", requestId: BAD }],
      ["/properties", { intent: "delete", id: BAD }],
      ["/properties", { intent: "new-link", id: BAD }],
      ["/properties", { intent: "update", id: BAD, name: "Casa", address: "Rua 1" }],
      [`${propertyPath}/products`, { intent: "add", productId: BAD }],
      [`${propertyPath}/products`, { intent: "remove", productId: BAD }],
      [`${propertyPath}/products`, { intent: "save", [`current-${BAD}`]: "1", [`expected-${BAD}`]: "1" }],
      [`${propertyPath}/conferencia`, { [`counted-${BAD}`]: "1", lossReason: "" }],
      [`${propertyPath}/calendarios`, { intent: "sync", feedId: BAD }],
      [`${propertyPath}/calendarios`, { intent: "remove-feed", feedId: BAD }],
      [`${propertyPath}/calendarios`, { intent: "cancel-stay", stayId: BAD }],
      [
        `${propertyPath}/calendarios`,
        { intent: "edit-stay", stayId: BAD, checkIn: "2030-01-01", checkOut: "2030-01-03" },
      ],
      [`/properties/${BAD}/calendarios`, { intent: "add-feed", address: "https://example.com/a.ics" }],
      [`/properties/${BAD}/products`, { intent: "add", productId: product }],
      [`/properties/${BAD}/conferencia`, { [`counted-${product}`]: "1" }],
      ["/inventory", { intent: "alert", propertyId: BAD, productId: BAD, alertQuantity: "1" }],
      ["/products", { intent: "delete", id: BAD }],
      ["/products", { intent: "update", id: BAD, name: "Água", price: "4,50" }],
      ["/products", { intent: "create", name: "Suco", price: "4,50", categoryId: BAD }],
      ["/products", { intent: "add-to-properties", productId: BAD, propertyId: BAD }],
      ["/product-categories", { intent: "update", id: BAD, name: "Bebidas", color: "blue" }],
      ["/product-categories", { intent: "delete", id: BAD }],
      ["/qr-templates", { intent: "default", id: BAD }],
      ["/qr-templates", { intent: "delete", id: BAD }],
      [`/qr-templates/edit/${BAD}`, { name: "Cartaz" }],
      ["/sales", { orderId: BAD, reason: "Pedido do hóspede" }],
      ["/withdrawals", { intent: "review", walletId: BAD, amount: "10,00", pixKeyType: "email" }],
      ["/replacements/create", { line: `${BAD}:${BAD}` }],
      [`/replacements/${BAD}`, { intent: "quantities", [`delivered:${BAD}`]: "1" }],
      [`/replacements/${BAD}`, { intent: "advance", from: "draft", to: "picking" }],
      ["/avarias/nova", { propertyId: BAD, stayId: BAD, title: "Vidro" }],
      [`/avarias/${BAD}`, { intent: "details", title: "Vidro" }],
      [`/avarias/${BAD}`, { intent: "remove-photo", photoId: BAD }],
      [`/avarias/${BAD}`, { intent: "status", from: "open", to: "claimed" }],
      ["/organizacao/ativa", { organizationId: BAD }],
      ["/team", { intent: "resend", id: BAD }],
      ["/team", { intent: "cancel", id: BAD }],
      ["/team", { intent: "role", id: BAD, role: "staff" }],
      ["/team", { intent: "remove", id: BAD }],
    ];
    const unlike: string[] = [];
    for (const [path, fields] of posts) {
      const asUnknown = (text: string) => text.replaceAll(BAD, crypto.randomUUID());
      const bad = await owner.post(path, fields);
      const known = await owner.post(
        asUnknown(path),
        Object.fromEntries(Object.entries(fields).map(([k, v]) => [asUnknown(k), asUnknown(v)])),
      );
      // The form's other checks may come first for an unknown id: a 404 is as good as the form's refusal.
      const alike = bad.status === 404 || bad.status === 400 || bad.status === known.status;
      if (!alike) unlike.push(`${path} ${fields.intent ?? ""}: ${bad.status} (unknown id: ${known.status})`);
    }
    expect(unlike).toEqual([]);
  });

  it("in a guest's checkout address: the answer of an unknown cart", async () => {
    const guest = new Browser(running.server, { ip: uniqueIp() });
    const answered: Record<string, number> = {};
    const paths = [
      `/payment/${BAD}`,
      `/payments/${BAD}/success`,
      `/payments/${BAD}/status`,
      `/payments/${BAD}/pix`,
      `/payments/${BAD}/pix/payment`,
    ];
    const unknown: Record<string, number> = {};
    for (const path of paths) {
      answered[path] = (await guest.get(path)).status;
      unknown[path] = (await guest.get(path.replace(BAD, crypto.randomUUID()))).status;
    }
    expect(answered).toEqual(unknown);
  });

  it("a GET of an address that only takes a POST: 405, with the method it takes", async () => {
    const answered: Record<string, string> = {};
    const paths = ["/hospedes/exportar.json", "/hospedes/exportar.csv", "/organizacao/ativa"];
    for (const path of paths) {
      const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const res = await fetch(new URL(path, running.server.url), { headers: { cookie }, redirect: "manual" });
      await res.body?.cancel();
      answered[path] = `${res.status} ${res.headers.get("allow")}`;
    }
    expect(answered).toEqual(Object.fromEntries(paths.map((path) => [path, "405 POST"])));
  });
});
