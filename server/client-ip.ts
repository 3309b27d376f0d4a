import type { Request } from "express";

/**
 * The client's IP for throttling. Only a header named in TRUSTED_IP_HEADER is believed (a client can send
 * any header it likes); for X-Forwarded-For the last entry is the one our proxy appended.
 */
export function clientIp(req: Request, trustedHeader: string | undefined): string {
  if (trustedHeader) {
    const raw = req.headers[trustedHeader];
    const value = Array.isArray(raw) ? raw.at(-1) : raw;
    const last = value
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last;
  }
  return req.socket.remoteAddress ?? "unknown";
}
