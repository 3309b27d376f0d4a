// `npm run restore -- FILE`: restores a backup into an empty DATA_DIR and verifies it (ADR 0030). Exits
// non-zero when a check fails.
import path from "node:path";
import { restoreBackup } from "~/platform/backup/restore-backup.server";
import { formatChecks } from "~/platform/db/move/verify-database.server";
import { env } from "~/platform/env.server";
import { StartupError } from "~/platform/startup-error.server";
import { runTask } from "./task";

await runTask("restore", async () => {
  const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
  if (!file) throw new StartupError("Usage: npm run restore -- estadia-backup-YYYYMMDD-HHMMSS.tar.gz");
  const { dataDir } = env();
  const report = await restoreBackup({ dataDir, file: path.resolve(file) });
  const lines = [
    `Restored ${file} (Estadia ${report.manifest.appVersion}, ${report.manifest.createdAt}) into ${dataDir}.`,
    "Checks:",
    ...formatChecks(report.checks),
  ];
  if (!report.ok) {
    process.exitCode = 1;
    lines.push("The restored copy did NOT pass every check.");
  }
  return lines.join("\n");
});
