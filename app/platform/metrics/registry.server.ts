import { collectDefaultMetrics, type Metric, Registry } from "prom-client";

// Kept on globalThis, like the database: the dev server reloads modules, and a counter made twice would
// count in one registry while /metrics reads another.
const state = globalThis as typeof globalThis & {
  __estadiaMetrics?: { registry: Registry; processMetrics: boolean };
};

function metricsState() {
  state.__estadiaMetrics ??= { registry: new Registry(), processMetrics: false };
  return state.__estadiaMetrics;
}

/** The process's registry: every metric /metrics shows. Counters are per instance (ADR 0029). */
export function metricsRegistry(): Registry {
  return metricsState().registry;
}

/** One metric per name for the whole process, however often the module defining it is loaded. */
export function processMetric<M extends Metric>(name: string, make: (registry: Registry) => M): M {
  const registry = metricsRegistry();
  return (registry.getSingleMetric(name) as M | undefined) ?? make(registry);
}

/** prom-client's process metrics (memory, CPU, event loop), once, and only where /metrics is served. */
export function enableProcessMetrics(): void {
  const current = metricsState();
  if (current.processMetrics) return;
  current.processMetrics = true;
  collectDefaultMetrics({ register: current.registry });
}
