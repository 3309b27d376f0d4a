import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectServedMedia } from "../support/served-media";
import { type RunningServer, removeDir, startServer } from "../support/server-process";

/** GET with the path sent exactly as written (fetch would resolve `..` before sending). */
function rawGet(url: string, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = request({ hostname, port, path: rawPath, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("latin1");
      res.on("data", (d) => {
        body += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("/media on the built app", () => {
  let server: RunningServer;
  let webp: Buffer;
  const key = "0b6b5e00-1111-4222-8333-944455566677.webp";

  beforeAll(async () => {
    server = await startServer();
    webp = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#0b6b5e" } })
      .webp()
      .toBuffer();
    mkdirSync(path.join(server.dataDir, "media"), { recursive: true });
    writeFileSync(path.join(server.dataDir, "media", key), webp);
    // A non-media file beside the folder, named like a key, must stay out of reach.
    writeFileSync(path.join(server.dataDir, "escondido.webp"), webp);
  });
  afterAll(async () => {
    await server.stop();
    removeDir(server.dataDir);
  });

  it("serves a stored image as WebP, cacheable forever and never sniffed", async () => {
    const res = await fetch(`${server.url}/media/${key}`);
    await expectServedMedia(res, webp);
  });

  it.each([
    "/media/ffffffff-1111-4222-8333-944455566677.webp",
    "/media/",
    "/media/0B6B5E00-1111-4222-8333-944455566677.webp",
    "/media/escondido.png",
    "/media/..%2Fescondido.webp",
    "/media/%2e%2e/escondido.webp",
    "/media/sub/escondido.webp",
  ])("answers 404 for %s", async (p) => {
    const res = await fetch(`${server.url}${p}`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).not.toBe("image/webp");
    await res.arrayBuffer();
  });

  it.each(["/media/../auth-secret", "/media/../escondido.webp", "/media/..%2f..%2fauth-secret"])(
    "never reaches outside the media folder: %s",
    async (p) => {
      const secret = readFileSync(path.join(server.dataDir, "auth-secret"), "utf8").trim();
      const res = await rawGet(server.url, p);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain("WEBP");
    },
  );
});
