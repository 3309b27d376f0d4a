// Issue 15, item 5, against the built app on PostgreSQL: what depends on who is asking (the back office and
// its data, /auth, a guest's cart and checkout) tells every cache not to keep it; what is the same for
// everyone (the first scan of a shop, the landing pages) may still be kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn, uniqueIp } from "../support/accounts";
import { FIXTURE_PASSWORD, hostEmail } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import { type ShopServer, startShopServer } from "../support/shop-server";

const available = await postgresAvailable();

describe.runIf(available)("cache headers", () => {
  let running: ShopServer;
  let base: string;
  let hostCookie: string;
  let guestCookie: string;
  let cartId: string;

  beforeAll(async () => {
    running = await startShopServer([{ name: "Água", priceCents: 500, stock: 10 }]);
    base = running.server.url;
    const host = new Browser(running.server, { ip: uniqueIp() });
    expect((await signIn(host, await hostEmail(running.db, running.shop), FIXTURE_PASSWORD)).status).toBe(
      302,
    );
    hostCookie = [...host.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const added = await fetch(`${base}/api/cart`, {
      method: "POST",
      headers: {
        origin: base,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": uniqueIp(),
      },
      body: new URLSearchParams({
        intent: "add",
        hash: running.shop.hash,
        productId: running.shop.productIds.Água ?? "",
      }),
    });
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

  async function headersOf(path: string, cookie?: string) {
    const res = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    await res.body?.cancel();
    return {
      status: res.status,
      cacheControl: res.headers.get("cache-control"),
      vary: res.headers.get("vary"),
    };
  }

  const PRIVATE = { cacheControl: "private, no-store", vary: expect.stringMatching(/\bCookie\b/) };

  it.each([
    "/dashboard",
    "/products",
    "/sales",
    "/withdrawals",
    "/dashboard.data",
    "/products.data?_routes=routes%2Fbackoffice%2Flayout%2Croutes%2Fbackoffice%2Fproducts",
    "/sales.csv",
  ])("keeps the back office's %s out of every cache", async (path) => {
    const got = await headersOf(path, hostCookie);
    expect(got.status).toBe(200);
    expect(got).toMatchObject(PRIVATE);
  });

  it("keeps the back office's redirect to sign in, and /auth itself, out of every cache", async () => {
    expect(await headersOf("/products")).toMatchObject({ status: 302, ...PRIVATE });
    expect(await headersOf("/auth")).toMatchObject({ status: 200, ...PRIVATE });
    expect(await headersOf("/auth?tab=criar-conta&email=maria%40example.com")).toMatchObject(PRIVATE);
    expect(await headersOf("/auth", hostCookie)).toMatchObject({ status: 302, ...PRIVATE });
  });

  it("keeps a guest's cart, the shop as it looks with that cart, and the checkout out of every cache", async () => {
    for (const path of [
      `/i/${running.shop.hash}`,
      `/payment/${cartId}`,
      `/payments/${cartId}/pix`,
      `/payments/${cartId}/status`,
    ]) {
      const got = await headersOf(path, guestCookie);
      expect(got.status, path).toBeLessThan(500);
      expect(got, path).toMatchObject(PRIVATE);
    }
  });

  it("lets the shop's first scan (no cookie) and the landing pages be kept, as before", async () => {
    const firstScan = await headersOf(`/i/${running.shop.hash}`);
    expect(firstScan.status).toBe(200);
    expect(firstScan.cacheControl ?? "").not.toMatch(/no-store|private/);
    for (const path of ["/", "/en", "/es", "/v2"]) {
      const landing = await headersOf(path);
      expect(landing.status, path).toBe(200);
      expect(landing.cacheControl, path).toBe("no-cache");
    }
  });
});
