import { describe, expect, it } from "vitest";
import { shortId } from "~/lib/short-id";

describe("shortId", () => {
  it("returns the first 8 characters of a uuid", () => {
    expect(shortId("3f2b8c1e-9a4d-4e7b-8f6a-1c2d3e4f5a6b")).toBe("3f2b8c1e");
  });

  it("returns an 8-character id unchanged", () => {
    expect(shortId("abcdefgh")).toBe("abcdefgh");
  });

  it("returns shorter strings whole", () => {
    expect(shortId("abc")).toBe("abc");
    expect(shortId("")).toBe("");
  });

  it("cuts a 9-character id to 8", () => {
    expect(shortId("123456789")).toBe("12345678");
  });
});
