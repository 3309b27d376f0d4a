import type { RequestHandler } from "express";
import { randomText } from "~/platform/random-text.server";

type Options = {
  dev: boolean;
  https: boolean;
  /** Hosts the payment provider's browser code talks to and frames (its secure card fields). */
  paymentOrigins?: string[];
  /**
   * Where a form of ours may lead after a redirect: Mercado Pago's authorization page, which 'Conectar
   * Mercado Pago' posts to reach (browsers apply form-action to a form's redirects too).
   */
  formOrigins?: string[];
  /**
   * Where a card's 3-D Secure challenge may be framed and its creq posted: the issuer's own page, on any
   * https host (ADR 0063).
   */
  challengeOrigins?: string[];
};

/** The one page our own pages frame: the sandbox's stand-in for a card issuer's 3-D Secure page (ADR 0063). */
const SAME_ORIGIN_FRAMES = "/sandbox/3ds/";

/** A fresh CSP nonce per request (in res.locals.nonce) and the headers every response carries. */
export function securityHeaders({
  dev,
  https,
  paymentOrigins = [],
  formOrigins = [],
  challengeOrigins = [],
}: Options): RequestHandler {
  return (req, res, next) => {
    const nonce = randomText(16, "base64");
    res.locals.nonce = nonce;
    const framed = req.path.startsWith(SAME_ORIGIN_FRAMES);
    const csp = contentSecurityPolicy(
      nonce,
      dev,
      paymentOrigins,
      [...formOrigins, ...challengeOrigins],
      challengeOrigins,
    );
    res.setHeader(
      "Content-Security-Policy",
      framed ? csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'") : csp,
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", framed ? "SAMEORIGIN" : "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

export function contentSecurityPolicy(
  nonce: string,
  dev: boolean,
  paymentOrigins: string[] = [],
  formOrigins: string[] = [],
  frameOrigins: string[] = [],
): string {
  // Vite's dev client injects scripts without our nonce and talks over a websocket.
  const scripts = dev ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'self' 'nonce-${nonce}' 'strict-dynamic'`;
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    // Radix and sonner position elements with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}${paymentOrigins.map((o) => ` ${o}`).join("")}`,
    ...(paymentOrigins.length + frameOrigins.length > 0
      ? [`frame-src 'self' ${[...paymentOrigins, ...frameOrigins].join(" ")}`]
      : []),
    `form-action 'self'${formOrigins.map((o) => ` ${o}`).join("")}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}
