import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** The first JSON log line containing every needle, parsed; undefined until it arrives. */
  logLine(...needles: string[]): Record<string, unknown> | undefined;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
};

export type Exited = { code: number | null; stdout: string; stderr: string };

/**
 * A production deployment must offer a real provider (the sandbox never runs there): Mercado Pago's
 * application credentials, pointing at an address where nothing answers. No test here charges with them.
 */
export const PRODUCTION_PAYMENTS = {
  MERCADOPAGO_CLIENT_ID: "1234567890123456",
  MERCADOPAGO_CLIENT_SECRET: "test-client-secret-0123456789",
  MERCADOPAGO_PUBLIC_KEY: "TEST-public-key-0123456789",
  MERCADOPAGO_WEBHOOK_SECRET: "test-webhook-secret-0123456789",
  MERCADOPAGO_API_URL: "http://127.0.0.1:9",
  MERCADOPAGO_AUTH_URL: "http://127.0.0.1:9",
};

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "estadia-test-"));
}

const START_WORDS = String(
  JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start,
).split(/\s+/);
/** The Node flags that `npm start` gives the server (package.json's start script). */
const START_FLAGS = START_WORDS.filter((word) => word.startsWith("--"));
/** The environment the start script sets before `node` (glibc's malloc reads it as the process starts). */
const START_ENV = Object.fromEntries(
  START_WORDS.slice(0, START_WORDS.indexOf("node")).map((word) => word.split("=", 2)),
);

function spawnBuilt(env: Record<string, string | undefined>): ChildProcess {
  // The built server, exactly as `npm start` runs it (tests build first: see scripts/test-all.js).
  return spawn(process.execPath, [...START_FLAGS, "server.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      // Tests start on an empty database and make what they need (ADR 0018); the demo test turns it on.
      DEMO_DATA: "off",
      // The key the test process sealed its fixtures' credentials with (vitest.config.ts), so the server
      // opens them; required in production anyway.
      ENCRYPTION_KEY: process.env.ENCRYPTION_KEY,
      ...START_ENV,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/**
 * Starts the built app and waits until it listens; rejects with its output if it exits first. A PORT in
 * `env` is used (a test that must name the server's address before it starts picks it first).
 */
export async function startServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? tempDataDir();
  const child = spawnBuilt({ ...env, PORT: String(port), DATA_DIR: dataDir });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // Ready means answering /healthz, whatever LOG_LEVEL hides. A slow CI machine running the other suites
  // beside this one can take well over 30 s to start a server: a hang still fails, inside the 60 s hook.
  const deadline = Date.now() + 55_000;
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

/** Runs the built app expecting it to refuse to start; resolves with how it exited. */
export function runServerExpectingExit(env: Record<string, string | undefined>): Promise<Exited> {
  const child = spawnBuilt(env);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => {
    stdout += d;
  });
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server kept running:\n${stdout}${stderr}`));
    }, 30_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
