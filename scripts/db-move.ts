// `npm run db:move -- --to postgres://…`: copies the embedded database (DATA_DIR) and its media into an empty
// PostgreSQL database, then verifies the copy (ADR 0030). Exits non-zero when a check fails.
import { existsSync } from "node:fs";
import path from "node:path";
import { moveDatabase } from "~/platform/db/move/move-database.server";
import { formatChecks } from "~/platform/db/move/verify-database.server";
import { env } from "~/platform/env.server";
import { StartupError } from "~/platform/startup-error.server";
import { runTask } from "./task";

await runTask("db:move", async () => {
  const to = argument("--to");
  if (!to || !/^postgres(ql)?:\/\//.test(to)) {
    throw new StartupError("Usage: npm run db:move -- --to postgres://user@host:5432/database");
  }
  const { dataDir, media } = env();
  // The target's store: MEDIA_STORAGE when given, otherwise the default of a PostgreSQL deployment.
  const mediaKind = process.env.MEDIA_STORAGE ? media.kind : "postgres";
  const report = await moveDatabase({ dataDir, targetUrl: to, mediaKind, s3: media.s3 });
  const rows = Object.values(report.tables).reduce((a, b) => a + b, 0);
  const lines = [
    `Moved ${dataDir} to ${serverOf(to)}.`,
    `  ${report.migrations} migrations applied on the target.`,
    `  ${Object.keys(report.tables).length} tables, ${rows} rows copied; ${report.sequences} sequences set.`,
    ...Object.entries(report.tables)
      .filter(([, n]) => n > 0)
      .map(([table, n]) => `    ${table}: ${n}`),
    report.media
      ? `  Media: ${report.media.copied} copied, ${report.media.skipped} already there, ${report.media.verified} verified (${mediaKind}).`
      : "  Media: MEDIA_STORAGE=local, the files stay in the data folder (copy DATA_DIR/media to the new server).",
    "Checks:",
    ...formatChecks(report.checks),
  ];
  if (existsSync(path.join(dataDir, "encryption-key"))) {
    lines.push(
      `Payment credentials are sealed with ${path.join(dataDir, "encryption-key")}: set ENCRYPTION_KEY to its content on the new deployment, or hosts must reconnect their accounts.`,
    );
  }
  if (!report.ok) {
    process.exitCode = 1;
    lines.push("The copy did NOT pass every check: do not use it.");
  }
  return lines.join("\n");
});

function argument(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  if (at >= 0) return args[at + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** Host, port and database, without the password. */
function serverOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "the target";
  }
}
