import type { Request as ExpressRequest } from "express";

/**
 * The public URL of a request: scheme and host as a trusted proxy forwarded them (see `trust proxy` in
 * app.ts), the path as sent; null when they make no URL.
 */
export function requestUrl(req: ExpressRequest): URL | null {
  // Made once per request: the request line's check, the cart API and the page handlers all ask, and
  // req.protocol and req.host each evaluate the proxy trust. Callers read the URL, never change it.
  let url = urls.get(req);
  if (url === undefined) {
    url = parsedUrl(req);
    urls.set(req, url);
  }
  return url;
}

const urls = new WeakMap<ExpressRequest, URL | null>();

function parsedUrl(req: ExpressRequest): URL | null {
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
