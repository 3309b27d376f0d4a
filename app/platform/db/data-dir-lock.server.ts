import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
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
  mkdirSync(dir, { recursive: true });
  const lockPath = lockFilePath(dir);
  const me: Holder = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    host: hostname(),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(lockPath, me)) {
      return { path: lockPath, release: () => releaseIfOurs(lockPath) };
    }
    const holder = readHolder(lockPath);
    if (holder === "missing") continue;
    if (holder !== "unreadable" && isAlive(holder)) throw new DataDirLockedError(dir, holder);
    takeOverStale(lockPath, holder);
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

/** Moves the stale lock aside atomically; if a live process won the race meanwhile, its lock is put back. */
function takeOverStale(lockPath: string, seen: Holder | "unreadable"): void {
  const aside = `${lockPath}.${process.pid}.stale`;
  try {
    renameSync(lockPath, aside);
  } catch (err) {
    if (errno(err) === "ENOENT") return;
    throw err;
  }
  const moved = readHolder(aside);
  const sameAsSeen = typeof moved === "object" && typeof seen === "object" && moved.pid === seen.pid;
  if (typeof moved === "object" && !sameAsSeen && isAlive(moved)) {
    try {
      linkSync(aside, lockPath);
    } catch {
      // Someone else holds it now; our next attempt will see them.
    }
  }
  unlinkSync(aside);
}

function releaseIfOurs(lockPath: string): void {
  const holder = readHolder(lockPath);
  if (typeof holder === "object" && holder.pid === process.pid && holder.host === hostname()) {
    unlinkSync(lockPath);
  }
}

function readHolder(file: string): Holder | "missing" | "unreadable" {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if (errno(err) === "ENOENT") return "missing";
    throw err;
  }
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
