import type { IncomingMessage } from "node:http";

/** A request as a fake provider's API received it, for tests to read back. */
export type LoggedRequest = {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  /** Lowercased names. */
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined. */
  body: unknown;
};

/** Reads a whole request to a fake JSON API; `malformed` when its body is not JSON. */
export async function readJsonRequest(
  req: IncomingMessage,
): Promise<LoggedRequest & { text: string; malformed: boolean }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  const url = new URL(req.url ?? "/", "http://fake");
  let body: unknown;
  let malformed = false;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    malformed = true;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return {
    method: req.method ?? "GET",
    path: url.pathname,
    query: url.searchParams,
    headers,
    body,
    text,
    malformed,
  };
}
