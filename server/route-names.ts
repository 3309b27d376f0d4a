import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { ServerBuild } from "react-router";
import { hasSecretPath, type RouteMatcher, routePatterns } from "~/platform/metrics/route-patterns";

const ROUTER_URL = "routerUrl";

/** What the request log and /metrics call a request by: its route's pattern, never the address as typed. */
export type RouteNames = {
  /** The pattern of the route that took the request (`/i/:hash`); null when none did or the build is loading. */
  patternOf(req: ExpressRequest, res: ExpressResponse): string | null;
  /** The address for the log: as typed, or its pattern when its route says the address holds a secret. */
  loggedPath(req: ExpressRequest, res: ExpressResponse): string;
};

/**
 * The build's route patterns, read at the first answer (after boot made the build). React Router's
 * requests are matched at the URL its handler took (routedByReactRouter); anything answered before it by
 * its path (a refused body keeps its route).
 */
export function routeNames(build: () => ServerBuild | (() => Promise<ServerBuild>)): RouteNames {
  let loaded: { match: RouteMatcher; secret: RouteMatcher } | null = null;
  let loading = false;
  const names = () => {
    if (loaded || loading) return loaded;
    // The secret ones apart: the log matches every request against those few only.
    const made = (b: ServerBuild) => ({
      match: routePatterns(b.routes),
      secret: routePatterns(b.routes, hasSecretPath),
    });
    const b = build();
    if (typeof b !== "function") loaded = made(b);
    else {
      // The dev server: its build is loaded on demand; requests before it have no pattern.
      loading = true;
      b().then(
        (ready) => {
          loaded = made(ready);
        },
        () => {
          loading = false;
        },
      );
    }
    return loaded;
  };
  const pathOf = (req: ExpressRequest, res: ExpressResponse) => {
    const url: URL | undefined = res.locals[ROUTER_URL];
    return url ? routerPath(url.pathname) : req.path;
  };
  return {
    patternOf: (req, res) => names()?.match(pathOf(req, res)) ?? null,
    loggedPath: (req, res) => names()?.secret(pathOf(req, res)) ?? req.path,
  };
}

/** Called by the React Router handler: this request is its, at this URL (resolved once answered). */
export function routedByReactRouter(res: ExpressResponse, url: URL): void {
  res.locals[ROUTER_URL] = url;
}

/** Whether React Router's handler took the request. */
export function routedRequest(res: ExpressResponse): boolean {
  return res.locals[ROUTER_URL] !== undefined;
}

/** The page a `.data` request loads, as React Router reads it (`/_.data` is the root's). */
function routerPath(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -6);
  if (pathname.endsWith(".data")) return pathname.slice(0, -5);
  return pathname;
}
