import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "~/platform/outbound/public-address";
import { OutboundRefused, safeFetch } from "~/platform/outbound/safe-fetch.server";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::127.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "2002:c0a8:0101::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "2001:db8::1",
    "2001::1",
    "not-an-ip",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2001:4860:4860::8888",
    "::ffff:8.8.8.8",
    "2606:4700::1111",
  ])("lets %s through", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

/** A local server standing in for a calendar host: each path answers as its name says. */
function feedServer() {
  let base = "";
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/feed.ics") return res.end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
    if (path.startsWith("/hop/")) {
      const left = Number(path.slice(5));
      res.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : "/feed.ics" });
      return res.end();
    }
    if (path === "/to-metadata") {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      return res.end();
    }
    if (path === "/big") return res.end(Buffer.alloc(3 * 1024 * 1024, 65));
    if (path === "/endless") {
      res.writeHead(200);
      const timer = setInterval(() => res.write("x"), 20);
      res.on("close", () => clearInterval(timer));
      return;
    }
    res.writeHead(404);
    res.end();
  });
  return {
    start: () =>
      new Promise<void>((resolve) =>
        server.listen(0, "127.0.0.1", () => {
          base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
          resolve();
        }),
      ),
    url: (path: string) => `${base}${path}`,
    port: () => (server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function refusal(promise: Promise<unknown>): Promise<OutboundRefused> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof OutboundRefused) return err;
    throw err;
  }
  throw new Error("the request was not refused");
}

describe("safeFetch", () => {
  const feeds = feedServer();
  beforeAll(() => feeds.start());
  afterAll(() => feeds.stop());
  const tests = { allowLoopback: true };

  it("fetches a feed on this machine only when loopback is allowed (tests), and never over plain http elsewhere", async () => {
    const res = await safeFetch(feeds.url("/feed.ics"), tests);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain("BEGIN:VCALENDAR");

    expect((await refusal(safeFetch(feeds.url("/feed.ics"), { allowLoopback: false }))).reason).toBe(
      "internal_address",
    );
    expect((await refusal(safeFetch("http://example.com/feed.ics", tests))).reason).toBe("not_https");
    expect((await refusal(safeFetch("ftp://example.com/feed.ics", tests))).reason).toBe("not_https");
    expect((await refusal(safeFetch("não é um endereço", tests))).reason).toBe("bad_address");
  });

  it("refuses internal addresses in decimal, hex, mapped and named forms, whatever is allowed for tests", async () => {
    const port = feeds.port();
    for (const address of [
      `http://2130706433:${port}/feed.ics`, // 127.0.0.1 in decimal
      `http://0x7f.1:${port}/feed.ics`,
      `https://[::ffff:127.0.0.1]:${port}/feed.ics`,
    ]) {
      expect((await refusal(safeFetch(address, { allowLoopback: false }))).reason).toBe("internal_address");
    }
    for (const address of [
      "https://10.0.0.1/feed.ics",
      "https://169.254.169.254/latest/meta-data/",
      "https://[fd00::1]/feed.ics",
      "https://localhost/feed.ics",
    ]) {
      const reason = (await refusal(safeFetch(address, { allowLoopback: false }))).reason;
      expect(reason).toBe("internal_address");
    }
    // Loopback allowed for tests still refuses the other internal networks.
    expect((await refusal(safeFetch("https://10.0.0.1/feed.ics", tests))).reason).toBe("internal_address");
  });

  it("follows at most 3 redirects and checks every one of them", async () => {
    expect((await safeFetch(feeds.url("/hop/2"), tests)).body.toString()).toContain("VCALENDAR");
    expect((await refusal(safeFetch(feeds.url("/hop/3"), tests))).reason).toBe("too_many_redirects");
    expect((await refusal(safeFetch(feeds.url("/to-metadata"), tests))).reason).toBe("internal_address");
  });

  it("stops at 2 MB and at the time limit", async () => {
    expect((await refusal(safeFetch(feeds.url("/big"), tests))).reason).toBe("too_large");
    expect((await refusal(safeFetch(feeds.url("/endless"), { ...tests, timeoutMs: 300 }))).reason).toBe(
      "timeout",
    );
  });
});
