import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_MARKER, isBuildStale } from "../../scripts/build-freshness.js";

// Fixed, whole-second times far from "now", so file system timestamp precision cannot blur the order.
const SOURCES_TIME = new Date("2024-01-01T10:00:00Z");
const BUILD_TIME = new Date("2024-01-01T11:00:00Z");
const LATER = new Date("2024-01-01T12:00:00Z");

const SOURCE_FILES = [
  "app/root.tsx",
  "app/routes/home.tsx",
  "app/platform/db/schema/leads.ts",
  "server/app.ts",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

let root: string;

function write(relative: string, content = "x"): string {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

/** Sets the mtime of everything under `relative` (directories included) to `time`. */
function setTimes(relative: string, time: Date): void {
  const target = path.join(root, relative);
  if (statSync(target).isDirectory()) {
    for (const entry of readdirSync(target)) setTimes(path.join(relative, entry), time);
  }
  utimesSync(target, time, time);
}

function buildAt(time: Date): void {
  write(BUILD_MARKER, "export default {}");
  setTimes("build", time);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "estadia-build-"));
  for (const file of SOURCE_FILES) write(file);
  write("tests/unit/some.test.ts");
  write("README.md");
  for (const entry of readdirSync(root)) setTimes(entry, SOURCES_TIME);
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("isBuildStale", () => {
  it("is stale when there is no build", () => {
    expect(isBuildStale(root)).toBe(true);
  });

  it("is stale when build/ exists without the server bundle", () => {
    mkdirSync(path.join(root, "build/client"), { recursive: true });
    expect(isBuildStale(root)).toBe(true);
  });

  it("is fresh when the build is newer than every source", () => {
    buildAt(BUILD_TIME);
    expect(isBuildStale(root)).toBe(false);
  });

  it("is stale when the build is older than the sources", () => {
    buildAt(new Date("2024-01-01T09:00:00Z"));
    expect(isBuildStale(root)).toBe(true);
  });

  it.each(SOURCE_FILES)("is stale when %s is touched after the build", (file) => {
    buildAt(BUILD_TIME);
    utimesSync(path.join(root, file), LATER, LATER);
    expect(isBuildStale(root)).toBe(true);
  });

  it("is stale when a source file is added after the build", () => {
    buildAt(BUILD_TIME);
    write("app/routes/new-page.tsx");
    expect(isBuildStale(root)).toBe(true);
  });

  it("is stale when a source file is deleted after the build", () => {
    buildAt(BUILD_TIME);
    unlinkSync(path.join(root, "app/routes/home.tsx"));
    expect(isBuildStale(root)).toBe(true);
  });

  it("ignores files that are not build inputs", () => {
    buildAt(BUILD_TIME);
    utimesSync(path.join(root, "README.md"), LATER, LATER);
    utimesSync(path.join(root, "tests/unit/some.test.ts"), LATER, LATER);
    expect(isBuildStale(root)).toBe(false);
  });

  it("does not require every source to exist", () => {
    rmSync(path.join(root, "vite.config.ts"));
    rmSync(path.join(root, "server"), { recursive: true });
    buildAt(BUILD_TIME);
    expect(isBuildStale(root)).toBe(false);
  });
});
