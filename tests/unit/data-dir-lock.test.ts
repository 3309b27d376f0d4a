import { type ChildProcess, spawn } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, lockFilePath } from "~/platform/db/data-dir-lock.server";
import { StartupError } from "~/platform/startup-error.server";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const lockModule = path.join(repoRoot, "app/platform/db/data-dir-lock.server.ts");

// A real separate process that takes the lock when told "go" on stdin and holds it for HOLD_MS.
const RUNNER = `
import { acquireDataDirLock } from ${JSON.stringify(pathToFileURL(lockModule).href)};
const [dir, holdMs] = process.argv.slice(2);
process.stdout.write("ready\\n");
process.stdin.once("data", () => {
  try {
    const lock = acquireDataDirLock(dir);
    process.stdout.write("acquired\\n");
    setTimeout(() => { lock.release(); process.exit(0); }, Number(holdMs));
  } catch (err) {
    process.stdout.write(err.name + "\\n");
    process.exit(0);
  }
});
`;

type Runner = { child: ChildProcess; pid: number; next(): Promise<string>; exited: Promise<void> };

let runnerDir: string;
let runnerFile: string;
const children: ChildProcess[] = [];
let dir: string;

function startRunner(lockDir: string, holdMs: number): Runner {
  const child = spawn(process.execPath, ["--import", "tsx", runnerFile, lockDir, String(holdMs)], {
    cwd: repoRoot,
    stdio: ["pipe", "pipe", "inherit"],
  });
  children.push(child);
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
    const waiter = waiting.shift();
    if (waiter) waiter(line);
    else lines.push(line);
  });
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const line = lines.shift();
      if (line !== undefined) return resolve(line);
      waiting.push(resolve);
      exited.then(() => reject(new Error(`runner ${child.pid} exited before printing a line`)));
    });
  return { child, pid: child.pid as number, next, exited };
}

async function holdInChild(lockDir: string): Promise<Runner> {
  const runner = startRunner(lockDir, 60_000);
  expect(await runner.next()).toBe("ready");
  runner.child.stdin?.write("go\n");
  expect(await runner.next()).toBe("acquired");
  return runner;
}

/** The pid of a process that has come and gone. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid as number;
}

function writeLock(lockDir: string, record: unknown): void {
  writeFileSync(lockFilePath(lockDir), typeof record === "string" ? record : JSON.stringify(record));
}

function readLock(lockDir: string): { pid: number; startTime: string | null; host: string; since: string } {
  return JSON.parse(readFileSync(lockFilePath(lockDir), "utf8"));
}

function snapshot(lockDir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(lockDir).map((f) => [f, readFileSync(path.join(lockDir, f), "utf8")]),
  );
}

function lockedError(fn: () => unknown): DataDirLockedError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DataDirLockedError);
    return err as DataDirLockedError;
  }
  throw new Error("the lock was granted");
}

beforeAll(() => {
  runnerDir = mkdtempSync(path.join(tmpdir(), "estadia-lock-runner-"));
  runnerFile = path.join(runnerDir, "runner.ts");
  writeFileSync(runnerFile, RUNNER);
});

afterAll(() => {
  rmSync(runnerDir, { recursive: true, force: true });
});

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "estadia-lock-"));
});

afterEach(async () => {
  await Promise.all(
    children.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }),
  );
  rmSync(dir, { recursive: true, force: true });
});

describe("acquireDataDirLock", () => {
  it("creates the lock file naming this process, and nothing else", () => {
    const lock = acquireDataDirLock(dir);
    expect(lock.path).toBe(path.join(dir, "db.lock"));
    expect(lockFilePath(dir)).toBe(lock.path);
    const record = readLock(dir);
    expect(record.pid).toBe(process.pid);
    expect(record.host).toBe(hostname());
    expect(record.startTime).toMatch(/^\d+$/);
    expect(Number.isNaN(Date.parse(record.since))).toBe(false);
    expect(readdirSync(dir)).toEqual(["db.lock"]);
    lock.release();
  });

  it("creates the folder when it does not exist", () => {
    const nested = path.join(dir, "a", "b");
    const lock = acquireDataDirLock(nested);
    expect(readLock(nested).pid).toBe(process.pid);
    lock.release();
  });

  it("refuses a second acquire while the holder is alive, naming the folder and pid, and changes nothing", () => {
    const lock = acquireDataDirLock(dir);
    writeFileSync(path.join(dir, "data.bin"), "precious");
    const before = snapshot(dir);

    const err = lockedError(() => acquireDataDirLock(dir));
    expect(err).toBeInstanceOf(StartupError);
    expect(err.name).toBe("DataDirLockedError");
    expect(err.message).toContain(dir);
    expect(err.message).toContain(`process ${process.pid}`);
    expect(err.message).toContain("Nothing was written");
    expect(err.holder.pid).toBe(process.pid);
    expect(snapshot(dir)).toEqual(before);
    lock.release();
  });

  it("refuses while another live process holds the lock, and takes over once it dies without releasing", async () => {
    const holder = await holdInChild(dir);
    expect(readLock(dir).pid).toBe(holder.pid);

    const err = lockedError(() => acquireDataDirLock(dir));
    expect(err.message).toContain(`process ${holder.pid}`);
    expect(readLock(dir).pid).toBe(holder.pid);

    holder.child.kill("SIGKILL");
    await holder.exited;
    expect(readLock(dir).pid).toBe(holder.pid); // left behind

    const lock = acquireDataDirLock(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock left by a process that has exited", async () => {
    const pid = await deadPid();
    writeLock(dir, { pid, startTime: null, host: hostname(), since: new Date().toISOString() });

    const lock = acquireDataDirLock(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    expect(readdirSync(dir)).toEqual(["db.lock"]);
    lock.release();
  });

  it("takes over a lock whose pid is alive but was reused by another process (start time differs)", () => {
    writeLock(dir, { pid: process.ppid, startTime: "1", host: hostname(), since: new Date().toISOString() });

    const lock = acquireDataDirLock(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    expect(readdirSync(dir)).toEqual(["db.lock"]);
    lock.release();
  });

  it("respects a live pid when the lock has no recorded start time", () => {
    writeLock(dir, {
      pid: process.ppid,
      startTime: null,
      host: hostname(),
      since: "2024-01-01T00:00:00.000Z",
    });
    const before = snapshot(dir);

    const err = lockedError(() => acquireDataDirLock(dir));
    expect(err.holder.pid).toBe(process.ppid);
    expect(snapshot(dir)).toEqual(before);
  });

  it.each([
    ["garbage", "this is not json"],
    ["an empty file", ""],
    ["JSON without a pid", JSON.stringify({ host: "x" })],
  ])("takes over a lock file holding %s", (_label, content) => {
    writeLock(dir, content);

    const lock = acquireDataDirLock(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    expect(readdirSync(dir)).toEqual(["db.lock"]);
    lock.release();
  });

  it("refuses a lock recorded for another host, even if that pid is not running here", async () => {
    const pid = await deadPid();
    writeLock(dir, { pid, startTime: null, host: "other-machine", since: "2024-01-01T00:00:00.000Z" });
    const before = snapshot(dir);

    const err = lockedError(() => acquireDataDirLock(dir));
    expect(err.message).toContain("other-machine");
    expect(err.message).toContain(`process ${pid}`);
    expect(err.holder.host).toBe("other-machine");
    expect(snapshot(dir)).toEqual(before);
  });
});

describe("DataDirLock.release", () => {
  it("removes the lock, so the folder can be taken again", () => {
    const lock = acquireDataDirLock(dir);
    lock.release();
    expect(existsSync(lockFilePath(dir))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);

    const again = acquireDataDirLock(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    again.release();
  });

  it("does not remove a lock that another process holds now", async () => {
    const lock = acquireDataDirLock(dir);
    unlinkSync(lockFilePath(dir)); // e.g. removed by hand while we ran
    const other = await holdInChild(dir);

    lock.release();
    expect(readLock(dir).pid).toBe(other.pid);
  });
});

describe("acquireDataDirLock across processes", () => {
  it("lets exactly one of several processes racing for a stale lock acquire it", async () => {
    writeLock(dir, {
      pid: await deadPid(),
      startTime: null,
      host: hostname(),
      since: new Date().toISOString(),
    });
    const runners = Array.from({ length: 8 }, () => startRunner(dir, 1_500));
    for (const runner of runners) expect(await runner.next()).toBe("ready");

    for (const runner of runners) runner.child.stdin?.write("go\n");
    const results = await Promise.all(runners.map((runner) => runner.next()));

    expect(results.filter((r) => r === "acquired")).toHaveLength(1);
    expect(results.filter((r) => r === "DataDirLockedError")).toHaveLength(runners.length - 1);
    const winner = runners[results.indexOf("acquired")];
    expect(readLock(dir).pid).toBe(winner?.pid);

    await Promise.all(runners.map((runner) => runner.exited));
    expect(readdirSync(dir)).toEqual([]);
  }, 20_000);
});
