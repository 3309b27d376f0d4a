// One kind→status table for every refusal (routes/refusal.server.ts): what `refused` answers for each kind,
// and a scan of every route and server file that fails when one maps a refusal to a status of its own.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError, type AppErrorKind, refusalOf } from "~/domain/errors";
import { refused, STATUS_OF_KIND, statusOf } from "~/routes/refusal.server";

const KINDS = Object.keys(STATUS_OF_KIND) as AppErrorKind[];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "+types" ? [] : filesUnder(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The body of every `catch (…) { … }` block of a source text (braces balanced). */
function catchBlocks(source: string): string[] {
  const blocks: string[] = [];
  for (const match of source.matchAll(/catch\s*(\([^)]*\))?\s*\{/g)) {
    let depth = 1;
    let i = (match.index ?? 0) + match[0].length;
    const start = i;
    while (depth > 0 && i < source.length) {
      if (source[i] === "{") depth += 1;
      else if (source[i] === "}") depth -= 1;
      i += 1;
    }
    blocks.push(source.slice(start, i - 1));
  }
  return blocks;
}

describe("the refusal table", () => {
  it("answers each kind with its one status, the message and the field messages", async () => {
    for (const kind of KINDS) {
      const answer = refused(new AppError(kind, `Recusado: ${kind}`, { campo: "Confira" }));
      expect(answer.init?.status, kind).toBe(STATUS_OF_KIND[kind]);
      expect(answer.data).toEqual({
        ok: false,
        message: `Recusado: ${kind}`,
        fieldErrors: { campo: "Confira" },
      });
    }
    expect(STATUS_OF_KIND).toMatchObject({
      invalid: 400,
      unauthenticated: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      rate_limited: 429,
    });
  });

  it("tells a limited caller when to come back (Retry-After, in whole seconds)", () => {
    const limited = new AppError("rate_limited", "Muitas tentativas.", undefined, {
      retryAfterSeconds: 61.2,
    });
    expect(statusOf(limited)).toBe(429);
    expect(new Headers(refused(limited).init?.headers).get("Retry-After")).toBe("62");
  });

  it("throws on anything that is not a refusal (a bug goes to the error page, never a 4xx)", () => {
    const bug = new TypeError("boom");
    expect(() => refusalOf(bug)).toThrow(bug);
    expect(() => refused(bug)).toThrow(bug);
    expect(() => statusOf("texto")).toThrow();
  });
});

describe("routes answer refusals only through the table", () => {
  const files = [...filesUnder("app/routes"), ...filesUnder("server")].filter(
    (file) => !file.endsWith(path.join("routes", "refusal.server.ts")),
  );

  it("finds the files it scans", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("keeps no other kind→status map and no status chosen by kind", () => {
    const offenders = files.filter((file) => {
      const source = readFileSync(file, "utf8");
      return (
        /Record<AppErrorKind/.test(source) ||
        /\.kind\s*===?\s*"[a-z_]+"\s*\?\s*\d{3}/.test(source) ||
        /STATUS\[\s*\w+\.kind\s*\]/.test(source)
      );
    });
    expect(offenders).toEqual([]);
  });

  it("catches a refusal with refusalOf and answers it with statusOf or refused, never a status of its own", () => {
    const offenders: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      if (/instanceof AppError/.test(source)) offenders.push(`${file}: instanceof AppError`);
      for (const block of catchBlocks(source)) {
        if (!/refusalOf\(/.test(block)) continue;
        // A status written out is allowed only as the table's own for a kind the block names (a not_found
        // that becomes the 404 page), or a redirect (3xx) to another step.
        const named = [...block.matchAll(/kind\s*[!=]==?\s*"([a-z_]+)"/g)].map((m) => m[1] as AppErrorKind);
        for (const [, written] of block.matchAll(/status:\s*(\d{3})/g)) {
          const status = Number(written);
          if (status >= 300 && status < 400) continue;
          if (!named.some((kind) => STATUS_OF_KIND[kind] === status)) offenders.push(`${file}: ${status}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
