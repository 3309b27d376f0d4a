import { describe, expect, it } from "vitest";
import { safeReturnTo, signInPath } from "~/lib/return-to";

const SITE = "https://estadia.example.com";

/** Where a browser on this site goes when it follows a redirect to `location`. */
const followed = (location: string) => new URL(location, `${SITE}/auth`);

describe("safeReturnTo", () => {
  it.each([
    ["/sales", "/sales"],
    ["/properties/1/products?x=1#top", "/properties/1/products?x=1#top"],
    ["/sales?status=paid&from=2026-01-01", "/sales?status=paid&from=2026-01-01"],
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

  // Each of these is text that starts with one slash but that a URL parser or a browser may read as
  // another site: dot segments, encoded slashes and dots, backslashes, tabs and newlines.
  it.each([
    "/..//evil.example/phish",
    "/../..//evil.example",
    "/.//evil.example",
    "/.%2e//evil.example",
    "/%2e%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/..//evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/ /evil.example",
    "/\u0000/evil.example",
    "/%00/evil.example",
    "/%0a/evil.example",
    "/%09/evil.example",
    "/..%2f/evil.example",
    "/..\\/evil.example",
    "/%ff",
    "/sales\u2028",
  ])("never lets out a way to another site: %j", (value) => {
    const target = safeReturnTo(value);
    expect(followed(target).origin).toBe(SITE);
    expect(target).toMatch(/^\/(?![/\\])/);
    expect(decodeURIComponent(target)).not.toMatch(/^\/[/\\]|[\\\p{Cc}]/u);
  });

  it("refuses those outright rather than guessing a page from them", () => {
    expect(safeReturnTo("/..//evil.example/phish")).toBe("/dashboard");
    expect(safeReturnTo("/%2F%2Fevil.example")).toBe("/dashboard");
    expect(safeReturnTo("/\t/evil.example")).toBe("/dashboard");
  });

  // A session that ends during a data request is sent to /auth with the data URL it was loading.
  it.each([
    ["/products.data", "/products"],
    ["/products.data?_routes=routes%2Fbackoffice%2Fproducts", "/products"],
    ["/sales.data?status=paid&_routes=routes%2Fbackoffice%2Fsales", "/sales?status=paid"],
    ["/properties/1/products.data?_routes=a,b", "/properties/1/products"],
    ["/_root.data", "/"],
    ["/sales?_routes=routes%2Fbackoffice%2Fsales", "/sales"],
  ])("returns to the page, not its data URL: %s", (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it("keeps the CSV download, which is a page of its own", () => {
    expect(safeReturnTo("/sales.csv?status=paid")).toBe("/sales.csv?status=paid");
  });
});

describe("signInPath", () => {
  it("remembers the page asked for, and keeps /auth plain for the dashboard", () => {
    expect(signInPath("/sales?page=2")).toBe("/auth?redirectTo=%2Fsales%3Fpage%3D2");
    expect(signInPath("/dashboard")).toBe("/auth");
  });

  it("remembers the page behind a data request", () => {
    expect(signInPath("/products.data?_routes=routes%2Fbackoffice%2Fproducts")).toBe(
      "/auth?redirectTo=%2Fproducts",
    );
  });
});
