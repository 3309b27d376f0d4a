import { request } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyRule } from "../../server/body-limits";
import { BODY_TEXT, requestBody } from "../../server/request-body";
import { REQUEST_LINE_TEXT, soundRequestLine } from "../../server/request-line";
import { chunkedUpload } from "../support/slow-upload";

// A real Express app on a real port with the product server's guards, and rules small enough to test.
const RULES: Record<string, BodyRule> = {
  "/form": { kind: "form", maxBytes: 8 * 1024 },
  "/json": { kind: "json", maxBytes: 1024 },
  "/any": { kind: "any", maxBytes: 1024 },
};

let base: string;
let close: () => void;
/** What reached the route: the body it was handed and how many bytes the server had read by then. */
const reached: { path: string; body: Buffer | undefined; contentType: string | undefined }[] = [];
/** Bytes the server read from each request's connection, once that request's answer was sent. */
const bytesRead: number[] = [];

beforeAll(async () => {
  const app = express();
  app.use((req, res, next) => {
    res.locals.log = undefined;
    const socket = req.socket;
    const before = socket.bytesRead;
    res.on("close", () => bytesRead.push(socket.bytesRead - before));
    next();
  });
  app.use(soundRequestLine());
  app.use(requestBody((path) => RULES[path] ?? { kind: "form", maxBytes: 8 * 1024 }));
  app.all("/{*path}", (req, res) => {
    reached.push({ path: req.path, body: req.body, contentType: req.headers["content-type"] });
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

const post = (path: string, body: string | FormData, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: "POST", body, headers });

async function answer(res: Response) {
  return { status: res.status, text: await res.text() };
}

describe("soundRequestLine", () => {
  it.each(["TRACE", "PROPFIND", "LOCK"])("refuses %s, which nobody here serves, with 405", async (method) => {
    // fetch cannot even send TRACE: node:http can.
    const res = await new Promise<{ status: number; text: string; allow: unknown }>((resolve, reject) => {
      request(`${base}/`, { method }, (r) => {
        let text = "";
        r.setEncoding("utf8");
        r.on("data", (d: string) => {
          text += d;
        });
        r.on("end", () => resolve({ status: r.statusCode ?? 0, text, allow: r.headers.allow }));
      })
        .on("error", reject)
        .end();
    });
    expect(res).toEqual({
      status: 405,
      text: REQUEST_LINE_TEXT.method,
      allow: expect.stringContaining("POST"),
    });
  });

  it.each(["/%ff", "/i/%E0%A4%A", "/i/a%00b", "/reset-password?token=a%00b", "/auth?redirectTo=%00"])(
    "refuses an address that cannot be read, %s, with 400",
    async (path) => {
      const before = reached.length;
      expect(await answer(await fetch(`${base}${path}`))).toEqual({
        status: 400,
        text: REQUEST_LINE_TEXT.address,
      });
      expect(reached.length).toBe(before);
    },
  );

  it("lets ordinary addresses through, encoded characters included", async () => {
    for (const path of ["/i/abc", "/auth?redirectTo=%2Fsales", "/busca?q=caf%C3%A9&x=%ff"]) {
      expect((await fetch(`${base}${path}`)).status).toBe(200);
    }
  });
});

describe("requestBody", () => {
  it("hands a form within its limit on as the bytes sent", async () => {
    const res = await post("/form", "intent=add&hash=abc", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(await answer(res)).toEqual({ status: 200, text: "ok" });
    expect(reached.at(-1)?.body?.toString()).toBe("intent=add&hash=abc");
  });

  it("makes an empty post an empty form", async () => {
    expect((await fetch(`${base}/form`, { method: "POST" })).status).toBe(200);
    expect(reached.at(-1)).toMatchObject({ contentType: "application/x-www-form-urlencoded" });
    expect(reached.at(-1)?.body?.length).toBe(0);
  });

  it("refuses a declared body over the limit with 413 before reading it", async () => {
    const before = reached.length;
    const res = await post("/form", "a=".padEnd(9 * 1024, "x"), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(await answer(res)).toEqual({ status: 413, text: BODY_TEXT.tooLarge(8 * 1024) });
    expect(reached.length).toBe(before);
  });

  it("answers 413 to a chunked upload as soon as it passes the limit, and reads no further", async () => {
    const before = reached.length;
    const total = 5 * 1024 * 1024;
    const upload = await chunkedUpload(`${base}/form`, {
      totalBytes: total,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(upload.status).toBe(413);
    expect(upload.body).toBe(BODY_TEXT.tooLarge(8 * 1024));
    // Answered long before the client was done, and the connection closed: the rest was never sent.
    expect(upload.sentWhenAnswered).toBeLessThan(total / 4);
    expect(upload.cutOff).toBe(true);
    expect(upload.sent).toBeLessThan(total);
    // The server had read at most a few chunks past the limit, not the megabytes offered.
    expect(bytesRead.at(-1)).toBeLessThan(256 * 1024);
    expect(reached.length).toBe(before);
  });

  it.each([
    ["JSON", "application/json", '{"intent":"add"}'],
    ["plain text", "text/plain", "intent=add"],
    ["XML", "application/xml", "<intent>add</intent>"],
  ])("refuses %s sent where a form is expected with 415", async (_kind, type, body) => {
    expect(await answer(await post("/form", body, { "content-type": type }))).toEqual({
      status: 415,
      text: BODY_TEXT.formOnly,
    });
  });

  it("refuses a multipart body that cannot be parsed with 400", async () => {
    const res = await post("/form", "--x\r\nnot a part", {
      "content-type": "multipart/form-data; boundary=x",
    });
    expect(await answer(res)).toEqual({ status: 400, text: BODY_TEXT.unreadable });
    const noBoundary = await post("/form", "a", { "content-type": "multipart/form-data" });
    expect(await answer(noBoundary)).toEqual({ status: 400, text: BODY_TEXT.unreadable });
  });

  it("refuses a NUL character in a form field or its name, url-encoded or multipart", async () => {
    const urlEncoded = { "content-type": "application/x-www-form-urlencoded" };
    for (const body of ["name=a%00b", "a%00=1", "token=%00", "raw=a\u0000b"]) {
      expect(await answer(await post("/form", body, urlEncoded))).toEqual({
        status: 400,
        text: BODY_TEXT.nul,
      });
    }
    const multipart = new FormData();
    multipart.set("name", "Maria\u0000");
    expect(await answer(await post("/form", multipart))).toEqual({ status: 400, text: BODY_TEXT.nul });
  });

  it("lets a file through whatever its bytes", async () => {
    const form = new FormData();
    form.set("imageFile", new File([new Uint8Array([0, 1, 0, 255])], "foto.jpg"));
    expect((await post("/form", form)).status).toBe(200);
  });

  it("takes JSON where JSON is expected, and refuses forms, broken JSON and NUL there", async () => {
    const json = { "content-type": "application/json" };
    expect((await post("/json", '{"id":"1"}', json)).status).toBe(200);
    expect((await post("/json", "")).status).toBe(200); // a notification may come empty
    expect(
      await answer(await post("/json", "id=1", { "content-type": "application/x-www-form-urlencoded" })),
    ).toEqual({ status: 415, text: BODY_TEXT.jsonOnly });
    expect(await answer(await post("/json", "{", json))).toEqual({ status: 400, text: BODY_TEXT.unreadable });
    for (const body of ['{"id":"a\\u0000b"}', '{"a\\u0000":1}', '["\\u0000"]']) {
      expect(await answer(await post("/json", body, json))).toEqual({ status: 400, text: BODY_TEXT.nul });
    }
  });

  it("passes anything within its size where the route reads it itself", async () => {
    expect((await post("/any", "whatever", { "content-type": "text/plain" })).status).toBe(200);
    expect((await post("/any", "x".repeat(2048), { "content-type": "text/plain" })).status).toBe(413);
  });
});
