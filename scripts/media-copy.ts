// `npm run media:copy -- --to <local|postgres|s3> [--from <…>]`: copies every media object between stores
// (ADR 0028), skipping those already identical, then verifies each in the target by sha256. `--from`
// defaults to the configured store (MEDIA_STORAGE). Exits non-zero when any object differs.
import { parseArgs } from "node:util";
import { env, type MediaStoreKind } from "~/platform/env.server";
import { StartupError } from "~/platform/startup-error.server";
import { copyMedia, MediaMismatchError } from "~/platform/storage/copy-media.server";
import { configuredMediaStorage } from "~/platform/storage/storage.server";
import { runTask } from "./task";

const KINDS: readonly MediaStoreKind[] = ["local", "postgres", "s3"];
const USAGE = "Usage: npm run media:copy -- --to <local|postgres|s3> [--from <local|postgres|s3>]";

function kindOf(value: string | undefined, option: string): MediaStoreKind {
  const kind = KINDS.find((k) => k === value);
  if (!kind) throw new StartupError(`${option} must be one of ${KINDS.join(", ")}.\n${USAGE}`);
  return kind;
}

/** Where a store is, without credentials. */
function describe(kind: MediaStoreKind): string {
  const { dataDir, databaseUrl, media } = env();
  if (kind === "local") return `local (${dataDir}/media)`;
  if (kind === "s3")
    return `s3 (bucket ${media.s3?.bucket ?? "?"}${media.s3?.endpoint ? ` at ${media.s3.endpoint}` : ""})`;
  return databaseUrl
    ? "postgres (the DATABASE_URL database)"
    : `postgres (the embedded database in ${dataDir})`;
}

await runTask("media:copy", async () => {
  let values: { to?: string; from?: string };
  try {
    ({ values } = parseArgs({ options: { to: { type: "string" }, from: { type: "string" } } }));
  } catch (err) {
    throw new StartupError(`${(err as Error).message}\n${USAGE}`);
  }
  const to = kindOf(values.to, "--to");
  const from = values.from === undefined ? env().media.kind : kindOf(values.from, "--from");
  if (from === to) throw new StartupError(`--from and --to are both ${to}: nothing to copy.\n${USAGE}`);
  const [source, target] = [configuredMediaStorage(from), configuredMediaStorage(to)];
  process.stdout.write(`Copying media from ${describe(from)} to ${describe(to)}…\n`);
  try {
    const { copied, skipped, verified } = await copyMedia(source, target);
    return `copied ${copied}, already there ${skipped}, verified ${verified}`;
  } catch (err) {
    // A store that refuses (a missing bucket, wrong credentials) or a copy that differs: say so, fail.
    process.exitCode = 1;
    if (err instanceof MediaMismatchError) return `Verification failed: ${err.message}`;
    return `Copy failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`;
  }
});
