import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { env } from "../env.server";
import { isLoopbackAddress, isPublicAddress } from "./public-address";

/** Why an outbound request was not made or not finished; `reason` is for logs and the host's message. */
export class OutboundRefused extends Error {
  override name = "OutboundRefused";
  constructor(
    readonly reason:
      | "bad_address"
      | "not_https"
      | "internal_address"
      | "too_many_redirects"
      | "too_large"
      | "timeout"
      | "network",
    detail: string,
  ) {
    super(detail);
  }
}

export type OutboundOptions = {
  /** Largest body read, in bytes (2 MB). */
  maxBytes?: number;
  /** The whole exchange, redirects included (10 s). */
  timeoutMs?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /**
   * Tests only (OUTBOUND_ALLOW_LOOPBACK, refused at start in production): this machine's own addresses, over
   * http or https, are let through. Every other internal address stays refused.
   */
  allowLoopback?: boolean;
};

export type OutboundResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  url: string;
};

const DEFAULTS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 };

function allowed(address: string, allowLoopback: boolean): boolean {
  return isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address));
}

/** DNS answers checked at connection time, on the very address connected to (no rebinding window). */
function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 0);
      const refused = addresses.find((a) => !allowed(a.address, allowLoopback));
      if (refused || addresses.length === 0)
        return callback(
          new OutboundRefused("internal_address", `${hostname} resolves to an internal address`),
          "",
          0,
        );
      if (options.all) return callback(null, addresses as unknown as string, 0);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/** The URL if it may be fetched at all (scheme and literal address); the DNS answer is checked on connect. */
function checkedUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused("bad_address", "not an address");
  }
  // WHATWG parsing has already turned decimal, octal and hex IPv4 forms into dotted quads.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host) !== 0;
  if (literal && !allowed(host, allowLoopback))
    throw new OutboundRefused("internal_address", `${host} is an internal address`);
  const loopbackHttp = url.protocol === "http:" && allowLoopback && literal && isLoopbackAddress(host);
  if (url.protocol !== "https:" && !loopbackHttp) throw new OutboundRefused("not_https", "only https");
  if (url.username || url.password) throw new OutboundRefused("bad_address", "credentials in the address");
  return url;
}

function requestOnce(
  url: URL,
  options: Required<Pick<OutboundOptions, "maxBytes">> & OutboundOptions,
  signal: AbortSignal,
): Promise<OutboundResponse> {
  const allowLoopback = options.allowLoopback === true;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "GET",
        headers: { "user-agent": "Estadia", ...options.headers },
        lookup: checkedLookup(allowLoopback),
        signal,
      },
      (res) => {
        const declared = Number(res.headers["content-length"] ?? 0);
        if (declared > options.maxBytes) {
          res.destroy();
          return reject(new OutboundRefused("too_large", `${declared} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            reject(new OutboundRefused("too_large", `more than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            url: url.toString(),
          }),
        );
        res.on("error", (err) =>
          reject(signal.aborted ? new OutboundRefused("timeout", "no complete answer in time") : err),
        );
      },
    );
    req.on("error", (err) => {
      if (err instanceof OutboundRefused) return reject(err);
      if (signal.aborted) return reject(new OutboundRefused("timeout", "no complete answer in time"));
      reject(new OutboundRefused("network", err.message));
    });
    req.end();
  });
}

/**
 * GET of an address a user typed (a calendar feed, any later one): the one way the server reaches such an
 * address. Only https; the host's and every redirect's resolved addresses must be public; at most 3
 * redirects, 2 MB and 10 s. Throws OutboundRefused; a non-2xx answer is returned as it came.
 */
export async function safeFetch(raw: string, given: OutboundOptions = {}): Promise<OutboundResponse> {
  const options = { ...DEFAULTS, allowLoopback: env().outboundAllowLoopback, ...given };
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = checkedUrl(raw, options.allowLoopback === true);
  for (let redirects = 0; ; redirects++) {
    const res = await requestOnce(url, options, signal);
    const location = res.headers.location;
    if (res.status < 300 || res.status >= 400 || !location) return res;
    if (redirects >= options.maxRedirects)
      throw new OutboundRefused("too_many_redirects", `more than ${options.maxRedirects} redirects`);
    url = checkedUrl(new URL(location, url).toString(), options.allowLoopback === true);
  }
}
