// The money areas import one another in one direction, written in app/domain/README.md (ADR 0052), and no
// areas of app/domain import one another in a circle. Type-only imports count: a type that makes an area
// need another is a dependency too. (TypeScript 7 has no compiler API in JavaScript: the statements are read
// here, as Biome formats them, one `import`/`export … from` per statement at the start of a line.)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DOMAIN = path.resolve("app/domain");

/**
 * Known imports that close a circle, each with why it stays. An entry that no longer exists fails the test,
 * so the list only shrinks.
 */
const KNOWN_CYCLE_EDGES: Record<string, string> = {
  // A product's new cost is adopted, in the same transaction, by its stock rows that have none (ADR 0023),
  // while stock reads the catalogue; left as it was before issue 45.
  "catalog -> stock": "catalog/products.server.ts -> stock/average-cost.server.ts",
};

type Edge = { from: string; to: string; file: string; target: string };

/** Every import of one app/domain area from another: `from` and `to` are area names. */
function areaImports(): Edge[] {
  const edges: Edge[] = [];
  const files = readdirSync(DOMAIN, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
  for (const file of files) {
    const source = readFileSync(path.join(DOMAIN, file), "utf8");
    for (const spec of importsOf(source)) {
      const target = spec.startsWith("~/domain/")
        ? spec.slice("~/domain/".length)
        : spec.startsWith(".")
          ? path.relative(DOMAIN, path.resolve(DOMAIN, path.dirname(file), spec))
          : null;
      if (target === null || target.startsWith("..")) continue;
      const from = areaOf(file);
      const to = areaOf(target);
      if (from !== to) edges.push({ from, to, file, target: `${target}.ts` });
    }
  }
  return edges;
}

/** What a module imports or re-exports from, statically or dynamically. */
function importsOf(source: string): string[] {
  const statements =
    /^\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|^\s*import\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/gm;
  return [...source.matchAll(statements)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
}

/** A file's area: its folder under app/domain; a file at the root (errors.ts) is shared by every area. */
const areaOf = (file: string) => (file.includes("/") ? (file.split("/")[0] ?? "") : "");

/** The money areas in their written order: each imports only those after it. */
function writtenDirection(): string[] {
  const readme = readFileSync(path.join(DOMAIN, "README.md"), "utf8");
  const line = /The money areas, each importing only those after it: `([^`]+)`/.exec(readme)?.[1];
  if (!line) throw new Error("app/domain/README.md no longer writes the money areas' direction");
  return line.split(" → ");
}

/** The sets of areas that import one another in a circle (Tarjan's strongly connected components). */
function circles(edges: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (area: string) => {
    index.set(area, index.size);
    low.set(area, index.get(area) ?? 0);
    stack.push(area);
    for (const to of next.get(area) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(area, Math.min(low.get(area) ?? 0, low.get(to) ?? 0));
      } else if (stack.includes(to)) low.set(area, Math.min(low.get(area) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(area) === index.get(area)) {
      const circle: string[] = [];
      for (let top = stack.pop(); top !== undefined; top = top === area ? undefined : stack.pop())
        circle.push(top);
      if (circle.length > 1) found.push(circle.sort());
    }
  };
  for (const area of next.keys()) if (!index.has(area)) visit(area);
  return found;
}

describe("the money areas' direction (ADR 0052)", () => {
  const edges = areaImports();
  const direction = writtenDirection();

  it("is written as areas that exist", () => {
    const areas = new Set(
      readdirSync(DOMAIN, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? [d.name] : [])),
    );
    expect(direction.filter((area) => !areas.has(area))).toEqual([]);
    expect(direction.length).toBeGreaterThan(4);
  });

  it("is followed: a money area imports only the money areas after it", () => {
    const rank = (area: string) => direction.indexOf(area);
    const against = edges
      .filter((e) => rank(e.from) >= 0 && rank(e.to) >= 0 && rank(e.to) < rank(e.from))
      .map((e) => `${e.file} -> ${e.target}`);
    expect(against).toEqual([]);
  });

  it("leaves no circle among app/domain's areas but the known ones, each still there", () => {
    const known = (e: Edge) => KNOWN_CYCLE_EDGES[`${e.from} -> ${e.to}`] === `${e.file} -> ${e.target}`;
    expect(circles(edges.filter((e) => !known(e)))).toEqual([]);
    const present = Object.keys(KNOWN_CYCLE_EDGES).filter((key) =>
      edges.some((e) => known(e) && key === `${e.from} -> ${e.to}`),
    );
    expect(present).toEqual(Object.keys(KNOWN_CYCLE_EDGES));
  });

  it("keeps the files shared by every area (at app/domain's root) free of any area", () => {
    expect(edges.filter((e) => e.from === "").map((e) => `${e.file} -> ${e.target}`)).toEqual([]);
  });
});
