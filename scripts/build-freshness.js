// Whether build/ is older than the sources it was made from (shared by `npm start` and its test).
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

export const BUILD_MARKER = "build/server/app.js";
const SOURCES = [
  "app",
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
