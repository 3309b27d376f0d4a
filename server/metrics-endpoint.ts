import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { watchDatabasePool } from "~/platform/metrics/db-pool-metrics.server";
import { recordRequest } from "~/platform/metrics/http-metrics.server";
import { enableProcessMetrics, metricsRegistry } from "~/platform/metrics/registry.server";
import { CART_API_PATH } from "./cart-api";
import { type RouteNames, routedRequest } from "./route-names";

// Labels of requests no route pattern names.
const STATIC = "static";
const NOT_FOUND = "not_found";
const CLIENT_LEFT = 499;

export const METRICS_PATH = "/metrics";

/**
 * GET /metrics in Prometheus's text format, for a scraper holding `Authorization: Bearer <METRICS_TOKEN>`
 * (compared in constant time); 401 otherwise. Mounted only when METRICS_TOKEN is set (ADR 0029).
 */
export function metricsEndpoint(token: string, database: DatabaseHandle): RequestHandler {
  enableProcessMetrics();
  watchDatabasePool(database);
  const expected = digest(token);
  const registry = metricsRegistry();
  return async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    const header = req.get("authorization") ?? "";
    const given = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    if (!given || !timingSafeEqual(digest(given), expected)) {
      res.setHeader("WWW-Authenticate", "Bearer");
      res.status(401).type("text/plain").send("Token ausente ou inválido.");
      return;
    }
    try {
      const text = await registry.metrics();
      res.setHeader("Content-Type", registry.contentType);
      res.send(text);
    } catch (err) {
      next(err);
    }
  };
}

/** Equal lengths whatever was sent, so the comparison takes the same time. */
function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/**
 * Times every request and counts it by route pattern once its answer is sent (or the client left: status
 * 499, as nginx writes it). React Router's requests are its routes' patterns; anything answered before it
 * is matched by its path too (a first-scan shop page is `/i/:hash`, a refused body keeps its route; the
 * metrics page and the cart API, served by Express, are their paths), and what no route takes is `static`
 * when served, `not_found` otherwise.
 */
export function requestMetrics(routes: RouteNames): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    // 'close' comes after 'finish', or alone when the client left first: a page given up on for being slow
    // is counted too.
    res.on("close", () => {
      let route: string;
      if (routedRequest(res)) route = routes.patternOf(req, res) ?? NOT_FOUND;
      else if (req.path.startsWith("/assets/")) route = STATIC;
      else if (req.path === METRICS_PATH || req.path === CART_API_PATH) route = req.path;
      else route = routes.patternOf(req, res) ?? (res.statusCode < 400 ? STATIC : NOT_FOUND);
      const status = res.writableFinished ? res.statusCode : CLIENT_LEFT;
      recordRequest(req.method, route, status, (performance.now() - started) / 1000);
    });
    next();
  };
}
