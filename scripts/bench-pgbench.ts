// The database's anchor in `npm run bench`: PostgreSQL's own pgbench, simple-update mode (`-N`: one account
// update, one select, one history insert per transaction), at the bench's connection count, against this
// machine's server. The checkout rows are divided by its transactions per second, as the HTTP rows are by
// node:http's answers, so figures from different machines compare.
import { spawnSync } from "node:child_process";
import { createThrowawayDatabase } from "../tests/support/postgres";

export type PgbenchAnchor = { tps: number; connections: number; seconds: number };

function pgbench(url: string, args: string[]): string {
  const run = spawnSync("pgbench", [...args, url], { encoding: "utf8" });
  if (run.error) throw new Error(`pgbench could not run (${run.error.message}): install postgresql-client`);
  if (run.status !== 0) throw new Error(`pgbench ${args.join(" ")} failed: ${run.stderr.trim()}`);
  return run.stdout;
}

/** pgbench -N on a database of its own (scale 1), dropped afterwards. */
export async function pgbenchAnchor(connections: number, seconds: number): Promise<PgbenchAnchor> {
  const database = await createThrowawayDatabase();
  try {
    pgbench(database.url, ["-i", "-q", "-s", "1"]);
    const out = pgbench(database.url, ["-N", "-n", `-c${connections}`, "-j2", `-T${seconds}`]);
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    if (!Number.isFinite(tps) || tps <= 0) throw new Error(`pgbench printed no tps:\n${out}`);
    return { tps, connections, seconds };
  } finally {
    await database.drop();
  }
}
