import { fromPglite, PgBoss } from "pg-boss";
import type { DatabaseHandle } from "../db/database-handle.server";
import type { Logger } from "../log.server";
import { countJobRun } from "../metrics/job-metrics.server";

/** Work that runs every few seconds, once across all app instances. */
export type RecurringJob = { name: string; everySeconds: number; run(): Promise<unknown> };

export type JobRunner = { stop(): Promise<void> };

/**
 * Runs recurring jobs on pg-boss, in the app's own database (PGlite or PostgreSQL). Every instance offers
 * the next run of each job; pg-boss accepts one per time slot database-wide (a throttled send), and one
 * worker, on whichever instance fetches it first (SKIP LOCKED), runs it. So the job runs once per slot
 * however many instances there are, and keeps running while any one of them is up.
 */
export async function startJobRunner(
  handle: DatabaseHandle,
  jobs: RecurringJob[],
  log: Logger,
): Promise<JobRunner> {
  const connection = handle.jobsConnection;
  const boss =
    connection.kind === "pglite"
      ? new PgBoss({ db: fromPglite(connection.client), backend: "pglite", schedule: false })
      : new PgBoss({
          connectionString: connection.url,
          max: 3,
          schedule: false,
          application_name: "estadia-jobs",
        });
  boss.on("error", (err) => log.warn({ err }, "job queue error"));
  await boss.start();

  const timers: NodeJS.Timeout[] = [];
  let stopping = false;
  for (const job of jobs) {
    await boss.createQueue(job.name, { retryLimit: 0, expireInSeconds: 5 * 60 });
    const workerId = await boss.work(
      job.name,
      { pollingIntervalSeconds: Math.max(1, job.everySeconds / 2) },
      async () => {
        const started = Date.now();
        const result = await job.run().catch((err) => {
          countJobRun(job.name, "failed");
          throw err;
        });
        countJobRun(job.name, "ok");
        log.debug({ job: job.name, ms: Date.now() - started, result }, "job ran");
      },
    );
    const offer = () => {
      if (stopping) return;
      boss
        .sendThrottled(job.name, {}, null, job.everySeconds)
        // The instance whose offer was accepted runs it now: its worker may have polled just before the
        // offer and would otherwise sleep half a slot (7.5 minutes for a 15-minute job).
        .then((id) => id && !stopping && boss.notifyWorker(workerId))
        .catch((err) => {
          if (!stopping) log.warn({ err, job: job.name }, "job not offered");
        });
    };
    offer();
    // Offered twice a slot, so no slot is missed whatever the instances' clocks.
    timers.push(setInterval(offer, (job.everySeconds * 1000) / 2));
  }
  return {
    async stop() {
      stopping = true;
      for (const t of timers) clearInterval(t);
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
