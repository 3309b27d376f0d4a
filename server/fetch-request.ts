import type { Request as ExpressRequest } from "express";

/**
 * The public URL of a request: scheme and host as a trusted proxy forwarded them (see `trust proxy` in
 * app.ts), the path as sent; null when they make no URL.
 */
export function requestUrl(req: ExpressRequest): URL | null {
  // Only a host name and a port: what follows a / ? # @ or \ in a Host header is not part of it.
  const host = (req.host ?? "").split(/[\\/?#@]/)[0] || "localhost";
  try {
    return new URL(`${req.protocol}://${host}${req.originalUrl}`);
  } catch {
    return null;
  }
}

/**
 * The fetch Request React Router is handed for an Express request. Its body is the one `requestBody`
 * (request-body.ts) read and checked: React Router never reads from the connection itself.
 */
export function fetchRequest(req: ExpressRequest, url: URL, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const withBody = req.method !== "GET" && req.method !== "HEAD";
  const body: Buffer<ArrayBuffer> | undefined = req.body;
  return new Request(url, {
    method: req.method,
    headers,
    signal,
    body: withBody ? (body ?? new Uint8Array()) : undefined,
  });
}
