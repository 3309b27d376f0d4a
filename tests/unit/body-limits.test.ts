// The body limits against the route table: every rule names a route of app/routes.ts, every route gets its
// own rule or the small form, and the routes that take photos, long forms or JSON get what they need
// whatever their URL is called.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "~/domain/images/image-limits";
import routes from "~/routes";
import { BODY_RULES, bodyRule, FORM_RULE } from "../../server/body-limits";

type Route = { path: string; file: string };

/** Every route with its full path (layouts add none; an index route is its parent's path). */
function flatten(entries: readonly RouteConfigEntry[], parent = ""): Route[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

const ROUTES = flatten(routes);
const id = "0b7c7c52-6a1e-4b8f-9d0e-3f1a2b3c4d5e";

/** An address the route answers: each `:param` an id, a splat two segments. */
const addressOf = (path: string) =>
  `/${path
    .split("/")
    .map((s) => (s.startsWith(":") ? id : s === "*" ? "a/b" : s))
    .join("/")}`;

/** The addresses of the route(s) served by this module, as app/routes.ts names them today. */
function addressesOf(file: string): string[] {
  const found = ROUTES.filter((r) => r.file === file).map((r) => addressOf(r.path));
  expect(found, `${file} is no route in app/routes.ts`).not.toEqual([]);
  return found;
}

describe("the body limits follow app/routes.ts", () => {
  it("names only routes that exist there", () => {
    const paths = ROUTES.map((r) => r.path);
    for (const rule of Object.keys(BODY_RULES)) expect(paths, `rule '${rule}'`).toContain(rule);
  });

  it("gives each route its own rule, or the small form, and the same to React Router's .data requests", () => {
    for (const { path } of ROUTES) {
      const own = BODY_RULES[path] ?? FORM_RULE;
      const address = addressOf(path);
      expect(bodyRule(address), address).toBe(own);
      expect(bodyRule(address.toUpperCase()), address.toUpperCase()).toBe(own);
      const data = address === "/" ? "/_.data" : `${address}.data`;
      expect(bodyRule(data), data).toBe(own);
    }
  });

  it("matches an address as React Router's matchPath does, odd ones too", () => {
    const addresses = [
      "/products/",
      "/PRODUCTS//",
      "/products/x",
      "/api/auth",
      "/api/auth/",
      "/api/auth/a/b",
      "/api/authx",
      "/avarias/nova/",
      "/avarias/1/2",
      "/webhooks/payments/",
      "/webhooks/payments/mp/x",
      `/properties/${id}/products/`,
      "/replacements",
      "/qr-templates/edit/",
    ];
    for (const address of addresses) {
      const expected = Object.entries(BODY_RULES).find(([route]) => matchPath(route, address))?.[1];
      expect(bodyRule(address), address).toBe(expected ?? FORM_RULE);
    }
  });
});

describe("what each route that takes more than a small form is let through", () => {
  it.each([
    "routes/backoffice/products.tsx",
    "routes/backoffice/properties.tsx",
    "routes/backoffice/qr-template-new.tsx",
    "routes/backoffice/qr-template-edit.tsx",
  ])("%s takes a 10 MB photo", (file) => {
    for (const address of addressesOf(file)) {
      expect(bodyRule(address), address).toMatchObject({ kind: "form" });
      expect(bodyRule(address).maxBytes, address).toBeGreaterThan(MAX_UPLOAD_BYTES);
    }
  });

  it("a restocking run of 1,000 ticked lines, and its delivered quantities", () => {
    const ticked = new URLSearchParams(Array.from({ length: 1000 }, () => ["line", `${id}:${id}`]));
    for (const address of addressesOf("routes/backoffice/replacement-create.tsx"))
      expect(bodyRule(address).maxBytes).toBeGreaterThan(ticked.toString().length);
    const delivered = new URLSearchParams(Array.from({ length: 1000 }, () => [`delivered:${id}`, "99"]));
    for (const address of addressesOf("routes/backoffice/replacement-detail.tsx"))
      expect(bodyRule(address).maxBytes).toBeGreaterThan(delivered.toString().length);
  });

  it("a property's stock sheet of 1,000 products", () => {
    const sheet = new URLSearchParams(
      Array.from({ length: 1000 }, () => [
        ["productId", id],
        [`current.${id}`, "9999"],
        [`unlimited.${id}`, "on"],
        [`expected.${id}`, "9999"],
      ]).flat(),
    );
    for (const address of addressesOf("routes/backoffice/property-products.tsx"))
      expect(bodyRule(address).maxBytes).toBeGreaterThan(sheet.toString().length);
  });

  it.each([
    "routes/webhooks/payments.ts",
    "routes/webhooks/payouts.ts",
    "routes/webhooks/asaas.ts",
    "routes/webhooks/asaas-transfer-validation.ts",
    "routes/sandbox/card-tokens.ts",
  ])("%s reads JSON", (file) => {
    for (const address of addressesOf(file)) expect(bodyRule(address).kind, address).toBe("json");
  });

  it("keeps everything else to a small form", () => {
    expect(bodyRule("/auth")).toEqual({ kind: "form", maxBytes: 8 * 1024 });
    expect(bodyRule(`/payments/${id}/pix`)).toEqual({ kind: "form", maxBytes: 8 * 1024 });
    expect(bodyRule("/properties/posters")).toBe(FORM_RULE);
  });
});
