import { describe, expect, it } from "vitest";
import { safeReturnTo, signInPath } from "~/lib/return-to";

describe("safeReturnTo", () => {
  it.each([
    ["/sales", "/sales"],
    ["/properties/1/products?x=1#top", "/properties/1/products?x=1#top"],
  ])("keeps a path on this site: %s", (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "",
    null,
    "/auth",
    "/api/auth/sign-out",
  ])("falls back to the dashboard for %s", (value) => {
    expect(safeReturnTo(value)).toBe("/dashboard");
  });
});

describe("signInPath", () => {
  it("remembers the page asked for, and keeps /auth plain for the dashboard", () => {
    expect(signInPath("/sales?page=2")).toBe("/auth?redirectTo=%2Fsales%3Fpage%3D2");
    expect(signInPath("/dashboard")).toBe("/auth");
  });
});
