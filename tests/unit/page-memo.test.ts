// ADR 0044: pages remembered by the state they were rendered from. Two states share a key only when equal,
// and a remembered page is handed out with the asking request's nonce.
import { describe, expect, it } from "vitest";
import { pageMemo, pageStateKey } from "~/platform/page-memo.server";

describe("pageStateKey", () => {
  it("is the same for equal states, however they were built", () => {
    const a = { rows: [{ id: "1", at: new Date(5) }], total: 3 };
    const b = { rows: [{ id: "1", at: new Date(5) }], total: 3 };
    expect(pageStateKey(a)).toBe(pageStateKey(b));
  });

  it.each([
    ["a date and its text", { at: new Date(0) }, { at: new Date(0).toISOString() }],
    ["a map and an empty object", { m: new Map([["a", 1]]) }, { m: {} }],
    ["two maps", { m: new Map([["a", 1]]) }, { m: new Map([["a", 2]]) }],
    ["a set and an array", { s: new Set([1]) }, { s: [1] }],
    ["undefined and a missing field", { a: undefined }, {}],
    ["undefined and null in a list", { a: [undefined] }, { a: [null] }],
    ["a non-finite number and null", { n: Number.NaN }, { n: null }],
    ["a big integer and its text", { n: 10n }, { n: "10" }],
  ])("tells %s apart", (_, one, other) => {
    expect(pageStateKey(one)).not.toBe(pageStateKey(other));
  });

  it.each([
    ["a class instance", { v: new (class Money {})() }],
    ["a function", { f: () => 1 }],
    ["a promise", { p: Promise.resolve(1) }],
  ])("gives no key to a state holding %s", (_, state) => {
    expect(pageStateKey(state)).toBeNull();
  });
});

describe("pageMemo", () => {
  const page = (nonce: string, filler = "") =>
    Buffer.from(`<link nonce="${nonce}"/><p>${filler}</p><script nonce="${nonce}"></script>`);

  it("hands a page back with the asking request's nonce wherever the rendering one was", () => {
    const memo = pageMemo(1024);
    memo.remember("k", page("OLD"), "OLD");
    expect(memo.recall("k", "NEW")?.toString()).toBe(page("NEW").toString());
    expect(memo.recall("other", "NEW")).toBeUndefined();
  });

  it("makes room by letting go of the page recalled least recently", () => {
    const memo = pageMemo(1000);
    // Four pages of 231 bytes fit in 1,000; a fifth does not.
    for (const key of ["a", "b", "c", "d"]) memo.remember(key, page("N", "x".repeat(180)), "N");
    memo.recall("a", "N");
    memo.remember("e", page("N", "x".repeat(180)), "N");
    expect(memo.recall("b", "N")).toBeUndefined();
    for (const key of ["a", "c", "d", "e"]) expect(memo.recall(key, "N")).toBeDefined();
  });

  it("keeps no page bigger than a quarter of its room", () => {
    const memo = pageMemo(1000);
    memo.remember("big", page("N", "x".repeat(300)), "N");
    expect(memo.recall("big", "N")).toBeUndefined();
  });

  it("keeps no page rendered without a nonce, which it could not hand out with another", () => {
    const memo = pageMemo(1000);
    memo.remember("k", page(""), "");
    expect(memo.recall("k", "NEW")).toBeUndefined();
  });
});
