// Issue 15, items 3 and 4, against the built app on PostgreSQL: bodies over a route's limit (declared or
// chunked) are cut off with 413, and what is not a form, not JSON, not decodable or carries a NUL is a
// 4xx with a pt-BR sentence on every door, guest checkout included, and changes nothing.
import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MESSAGES } from "~/domain/images/image-limits";
import * as schema from "~/platform/db/schema";
import { BODY_TEXT } from "../../server/request-body";
import { REQUEST_LINE_TEXT } from "../../server/request-line";
import { Browser, signIn, uniqueIp } from "../support/accounts";
import { FIXTURE_PASSWORD, hostEmail } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import { type ShopServer, startShopServer } from "../support/shop-server";
import { chunkedUpload } from "../support/slow-upload";

const available = await postgresAvailable();
const FORM = "application/x-www-form-urlencoded";

describe.runIf(available)("requests that are not what a route takes", () => {
  let running: ShopServer;
  let base: string;
  let host: Browser;
  let cartId: string;
  let guestCookie: string;

  beforeAll(async () => {
    running = await startShopServer([{ name: "Água", priceCents: 500, stock: 10 }]);
    base = running.server.url;
    host = new Browser(running.server, { ip: uniqueIp() });
    const signedIn = await signIn(host, await hostEmail(running.db, running.shop), FIXTURE_PASSWORD);
    expect(signedIn.status).toBe(302);
    // A guest's first add, as the shop's script makes it: the cart, and the device cookie that owns it.
    const added = await fetch(`${base}/api/cart`, {
      method: "POST",
      headers: { origin: base, "content-type": FORM, "x-forwarded-for": uniqueIp() },
      body: new URLSearchParams({
        intent: "add",
        hash: running.shop.hash,
        productId: running.shop.productIds.Água ?? "",
      }),
    });
    expect(added.status).toBe(200);
    cartId = ((await added.json()) as { cart: { id: string } }).cart.id;
    guestCookie =
      added.headers
        .getSetCookie()
        .find((c) => c.startsWith("estadia_device="))
        ?.split(";")[0] ?? "";
  });

  afterAll(async () => {
    await running?.stop();
  });

  /** One raw request, as a client that is not a browser might send it. */
  async function send(
    path: string,
    init: {
      method?: string;
      body?: string | FormData;
      type?: string;
      as?: "host" | "guest";
    } = {},
  ) {
    const headers: Record<string, string> = { origin: base, "x-forwarded-for": uniqueIp() };
    if (init.type) headers["content-type"] = init.type;
    if (init.as === "host") headers.cookie = [...host.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (init.as === "guest") headers.cookie = guestCookie;
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? "POST",
      headers,
      body: init.body,
      redirect: "manual",
    });
    return { status: res.status, text: await res.text(), type: res.headers.get("content-type") };
  }

  /** Rows in every table a door could write to: a refused request leaves them all as they were. */
  async function everything(): Promise<Record<string, number>> {
    const tables: Record<string, PgTable> = {
      user: schema.user,
      account: schema.account,
      verification: schema.verification,
      organization: schema.organization,
      leads: schema.leads,
      carts: schema.carts,
      cartItems: schema.cartItems,
      products: schema.products,
      productCategories: schema.productCategories,
      properties: schema.properties,
      propertyProducts: schema.propertyProducts,
      stockMovements: schema.stockMovements,
      orders: schema.orders,
      payments: schema.payments,
      paymentEvents: schema.paymentEvents,
      withdrawals: schema.withdrawals,
      sandboxCardTokens: schema.sandboxCardTokens,
    };
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await running.db.select({ n: count() }).from(table);
      counts[name] = row?.n ?? -1;
    }
    return counts;
  }

  // Every door that reads a form, signed in where it needs to be.
  const formDoors = (): [string, "host" | "guest" | undefined][] => [
    ["/auth", undefined],
    ["/reset-password?token=abc", undefined],
    ["/sign-out", "host"],
    ["/leads", undefined],
    [`/i/${running.shop.hash}`, "guest"],
    ["/api/cart", "guest"],
    [`/payment/${cartId}`, "guest"],
    [`/payments/${cartId}/pix`, "guest"],
    [`/payments/${cartId}/pix/payment`, "guest"],
    [`/payments/${cartId}/credit_card/charge`, "guest"],
    ["/products", "host"],
    ["/properties", "host"],
    ["/product-categories", "host"],
    [`/properties/${running.shop.propertyId}/products`, "host"],
    ["/sales", "host"],
    ["/withdrawals", "host"],
    ["/products.data", "host"],
    ["/dev/payments", undefined],
  ];

  it("answers a body that is not a form with 415 or 400 on every form door, changing nothing", async () => {
    const before = await everything();
    for (const [path, as] of formDoors()) {
      const json = await send(path, { as, type: "application/json", body: '{"intent":"add"}' });
      expect({ path, ...json }, "JSON").toMatchObject({ status: 415, text: BODY_TEXT.formOnly });
      const text = await send(path, { as, type: "text/plain", body: "intent=add" });
      expect({ path, ...text }, "text/plain").toMatchObject({ status: 415, text: BODY_TEXT.formOnly });
      const broken = await send(path, {
        as,
        type: "multipart/form-data; boundary=limite",
        body: "--limite\r\nContent-Disposition: form-data; name=intent\r\n\r\nadd",
      });
      expect({ path, ...broken }, "broken multipart").toMatchObject({
        status: 400,
        text: BODY_TEXT.unreadable,
      });
      expect(json.type).toBe("text/plain; charset=utf-8");
    }
    expect(await everything()).toEqual(before);
  });

  it("answers a body that is not JSON on the JSON doors with 415 or 400, changing nothing", async () => {
    const before = await everything();
    for (const path of [
      "/webhooks/payments/sandbox",
      "/webhooks/payouts/sandbox",
      "/sandbox/v1/card_tokens",
    ]) {
      const form = await send(path, { type: "application/x-www-form-urlencoded", body: "id=1" });
      expect({ path, ...form }).toMatchObject({ status: 415, text: BODY_TEXT.jsonOnly });
      const broken = await send(path, { type: "application/json", body: '{"id": ' });
      expect({ path, ...broken }).toMatchObject({ status: 400, text: BODY_TEXT.unreadable });
      const nul = await send(path, { type: "application/json", body: '{"id":"1\\u0000"}' });
      expect({ path, ...nul }).toMatchObject({ status: 400, text: BODY_TEXT.nul });
    }
    // JSON, but not the object the sandbox's tokenizer takes.
    for (const body of ["null", "[]", '"cartão"', "42"]) {
      const odd = await send("/sandbox/v1/card_tokens", { type: "application/json", body });
      expect(odd.status, body).toBe(400);
      expect(JSON.parse(odd.text)).toEqual({ message: "Corpo inválido: envie um objeto JSON." });
    }
    expect(await everything()).toEqual(before);
  });

  it("refuses a NUL character in a shop hash, a name or a token with 400, changing nothing", async () => {
    const before = await everything();
    const probes = [
      await send("/i/abc%00def", { method: "GET" }),
      await send("/payment/abc%00", { method: "GET" }),
      await send("/reset-password?token=abc%00def", { method: "GET" }),
      await send("/auth?redirectTo=%2Fsales%00", { method: "GET" }),
    ];
    for (const probe of probes) expect(probe).toMatchObject({ status: 400, text: REQUEST_LINE_TEXT.address });
    const bodies: [string, string, "host" | "guest" | undefined][] = [
      ["/api/cart", `intent=add&hash=abc%00&productId=x`, "guest"],
      ["/auth", "intent=signup&name=Maria%00&email=maria-nul@example.com&password=segredo-123", undefined],
      ["/auth", "intent=login&email=a%00@example.com&password=x", undefined],
      ["/reset-password", "token=abc%00def&password=segredo-123&confirmation=segredo-123", undefined],
      [`/payments/${cartId}/pix`, "fullName=Maria%00&email=m%40example.com", "guest"],
      ["/product-categories", "intent=create&name=Bebidas%00&color=%23112233", "host"],
    ];
    for (const [path, body, as] of bodies) {
      expect({ path, ...(await send(path, { type: FORM, body, as })) }).toMatchObject({
        status: 400,
        text: BODY_TEXT.nul,
      });
    }
    expect(await everything()).toEqual(before);
  });

  it("sends an address with repeated slashes to the same one with single slashes, never to another site", async () => {
    const location = async (path: string, method = "GET") => {
      const res = await fetch(`${base}${path}`, { method, headers: { origin: base }, redirect: "manual" });
      await res.body?.cancel();
      return [res.status, res.headers.get("location")];
    };
    expect(await location("//")).toEqual([308, "/"]);
    expect(await location("/dashboard//?periodo=mes")).toEqual([308, "/dashboard/?periodo=mes"]);
    expect(await location("//evil.example/x")).toEqual([308, "/evil.example/x"]);
    expect(await location("/payments//x/pix", "POST")).toEqual([308, "/payments/x/pix"]);
  });

  it("refuses an address whose percent-encoding does not decode, and TRACE", async () => {
    expect(await send("/%ff", { method: "GET" })).toMatchObject({
      status: 400,
      text: REQUEST_LINE_TEXT.address,
    });
    expect(await send("/i/%E0%A4%A", { method: "GET" })).toMatchObject({ status: 400 });
    const { request } = await import("node:http");
    const trace = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      request(`${base}/auth`, { method: "TRACE" }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => {
          text += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      })
        .on("error", reject)
        .end();
    });
    expect(trace).toEqual({ status: 405, text: REQUEST_LINE_TEXT.method });
  });

  it("answers a charge or transfer the sandbox does not know with 404 on /dev/payments", async () => {
    for (const body of ["id=nao-existe&outcome=approve", "kind=transfer&id=nao-existe&outcome=done"]) {
      const res = await send("/dev/payments", { type: FORM, body });
      expect(res.status, body).toBe(404);
    }
  });

  it("refuses a photo field sent as text with the pt-BR message, storing nothing", async () => {
    const before = await everything();
    const res = await send("/products.data", {
      as: "host",
      type: "application/x-www-form-urlencoded",
      body: "intent=create&name=Suco&price=7%2C50&imageFile=foto.jpg",
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain(IMAGE_MESSAGES.notAFile);
    expect(await everything()).toEqual(before);
  });
});

describe.runIf(available)("bodies over a route's limit", () => {
  let running: ShopServer;
  let base: string;

  beforeAll(async () => {
    running = await startShopServer([{ name: "Água", priceCents: 500, stock: 10 }]);
    base = running.server.url;
  });

  afterAll(async () => {
    await running?.stop();
  });

  it("cuts off a chunked upload to /api/cart at a few KB, before the client is done, without signing in", async () => {
    const total = 64 * 1024 * 1024;
    const upload = await chunkedUpload(`${base}/api/cart`, {
      totalBytes: total,
      headers: { origin: base, "content-type": FORM, "x-forwarded-for": uniqueIp() },
    });
    expect(upload.status).toBe(413);
    expect(upload.body).toBe(BODY_TEXT.tooLarge(8 * 1024));
    // The answer came long before the 64 MB were sent, and the server closed the connection: the rest
    // was never sent, so it was never read or kept.
    expect(upload.sentWhenAnswered).toBeLessThan(total / 4);
    expect(upload.cutOff).toBe(true);
    expect(upload.sent).toBeLessThan(total);
    // The server is still there for the next guest.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("refuses a declared body over the limit at once, on a form and on an upload form", async () => {
    const small = await fetch(`${base}/auth`, {
      method: "POST",
      headers: { origin: base, "content-type": FORM },
      body: `intent=login&email=${"a".repeat(9 * 1024)}`,
    });
    expect(small.status).toBe(413);
    expect(await small.text()).toBe(BODY_TEXT.tooLarge(8 * 1024));
    const photo = await chunkedUpload(`${base}/products`, {
      totalBytes: 12 * 1024 * 1024,
      chunkBytes: 64 * 1024,
      headers: { origin: base, "content-type": "multipart/form-data; boundary=x" },
    });
    expect(photo.status).toBe(413);
    expect(photo.body).toBe(BODY_TEXT.tooLarge(10 * 1024 * 1024 + 256 * 1024));
  });
});
