// One route under load in `npm run bench`: warmed up, then measured with the CPU it took.
import autocannon from "autocannon";
import { type BenchResult, withCpu } from "./bench-cpu";

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

export type LoadOptions = {
  headers?: Record<string, string>;
  /** Answers other than 2xx are expected (the 404 page). */
  notOk?: boolean;
  /** Each request at a new address, so no view is a page viewed again. */
  everyViewNew?: boolean;
  /** At once; CONNECTIONS unless given (one host at a time: 1). */
  connections?: number;
  /** Addresses taken in turn (each a different record), instead of the url's own path. */
  paths?: string[];
};

export async function load(
  name: string,
  url: string,
  { headers = {}, notOk = false, everyViewNew = false, connections = CONNECTIONS, paths }: LoadOptions = {},
): Promise<BenchResult> {
  // A counter the page ignores makes each address new: no view is a page viewed again (ADR 0044).
  let view = 0;
  const { pathname, search } = new URL(url);
  const pathOf = (): string => {
    const n = view++;
    const path = paths ? (paths[n % paths.length] ?? pathname) : `${pathname}${search}`;
    if (!everyViewNew) return path;
    return `${path}${path.includes("?") ? "&" : "?"}vista=${n}`;
  };
  const requests =
    everyViewNew || paths ? [{ setupRequest: (req: object) => ({ ...req, path: pathOf() }) }] : undefined;
  await autocannon({ url, headers, requests, connections: 4, duration: 1 }); // warm-up
  const { result: r, cpu } = await withCpu(() =>
    autocannon({ url, headers, requests, connections, duration: DURATION_S }),
  );
  if (!notOk && r.non2xx > 0) throw new Error(`${name}: ${r.non2xx} answers were not 2xx`);
  // A request that never answered counts in no latency: say so beside the figures rather than hide it.
  const lost = r.errors + r.timeouts;
  if (lost > 0) name = `${name} [${r.errors} errors, ${r.timeouts} timeouts]`;
  return { name, rps: r.requests.average, p99: r.latency.p99, cpu };
}
