import { spawn } from "node:child_process";
import path from "node:path";
import { connectDatabase } from "~/platform/db/connect.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { freePort } from "./free-port";
import { createThrowawayDatabase } from "./postgres";
import { type RunningServer, removeDir, tempDataDir } from "./server-process";
import { shopFixture } from "./shop-fixtures";
import type { ShopServer } from "./shop-server";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Like startShopServer (the built app on a throwaway PostgreSQL database holding one shop, X-Forwarded-For
 * trusted), with its environment open to the test and its port chosen before it starts, so that APP_URL
 * can name the server's own address (a provider's notification_url then points back at it). Logs at
 * `info` unless told otherwise, so a test can read what an operator would.
 */
export async function startCheckoutServer(
  items: Parameters<typeof shopFixture>[1],
  options: { env?: Record<string, string>; appUrlIsOwn?: boolean } = {},
): Promise<ShopServer> {
  const database = await createThrowawayDatabase();
  const handle = await connectDatabase({ databaseUrl: database.url });
  await migrateDatabase(handle);
  const shop = await shopFixture(handle.db, items);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServerAt(port, {
    DATABASE_URL: database.url,
    TRUSTED_IP_HEADER: "x-forwarded-for",
    LOG_LEVEL: "info",
    ...(options.appUrlIsOwn ? { APP_URL: url } : {}),
    ...options.env,
  });
  return {
    server,
    shop,
    db: handle.db,
    async stop() {
      await server.stop();
      removeDir(server.dataDir);
      await handle.close();
      await database.drop();
    },
  };
}

/** The built app (as `npm start` runs it) on this port, once it answers /healthz. */
async function startServerAt(port: number, env: Record<string, string>): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? tempDataDir();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (!(await answers(`${url}/healthz`))) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before listening:\n${out}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in time:\n${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    dataDir,
    child,
    output: () => out,
    logLine(...needles) {
      const line = out.split("\n").find((l) => needles.every((n) => l.includes(n)));
      return line ? JSON.parse(line) : undefined;
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url);
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}
