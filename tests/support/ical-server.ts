import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake platform answers on one path. */
export type FeedAnswer = { status?: number; body?: string; headers?: Record<string, string> };

/**
 * A platform's calendar export on 127.0.0.1 (reached with safeFetch's allowLoopback): each path answers
 * what the test set last, and counts the requests it got.
 */
export async function icalServer() {
  const answers = new Map<string, FeedAnswer>();
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const answer = answers.get(path) ?? { status: 404, body: "not found" };
    res.writeHead(answer.status ?? 200, {
      "content-type": "text/calendar; charset=utf-8",
      ...answer.headers,
    });
    res.end(answer.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    serve: (path: string, answer: FeedAnswer | string) =>
      answers.set(path, typeof answer === "string" ? { status: 200, body: answer } : answer),
    hitsOn: (path: string) => hits.get(path) ?? 0,
    totalHits: () => [...hits.values()].reduce((a, b) => a + b, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
