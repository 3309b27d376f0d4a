import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { PRIVATE_DIR_MODE } from "../private-files.server";
import { StartupError } from "../startup-error.server";

// PGlite has no lock between processes: two writers silently lose data. This file is that lock.

type Holder = { pid: number; startTime: string | null; host: string; since: string };

export class DataDirLockedError extends StartupError {
  override name = "DataDirLockedError";
  constructor(
    readonly dir: string,
    readonly holder: Holder,
  ) {
    super(
      `The data folder ${dir} is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}). ` +
        "Stop that process first, or point DATA_DIR elsewhere. Nothing was written.",
    );
  }
}

export type DataDirLock = { path: string; release(): void };

export function lockFilePath(dir: string): string {
  return path.join(dir, "db.lock");
}

/** Takes the folder for this process, or throws DataDirLockedError; a lock left by a dead process is taken over. */
export function acquireDataDirLock(dir: string): DataDirLock {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const lockPath = lockFilePath(dir);
  const me: Holder = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    host: hostname(),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 50; attempt++) {
    if (tryCreate(lockPath, me)) {
      return { path: lockPath, release: () => releaseIfOurs(lockPath) };
    }
    const seen = readRaw(lockPath);
    if (seen === null) continue;
    const holder = parseHolder(seen);
    if (holder !== "unreadable" && isAlive(holder)) throw new DataDirLockedError(dir, holder);
    if (!removeStale(lockPath, seen, me)) sleep(10);
  }
  throw new StartupError(`Could not lock the data folder ${dir}: another process keeps taking it.`);
}

/** Writes a complete file first and links it in place, so nobody ever reads a half-written lock. */
function tryCreate(lockPath: string, me: Holder): boolean {
  const tmp = `${lockPath}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(me));
  try {
    linkSync(tmp, lockPath);
    return true;
  } catch (err) {
    if (errno(err) === "EEXIST") return false;
    throw err;
  } finally {
    unlinkSync(tmp);
  }
}

/**
 * Removes a lock left by a dead process, if it is still the very one we read. Racers take turns through a
 * second lock file, so none can remove a lock another has just created (moving it aside, even for a
 * moment, let a third process in). False when another process is taking over: wait and look again.
 */
function removeStale(lockPath: string, seen: string, me: Holder): boolean {
  const turn = `${lockPath}.takeover`;
  if (!tryCreate(turn, me)) {
    // Left by a process that died while taking over: clear it so the folder does not stay locked forever.
    const holder = readRaw(turn);
    const parsed = holder === null ? "unreadable" : parseHolder(holder);
    if (parsed !== "unreadable" && !isAlive(parsed)) unlinkQuietly(turn);
    return false;
  }
  try {
    if (readRaw(lockPath) === seen) unlinkQuietly(lockPath);
  } finally {
    unlinkQuietly(turn);
  }
  return true;
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if (errno(err) !== "ENOENT") throw err;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function releaseIfOurs(lockPath: string): void {
  const holder = readHolder(lockPath);
  if (typeof holder === "object" && holder.pid === process.pid && holder.host === hostname()) {
    unlinkSync(lockPath);
  }
}

function readHolder(file: string): Holder | "missing" | "unreadable" {
  const text = readRaw(file);
  return text === null ? "missing" : parseHolder(text);
}

function readRaw(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    if (errno(err) === "ENOENT") return null;
    throw err;
  }
}

function parseHolder(text: string): Holder | "unreadable" {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (typeof value.pid !== "number") return "unreadable";
    return {
      pid: value.pid,
      startTime: value.startTime ?? null,
      host: value.host ?? "unknown",
      since: value.since ?? "unknown",
    };
  } catch {
    return "unreadable";
  }
}

function isAlive(holder: Holder): boolean {
  // A process on another machine sharing the folder cannot be checked from here: assume it is alive.
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if (errno(err) === "ESRCH") return false;
  }
  // The pid may have been reused by an unrelated process since (e.g. after a reboot).
  const now = processStartTime(holder.pid);
  return holder.startTime === null || now === null || now === holder.startTime;
}

/** Linux: field 22 of /proc/<pid>/stat, the process start time in clock ticks since boot. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function errno(err: unknown): string | undefined {
  return err instanceof Error && "code" in err ? String(err.code) : undefined;
}
