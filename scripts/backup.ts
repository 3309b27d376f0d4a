// `npm run backup [-- --out FILE]`: one archive of the embedded database, its media and generated secrets,
// taken under the data folder's lock (the server must be stopped). ADR 0030.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createBackup } from "~/platform/backup/create-backup.server";
import { defaultBackupName } from "~/platform/backup/manifest";
import { env } from "~/platform/env.server";
import { runTask } from "./task";

await runTask("backup", async () => {
  const args = process.argv.slice(2);
  const given = args[args.indexOf("--out") + 1];
  const out = path.resolve(args.includes("--out") && given ? given : defaultBackupName(new Date()));
  const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
  const { dataDir } = env();
  const manifest = await createBackup({ dataDir, out, appVersion: version });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  return [
    `Backup of ${dataDir} written to ${out}.`,
    `  ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.migrations} migrations, ${manifest.media} media objects.`,
    "  It holds the generated secrets too (encryption-key, auth-secret): keep it private.",
  ].join("\n");
});
