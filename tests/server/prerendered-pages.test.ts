import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, removeDir, startServer } from "../support/server-process";

// The build prerenders the landing pages with the default APP_URL (http://localhost:8080).
const BUILT_FOR = "http://localhost:8080";

describe("prerendered landing pages", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ APP_URL: BUILT_FOR, LOG_LEVEL: "warn" });
  });
  afterAll(async () => {
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it("serves the build's HTML with this request's CSP nonce in every script", async () => {
    for (const [path, file] of [
      ["/", "index.html"],
      ["/en", "en/index.html"],
    ] as const) {
      const res = await fetch(`${server.url}${path}`);
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      const built = readFileSync(`build/prerendered/${file}`, "utf8");
      expect(await res.text()).toBe(built.replaceAll("ESTADIA_PRERENDER_NONCE", nonce ?? "missing"));
    }
  });

  it("renders live when the page was built for another APP_URL", async () => {
    const other = await startServer({ LOG_LEVEL: "warn" });
    try {
      const html = await (await fetch(`${other.url}/`)).text();
      expect(html).toContain(`<link rel="canonical" href="http://localhost:${other.port}/"`);
      expect(html).not.toContain("ESTADIA_PRERENDER_NONCE");
    } finally {
      await other.stop();
      removeDir(other.dataDir);
    }
  });
});
