import { Counter, Histogram } from "prom-client";
import { processMetric } from "./registry.server";

const requests = processMetric(
  "estadia_http_requests_total",
  (registry) =>
    new Counter({
      name: "estadia_http_requests_total",
      help: "HTTP requests answered, by method, route pattern (never the raw URL) and status.",
      labelNames: ["method", "route", "status"] as const,
      registers: [registry],
    }),
);

const durations = processMetric(
  "estadia_http_request_duration_seconds",
  (registry) =>
    new Histogram({
      name: "estadia_http_request_duration_seconds",
      help: "Time from a request's arrival to its last byte handed to the network, by method and route pattern.",
      labelNames: ["method", "route"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
      registers: [registry],
    }),
);

// Any other method is refused before routing; its name is never a label (a client chooses it).
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** One answered request: `route` is a pattern or a fixed label, never a path a client chose. */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  const m = METHODS.has(method) ? method : "other";
  requests.inc({ method: m, route, status });
  durations.observe({ method: m, route }, seconds);
}
