import { Counter } from "prom-client";
import { processMetric } from "./registry.server";

const runs = processMetric(
  "estadia_job_runs_total",
  (registry) =>
    new Counter({
      name: "estadia_job_runs_total",
      help: "Runs of the background jobs on this instance, by job and outcome (ok, failed).",
      labelNames: ["job", "outcome"] as const,
      registers: [registry],
    }),
);

export function countJobRun(job: string, outcome: "ok" | "failed"): void {
  runs.inc({ job, outcome });
}
