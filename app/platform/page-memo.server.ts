import { createHash } from "node:crypto";

/** Pages of one process remembered by the state they were rendered from (ADR 0044). */
export type PageMemo = {
  /** The page remembered under `key`, carrying this request's `nonce`; undefined when none is. */
  recall(key: string, nonce: string): Buffer<ArrayBuffer> | undefined;
  /** Remembers `html`, rendered with `nonce`, under `key`; the least recently recalled pages make room. */
  remember(key: string, html: Buffer, nonce: string): void;
};

type Page = { parts: Buffer[]; bytes: number };

/**
 * A page rendered from the same state is the same HTML but for its CSP nonce: it is kept split at the
 * nonce, and each request gets it joined with its own. At most `maxBytes` of pages are kept.
 */
export function pageMemo(maxBytes: number): PageMemo {
  const pages = new Map<string, Page>();
  let kept = 0;
  return {
    recall(key, nonce) {
      const page = pages.get(key);
      if (!page) return undefined;
      // Map keeps insertion order: moved to the end, it is the last to make room.
      pages.delete(key);
      pages.set(key, page);
      const mark = Buffer.from(nonce);
      const joined: Buffer[] = [];
      for (const [i, part] of page.parts.entries()) {
        if (i > 0) joined.push(mark);
        joined.push(part);
      }
      return Buffer.concat(joined);
    },
    remember(key, html, nonce) {
      // One page may not take more than a quarter of the room; without a nonce there is nothing to split at.
      if (html.length > maxBytes / 4 || pages.has(key) || nonce === "") return;
      const page = { parts: splitAt(html, Buffer.from(nonce)), bytes: html.length };
      for (const [oldest, old] of pages) {
        if (kept + page.bytes <= maxBytes) break;
        pages.delete(oldest);
        kept -= old.bytes;
      }
      pages.set(key, page);
      kept += page.bytes;
    },
  };
}

function splitAt(html: Buffer, mark: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(mark); at !== -1; at = html.indexOf(mark, from)) {
    parts.push(html.subarray(from, at));
    from = at + mark.length;
  }
  parts.push(html.subarray(from));
  // Copied out of the render's buffer, so only what is kept stays in memory.
  return parts.map((part) => Buffer.from(part));
}

class NoExactText extends Error {}

/**
 * SHA-256 of `state` written out so that two states give one text only when they are equal: dates, maps,
 * sets, big integers, undefined and non-finite numbers each keep their kind. Null when the state holds a
 * value with no such text (a class instance, a function, a promise): that page is rendered every time.
 */
export function pageStateKey(state: unknown): string | null {
  try {
    return createHash("sha256").update(JSON.stringify(state, exactly)).digest("base64url");
  } catch (err) {
    if (err instanceof NoExactText) return null;
    throw err;
  }
}

// Kinds JSON would lose are written as arrays tagged with a NUL, which PostgreSQL's text never holds.
function exactly(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) return ["\u0000date", raw.getTime()];
  if (raw instanceof Map) return ["\u0000map", [...raw]];
  if (raw instanceof Set) return ["\u0000set", [...raw]];
  switch (typeof value) {
    case "undefined":
      return ["\u0000undefined"];
    case "bigint":
      return ["\u0000bigint", value.toString()];
    case "number":
      return Number.isFinite(value) ? value : ["\u0000number", String(value)];
    case "function":
    case "symbol":
      throw new NoExactText();
    case "object": {
      if (value === null || Array.isArray(value)) return value;
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) throw new NoExactText();
      return value;
    }
    default:
      return value;
  }
}
