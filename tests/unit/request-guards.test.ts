import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientIp } from "../../server/client-ip";
import { CROSS_ORIGIN_REFUSED, sameOriginOnly } from "../../server/same-origin";

// A real Express app on a real port, with the two request guards the product server uses.
let base: string;
let close: () => void;
let trustedHeader: string | undefined;
let changes = 0;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.log = undefined;
    next();
  });
  app.use(sameOriginOnly("https://estadia.example.com"));
  app.get("/ip", (req, res) => {
    res.send(clientIp(req, trustedHeader));
  });
  app.post("/change", (_req, res) => {
    changes++;
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

describe("sameOriginOnly", () => {
  it("refuses a form posted from another site and changes nothing", async () => {
    const before = changes;
    for (const origin of ["https://evil.example", "null", "https://estadia.example.com.evil.example"]) {
      const res = await fetch(`${base}/change`, { method: "POST", headers: { origin } });
      expect(res.status).toBe(403);
      expect(await res.text()).toBe(CROSS_ORIGIN_REFUSED);
    }
    const noOrigin = await fetch(`${base}/change`, {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(noOrigin.status).toBe(403);
    expect(changes).toBe(before);
  });

  it("lets through posts from the public origin, from the request's own host, and reads of any kind", async () => {
    const fromApp = await fetch(`${base}/change`, {
      method: "POST",
      headers: { origin: "https://estadia.example.com" },
    });
    const fromHost = await fetch(`${base}/change`, { method: "POST", headers: { origin: base } });
    const noHeaders = await fetch(`${base}/change`, { method: "POST" });
    expect([fromApp.status, fromHost.status, noHeaders.status]).toEqual([200, 200, 200]);
    expect((await fetch(`${base}/ip`, { headers: { origin: "https://evil.example" } })).status).toBe(200);
  });
});

describe("clientIp", () => {
  it("ignores forwarding headers unless one is configured as trusted", async () => {
    trustedHeader = undefined;
    const res = await fetch(`${base}/ip`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(await res.text()).toMatch(/127\.0\.0\.1/);
  });

  it("takes the entry the trusted proxy appended (the last one)", async () => {
    trustedHeader = "x-forwarded-for";
    const res = await fetch(`${base}/ip`, { headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.9" } });
    expect(await res.text()).toBe("203.0.113.9");
    trustedHeader = "x-real-ip";
    expect(await (await fetch(`${base}/ip`, { headers: { "x-real-ip": "198.51.100.4" } })).text()).toBe(
      "198.51.100.4",
    );
    expect(await (await fetch(`${base}/ip`)).text()).toMatch(/127\.0\.0\.1/);
  });
});
