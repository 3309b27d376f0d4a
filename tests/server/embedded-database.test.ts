import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCTION_PAYMENTS, type RunningServer, removeDir, startServer } from "../support/server-process";

describe("the built app on the embedded database", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
    removeDir(server.dataDir);
  });

  it("answers /healthz with a real query on PGlite", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json()).toEqual({ status: "ok", db: "pglite" });
  });

  it.each(["/nao-existe", "/properties/x/y/z", "/i"])(
    "shows the 404 page with status 404 at %s",
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("Página não encontrada");
      expect(html).toMatch(/<a href="\/"[^>]*>Voltar ao início<\/a>/);
    },
  );

  it("logs the attempted path of a 404 with its request id", async () => {
    const res = await fetch(`${server.url}/caminho-perdido`);
    const requestId = res.headers.get("x-request-id");
    await res.text();
    // The log line travels over a pipe and may arrive just after the response.
    await expect
      .poll(() => server.logLine('"msg":"page not found"', "/caminho-perdido"))
      .toMatchObject({ level: "warn", path: "/caminho-perdido", requestId });
  });

  it("keeps a sane incoming X-Request-Id and replaces a bad one", async () => {
    const kept = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "lb-1234567890" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-1234567890");
    const replaced = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("writes one JSON log line per request", async () => {
    await (await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "probe-log-line-1" } })).text();
    await expect
      .poll(() => server.logLine("probe-log-line-1", '"msg":"request"'))
      .toMatchObject({ method: "GET", path: "/healthz", status: 200 });
  });

  it("logs a request whose client hung up before its answer, marked aborted", async () => {
    // The server has the request once it says "100 Continue" (Node answers it and hands the request on).
    const socket = connect(server.port, "127.0.0.1");
    socket.write(
      "POST /auth HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: probe-aborted-1\r\n" +
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n",
    );
    await new Promise<void>((resolve, reject) => {
      socket.on("data", (d) => String(d).includes("100 Continue") && resolve());
      socket.on("error", reject);
    });
    socket.destroy();
    await expect
      .poll(() => server.logLine("probe-aborted-1", '"msg":"request"'))
      .toMatchObject({ method: "POST", path: "/auth", aborted: true });
  });

  it("sends a CSP whose nonce is on every script, fresh per request, and the other security headers", async () => {
    const first = await fetch(`${server.url}/auth`);
    const second = await fetch(`${server.url}/auth`);
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("strict-transport-security")).toBeNull();
    await second.text();
  });

  it("serves static assets with the security headers and a long cache", async () => {
    const html = await (await fetch(`${server.url}/auth`)).text();
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const res = await fetch(`${server.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    await res.text();
  });

  it("routes /auth to its screen", async () => {
    const res = await fetch(`${server.url}/auth`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<h1[^>]*>Acesse sua conta Estadia<\/h1>/);
  });

  it.each([
    ["/payments/abc/pix", "Carrinho não encontrado"],
    ["/payments/abc/success", "Pedido não encontrado"],
  ])(
    "answers a checkout address of a cart this device does not have (%s) with 404, never a payment",
    async (path, title) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(html).not.toContain("Pagamento confirmado!");
    },
  );

  it.each([
    "/dashboard",
    "/properties",
    "/properties/3f1c/products",
    "/product-categories",
    "/qr-templates/edit/9",
    "/sales",
    "/wallets/1",
    "/replacements/create",
  ])("sends a signed-out visitor of %s to /auth, remembering the page", async (path) => {
    const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    const expected = path === "/dashboard" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(path)}`;
    expect(res.headers.get("location")).toBe(expected);
  });

  it("answers 404 for a payment method that does not exist", async () => {
    const res = await fetch(`${server.url}/payments/abc/bitcoin`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Página não encontrada");
  });
});

describe("the built app behind https", () => {
  it("sends HSTS when APP_URL is https", async () => {
    const server = await startServer({
      APP_URL: "https://estadia.example.com",
      AUTH_SECRET: "x".repeat(40),
      ...PRODUCTION_PAYMENTS,
    });
    try {
      const res = await fetch(`${server.url}/healthz`);
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    } finally {
      await server.stop();
      removeDir(server.dataDir);
    }
  });
});
