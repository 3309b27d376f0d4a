// Whether build/ is older than the sources it was made from, and the build when it is
// (used by `npm start`, `npm test` and `npm run bench`).
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const BUILD_MARKER = "build/server/app.js";
const SOURCES = [
  "app",
  "public",
  "server",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function isBuildStale(root = process.cwd()) {
  let built;
  try {
    built = statSync(path.join(root, BUILD_MARKER)).mtimeMs;
  } catch {
    return true;
  }
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

/** Runs `react-router build` when the build is stale; exits the process if the build fails. */
export function buildIfStale() {
  if (!isBuildStale()) return;
  console.error("Building Estadia (the build is missing or older than the sources)...");
  const dev = path.dirname(createRequire(import.meta.url).resolve("@react-router/dev/package.json"));
  const result = spawnSync(process.execPath, [path.join(dev, "bin.cjs"), "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
