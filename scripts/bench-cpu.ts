// The CPU time the app's process and its database's backends spend per request answered, around one load:
// steadier than req/s on a shared 2-core machine, where the load generator takes its share of the cores.
import { readdirSync, readFileSync } from "node:fs";

/** One route's figures in `npm run bench`. */
export type BenchResult = { name: string; rps: number; p99: number; cpu?: CpuPerRequest | null };

/** Milliseconds of CPU per request: the app's process, and PostgreSQL's backends for its database. */
export type CpuPerRequest = { appMs: number; dbMs: number };

// Linux counts a process's CPU time in clock ticks of 1/100 s (USER_HZ).
const TICK_MS = 10;

let measured: { pid: number; database: string | null } | null = null;

/** From now on, loads are measured on this process and (PostgreSQL only) this database's backends. */
export function measureCpuOf(pid: number | undefined, database: string | null): void {
  measured = pid ? { pid, database } : null;
}

/** Runs one load and gives its CPU per request (null where /proc cannot tell). */
export async function withCpu<T extends { requests: { total: number } }>(
  load: () => Promise<T>,
): Promise<{ result: T; cpu: CpuPerRequest | null }> {
  const before = snapshot();
  const result = await load();
  const after = snapshot();
  const requests = result.requests.total;
  if (!before || !after || requests === 0) return { result, cpu: null };
  // Backends that started during the load count whole; one that ended during it is not counted (its last
  // ticks are gone with it), so the database's figure is at most a little low.
  let db = 0;
  for (const [pid, used] of after.backends) db += used - (before.backends.get(pid) ?? 0);
  return {
    result,
    cpu: { appMs: ((after.app - before.app) * TICK_MS) / requests, dbMs: (db * TICK_MS) / requests },
  };
}

function snapshot(): { app: number; backends: Map<number, number> } | null {
  if (!measured) return null;
  const app = ticks(measured.pid);
  if (app === null) return null;
  const { database } = measured;
  const backends = new Map<number, number>();
  if (database) {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      // A backend's command line names its database: "postgres: 15/main: user database host(port) state".
      const cmdline = read(`/proc/${entry}/cmdline`);
      if (!cmdline?.startsWith("postgres:") || !cmdline.includes(` ${database} `)) continue;
      const used = ticks(Number(entry));
      if (used !== null) backends.set(Number(entry), used);
    }
  }
  return { app, backends };
}

function ticks(pid: number): number | null {
  const stat = read(`/proc/${pid}/stat`);
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
  if (!fields) return null;
  return Number(fields[11]) + Number(fields[12]);
}

function read(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** The two CPU columns of a result's row. */
export function cpuColumns(cpu: CpuPerRequest | null | undefined): string {
  if (!cpu) return `${"—".padStart(9)} ${"—".padStart(9)}`;
  return `${cpu.appMs.toFixed(2).padStart(9)} ${cpu.dbMs.toFixed(2).padStart(9)}`;
}
