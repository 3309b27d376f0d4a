import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createStaticHandler, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { REPEATED_SLASHES } from "../../server/request-line";
import { withPatternMatching } from "../../server/route-matching";

// The server matches addresses with React Router's route-pattern matcher (ADR 0049), the browser with its
// default one: for every route of app/routes.ts, and for the odd addresses, both must pick the same route
// with the same params, or a page would load one route's data and render another's.

/** The route table as React Router builds it: every route under the root, ids by file. */
function tree(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => ({
    id: entry.id ?? entry.file,
    path: entry.path,
    caseSensitive: entry.caseSensitive,
    ...(entry.index ? { index: true as const } : { children: tree(entry.children ?? []) }),
  })) as RouteObject[];
}

function paths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [path, ...paths(entry.children ?? [], path)];
  });
}

/** An address for a route's path: its params and splat filled with plain and awkward values. */
function addresses(path: string): string[] {
  const fill = (value: string, rest: string) =>
    `/${path
      .split("/")
      .map((s) => (s.startsWith(":") ? value : s === "*" ? rest : s))
      .join("/")}`;
  const plain = fill("3f1c9a2e-7b1d-4c7e-9a55-0d1e2f3a4b5c", "a/b.png");
  return [
    plain,
    `${plain}/`,
    plain.toUpperCase(),
    fill("ab%20c%C3%A9", "x%2Fy"),
    fill("pix", "z"),
    `${plain}/extra`,
    `${plain}.data`,
  ];
}

const ODD = ["/", "/i", "/i/", "/payments/x", "/payments/x/pix/payment/y", "/dashboard.CSV", "/nao-existe"];

function matchesOf(handler: ReturnType<typeof createStaticHandler>, address: string) {
  return (
    handler
      .match(address)
      ?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase })) ?? null
  );
}

describe("route matching on the server", () => {
  const table: RouteObject[] = [{ id: "root", path: "", children: tree(routes) }];
  const usual = createStaticHandler(table);
  const { future } = withPatternMatching({ future: {} } as Parameters<typeof withPatternMatching>[0]);
  const patterned = createStaticHandler(table, { future });
  // Repeated slashes never reach the matchers (soundRequestLine merges them first): there they differ.
  const all = [...new Set([...paths(routes).flatMap(addresses), ...ODD])].filter(
    (address) => !REPEATED_SLASHES.test(address),
  );

  it("uses the route-pattern matcher and keeps it out of the page's hand-off", () => {
    expect(future).toMatchObject({ unstable_routePatternMatching: true });
    expect(JSON.parse(JSON.stringify({ future }))).toEqual({ future: {} });
  });

  it("picks the route and params React Router's default matcher picks, for every route and odd address", () => {
    expect(all.length).toBeGreaterThan(400);
    const differ = all.filter(
      (address) =>
        JSON.stringify(matchesOf(usual, address)) !== JSON.stringify(matchesOf(patterned, address)),
    );
    expect(differ).toEqual([]);
  });

  it("still routes the pages a guest and a host use to their own route", () => {
    const leaf = (address: string) => matchesOf(patterned, address)?.at(-1);
    expect(leaf("/payments/c1/pix")).toMatchObject({
      id: "routes/checkout/identification.tsx",
      params: { cartId: "c1", method: "pix" },
    });
    expect(leaf("/payments/c1/success")?.id).toBe("routes/checkout/success.tsx");
    expect(leaf("/properties/posters")?.id).toBe("routes/backoffice/property-posters.ts");
    expect(leaf("/dashboard.csv")?.id).toBe("routes/backoffice/dashboard-csv.ts");
    expect(leaf("/media/a/b.png")).toMatchObject({ id: "routes/api/media.ts", params: { "*": "a/b.png" } });
    expect(leaf("/nao-existe")?.id).toBe("routes/not-found.tsx");
  });
});
