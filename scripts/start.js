// `npm start`: builds first when the build is missing or older than the sources, then serves it.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { isBuildStale } from "./build-freshness.js";

if (isBuildStale()) {
  console.error("Building Estadia (the build is missing or older than the sources)...");
  const cli = path.join(
    path.dirname(createRequire(import.meta.url).resolve("@react-router/dev/package.json")),
    "bin.cjs",
  );
  const result = spawnSync(process.execPath, [cli, "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../server.js");
