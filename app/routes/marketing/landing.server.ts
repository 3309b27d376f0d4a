import type { MiddlewareFunction } from "react-router";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/log.server";
import { requestContext } from "~/platform/request-context";
import type { LandingFees } from "./landing-fees";

/**
 * The nonce written into prerendered pages. It matches no real CSP header: a server that serves the
 * prerendered file must swap it for the request's own nonce (see docs/decisions/0011-landing-pages.md).
 */
export const PRERENDER_NONCE = "ESTADIA_PRERENDER_NONCE";

/**
 * At build time React Router prerenders these pages without our Express server, so nothing has put the
 * request context (nonce, logger) in place that entry.server.tsx reads. Under Express it is always set
 * and this does nothing.
 */
export const prerenderContext: MiddlewareFunction<Response> = ({ context }, next) => {
  try {
    context.get(requestContext);
  } catch {
    context.set(requestContext, {
      requestId: "prerender",
      nonce: PRERENDER_NONCE,
      log: logger(),
      clientIp: "127.0.0.1",
    });
  }
  return next();
};

/**
 * The landing pages are the same for every visitor: cacheable, checked again on each visit. The
 * prerendered copy (server/prerendered-pages.ts) is sent with the same header as a live render.
 */
export const LANDING_CACHE_CONTROL = "no-cache";

export function landingHeaders() {
  return { "Cache-Control": LANDING_CACHE_CONTROL };
}

/**
 * What the page needs from configuration: the public origin (canonical links), the outbound links and
 * Estadia's fee with its free days (the FAQ states them).
 */
export function landingLoader() {
  const config = env();
  const fees: LandingFees = {
    platformFeeBps: config.payments.platformFeeBps,
    freeTrialDays: config.payments.freeTrialDays,
  };
  return { origin: config.appUrl, links: config.outboundLinks, fees };
}
