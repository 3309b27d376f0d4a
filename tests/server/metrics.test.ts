// GET /metrics on the built app (ADR 0029): closed without the right bearer token, absent without
// METRICS_TOKEN, and, with it, counters that follow a sandbox PIX purchase and requests counted by route
// pattern, never by the address a guest opened.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBrCode } from "~/lib/pix-brcode";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { guestPhone } from "../support/guest-phone";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import {
  type RunningServer,
  removeDir,
  runServerExpectingExit,
  startServer,
} from "../support/server-process";
import { shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

const TOKEN = "metrics-token-0123456789abcdef";
const BUYER = { fullName: "Maria da Silva", cpf: "", email: "maria@example.com", phone: "" };

describe.runIf(available)("/metrics", () => {
  let database: ThrowawayDatabase;
  let handle: DatabaseHandle;
  let shop: Awaited<ReturnType<typeof shopFixture>>;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    handle = await connectDatabase({ databaseUrl: database.url });
    await migrateDatabase(handle);
    shop = await shopFixture(handle.db, [{ name: "Café", priceCents: 800, stock: 5 }]);
    server = await startServer({
      DATABASE_URL: database.url,
      TRUSTED_IP_HEADER: "x-forwarded-for",
      LOG_LEVEL: "warn",
      METRICS_TOKEN: TOKEN,
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (server) removeDir(server.dataDir);
    await handle?.close();
    await database?.drop();
  });

  const scrape = async (authorization?: string) => {
    const res = await fetch(`${server.url}/metrics`, {
      headers: authorization ? { authorization } : {},
    });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };

  /** A sample's value in the exposition text; undefined when the series is absent. */
  const sample = (text: string, series: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it("answers 401 with WWW-Authenticate without the token or with a wrong one, and never caches", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, "Bearer "]) {
      const res = await scrape(authorization);
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe("Bearer");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.body).not.toContain("estadia_");
    }
  });

  it("moves the counters with a sandbox PIX purchase and labels the shop by its pattern", async () => {
    const before = await scrape(`Bearer ${TOKEN}`);
    expect(before.status).toBe(200);
    expect(before.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(before.headers.get("cache-control")).toBe("no-store");

    const phone = guestPhone(server.url, "203.0.113.7");
    // A first scan (no device cookie: the shared page), then the cart and a page rendered live for the device.
    expect((await phone.request(`/i/${shop.hash}`)).status).toBe(200);
    const added = await phone.cart({ intent: "add", hash: shop.hash, productId: shop.productIds.Café ?? "" });
    expect(added.status).toBe(200);
    const cartId: string = added.json.cart.id;
    expect((await phone.request(`/i/${shop.hash}`)).status).toBe(200);

    const identified = await phone.request(`/payments/${cartId}/pix`, BUYER);
    expect(identified.status, identified.body.slice(0, 300)).toBe(303);
    expect((await phone.request(`/payments/${cartId}/pix/payment`, { intent: "pix" })).status).toBe(303);
    const page = await phone.request(`/payments/${cartId}/pix/payment`);
    const code = /<textarea[^>]*data-pix-code[^>]*>([^<]*)<\/textarea>/.exec(page.body)?.[1]?.trim() ?? "";
    const chargeId = parseBrCode(code)?.txid?.replace(/^SBX/, "") ?? "";
    expect(chargeId).not.toBe("");

    // The sandbox approves and sends its signed webhook to the app, which applies it out of the request.
    const approved = await fetch(`${server.url}/dev/payments`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: chargeId, outcome: "approve" }).toString(),
    });
    expect(approved.status).toBe(303);
    await approved.body?.cancel();
    // A forged notification: refused and counted.
    const forged = await fetch(`${server.url}/webhooks/payments/sandbox?data.id=1&type=payment`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": `ts=1,v1=${"ab".repeat(32)}` },
      body: JSON.stringify({ type: "payment", data: { id: "1" } }),
    });
    expect(forged.status).toBe(401);
    await forged.body?.cancel();

    const paid = 'estadia_orders_total{status="paid"}';
    await expect
      .poll(async () => sample((await scrape(`Bearer ${TOKEN}`)).body, paid), { timeout: 10_000 })
      .toBe(1);
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(after, 'estadia_orders_total{status="placed"}')).toBe(1);
    expect(sample(after, 'estadia_payments_total{provider="sandbox",outcome="created"}')).toBe(1);
    expect(sample(after, 'estadia_payments_total{provider="sandbox",outcome="approved"}')).toBe(1);
    expect(sample(after, 'estadia_webhook_verifications_failed_total{provider="sandbox"}')).toBe(1);
    // Both shop pages (the shared first scan and the device's own) under one pattern; the hash nowhere.
    expect(sample(after, 'estadia_http_requests_total{method="GET",route="/i/:hash",status="200"}')).toBe(2);
    expect(after).toMatch(/estadia_http_request_duration_seconds_count\{method="GET",route="\/i\/:hash"\} 2/);
    expect(after).toContain('route="/payments/:cartId/:method/payment"');
    // The guest script's cart API, served before React Router, under its own path.
    expect(sample(after, 'estadia_http_requests_total{method="POST",route="/api/cart",status="200"}')).toBe(
      1,
    );
    expect(after).toContain('estadia_http_requests_total{method="POST",route="/webhooks/payments/:provider"');
    expect(after).not.toContain(shop.hash);
    expect(after).not.toContain(cartId);
    expect(sample(after, 'estadia_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("labels unknown addresses not_found, never by their path", async () => {
    const res = await fetch(`${server.url}/no-such-page-7f3a`);
    expect(res.status).toBe(404);
    await res.text();
    const series = 'estadia_http_requests_total{method="GET",route="not_found",status="404"}';
    // Counted once the server saw the answer out, which may come a moment after the client read it.
    await expect.poll(async () => sample((await scrape(`Bearer ${TOKEN}`)).body, series)).toBe(1);
    expect((await scrape(`Bearer ${TOKEN}`)).body).not.toContain("no-such-page");
  });

  it("has no /metrics without METRICS_TOKEN, and refuses a token shorter than 16 characters", async () => {
    const short = await runServerExpectingExit({ DATABASE_URL: database.url, METRICS_TOKEN: "too-short" });
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain("METRICS_TOKEN: must be at least 16 characters");

    const plain = await startServer({ DATABASE_URL: database.url, LOG_LEVEL: "warn" });
    try {
      const res = await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("estadia_");
    } finally {
      await plain.stop();
      removeDir(plain.dataDir);
    }
  });
});
