import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "../../server/security-headers";

type Recorded = { headers: Map<string, string>; locals: Record<string, unknown>; nextCalls: number };

function run(
  options: { dev: boolean; https: boolean; challengeOrigins?: string[] },
  handler = securityHeaders(options),
  path = "/",
): Recorded {
  const headers = new Map<string, string>();
  const locals: Record<string, unknown> = {};
  const res = {
    locals,
    setHeader(name: string, value: string) {
      headers.set(name.toLowerCase(), String(value));
      return this;
    },
  };
  let nextCalls = 0;
  handler({ path } as Request, res as unknown as Response, () => {
    nextCalls++;
  });
  return { headers, locals, nextCalls };
}

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) {
      expect(map.has(name), `directive ${name} appears twice`).toBe(false);
      map.set(name, values);
    }
  }
  return map;
}

describe("securityHeaders middleware (production)", () => {
  it("puts a fresh random nonce in res.locals.nonce on every request", () => {
    const handler = securityHeaders({ dev: false, https: true });
    const nonces = Array.from({ length: 20 }, () => run({ dev: false, https: true }, handler).locals.nonce);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/); // 16 random bytes, base64
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("calls next exactly once", () => {
    expect(run({ dev: false, https: false }).nextCalls).toBe(1);
  });

  it("allows only scripts carrying this request's nonce, with strict-dynamic and no unsafe-inline", () => {
    const { headers, locals } = run({ dev: false, https: true });
    const csp = directives(headers.get("content-security-policy") ?? "");
    const scripts = csp.get("script-src") ?? [];
    expect(scripts).toContain(`'nonce-${locals.nonce}'`);
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
  });

  it("forbids framing, plugins and foreign form targets and base URLs", () => {
    const csp = directives(run({ dev: false, https: true }).headers.get("content-security-policy") ?? "");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
  });

  it("sets the other protective headers", () => {
    const { headers } = run({ dev: false, https: true });
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(headers.get("permissions-policy")).toContain("camera=()");
  });

  it("sends HSTS only over https", () => {
    expect(run({ dev: false, https: true }).headers.get("strict-transport-security")).toMatch(
      /^max-age=\d{8,}; includeSubDomains$/,
    );
    expect(run({ dev: false, https: false }).headers.has("strict-transport-security")).toBe(false);
  });
});

describe("securityHeaders middleware (development)", () => {
  it("lets Vite's client scripts and websocket through", () => {
    const { headers, locals } = run({ dev: true, https: false });
    const csp = directives(headers.get("content-security-policy") ?? "");
    expect(typeof locals.nonce).toBe("string");
    expect(csp.get("script-src")).toEqual(
      expect.arrayContaining(["'self'", "'unsafe-inline'", "'unsafe-eval'"]),
    );
    expect(csp.get("connect-src")).toEqual(expect.arrayContaining(["'self'", "ws:", "wss:"]));
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });
});

describe("a card's 3-D Secure challenge (ADR 0063)", () => {
  it("lets only the sandbox's challenge page be framed, and only by this site", () => {
    const framed = run({ dev: false, https: true }, undefined, "/sandbox/3ds/123");
    expect(framed.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(directives(framed.headers.get("content-security-policy") ?? "").get("frame-ancestors")).toEqual([
      "'self'",
    ]);
    for (const path of ["/", "/sandbox/v1/card_tokens", "/payments/x/credit_card/payment"]) {
      const other = run({ dev: false, https: true }, undefined, path);
      expect(other.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("frames and posts to an issuer's https page only when Mercado Pago is offered", () => {
    const plain = directives(run({ dev: false, https: true }).headers.get("content-security-policy") ?? "");
    expect(plain.get("frame-src")).toBeUndefined();
    expect(plain.get("form-action")).toEqual(["'self'"]);
    const csp = directives(
      run({ dev: false, https: true, challengeOrigins: ["https:"] }).headers.get("content-security-policy") ??
        "",
    );
    expect(csp.get("frame-src")).toEqual(["'self'", "https:"]);
    expect(csp.get("form-action")).toEqual(["'self'", "https:"]);
  });
});

describe("contentSecurityPolicy", () => {
  it("embeds the given nonce in script-src in production only", () => {
    expect(directives(contentSecurityPolicy("abc123", false)).get("script-src")).toContain("'nonce-abc123'");
    expect(contentSecurityPolicy("abc123", true)).not.toContain("abc123");
  });

  it("lets a form lead only here, or to Mercado Pago's authorization page when Mercado Pago is offered", () => {
    expect(directives(contentSecurityPolicy("n", false)).get("form-action")).toEqual(["'self'"]);
    const csp = contentSecurityPolicy("n", false, [], ["https://auth.mercadopago.com.br"]);
    expect(directives(csp).get("form-action")).toEqual(["'self'", "https://auth.mercadopago.com.br"]);
  });

  it("keeps inline styles allowed (Radix positions with style attributes) in both modes", () => {
    for (const dev of [false, true]) {
      expect(directives(contentSecurityPolicy("n", dev)).get("style-src")).toContain("'unsafe-inline'");
    }
  });
});
