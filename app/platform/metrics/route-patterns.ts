/** A route of a React Router server build's manifest, as far as its URL goes. */
export type RouteEntry = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module?: { handle?: unknown };
};

/** A pathname's route pattern (`/i/:hash`), or null when only the catch-all route takes it. */
export type RouteMatcher = (pathname: string) => string | null;

type Compiled = { pattern: string; score: number; order: number; test: RegExp };

/** Resolved pathnames kept; past this the cache starts over (shop hashes alone could fill any size). */
const CACHE_SIZE = 1000;

/**
 * Matches pathnames to the build's route patterns, ranked as React Router ranks them (static segments over
 * dynamic ones over splats). Each pattern is compiled once; a pathname seen before is one Map lookup.
 * The root catch-all (`*`, the 404 page) is left out: what only it takes is not a route.
 */
export function routePatterns(
  routes: Record<string, RouteEntry | undefined>,
  only: (route: RouteEntry) => boolean = () => true,
): RouteMatcher {
  const compiled: Compiled[] = [];
  let order = 0;
  for (const route of Object.values(routes)) {
    if (!route || (!route.path && !route.index) || !only(route)) continue;
    const segments = pathOf(route, routes).split("/").filter(Boolean);
    if (segments.length === 1 && segments[0] === "*") continue;
    compiled.push({
      pattern: `/${segments.join("/")}`,
      score: scoreOf(segments, route.index === true),
      order: order++,
      test: new RegExp(`^${segments.map(segmentSource).join("")}/?$`, route.caseSensitive ? "" : "i"),
    });
  }
  compiled.sort((a, b) => b.score - a.score || a.order - b.order);

  const cache = new Map<string, string | null>();
  return (pathname) => {
    const known = cache.get(pathname);
    if (known !== undefined) return known;
    let found: string | null = null;
    for (const route of compiled) {
      if (route.test.test(pathname)) {
        found = route.pattern;
        break;
      }
    }
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(pathname, found);
    return found;
  };
}

/**
 * A route whose address is itself a secret (a guest's data request link, the turnovers calendar): its module
 * says `handle = { secretPath: true }`, and the request log writes its pattern, not the address.
 */
export function hasSecretPath(route: RouteEntry): boolean {
  const handle = route.module?.handle;
  return (
    typeof handle === "object" && handle !== null && "secretPath" in handle && handle.secretPath === true
  );
}

/** The route's full path: its parents' paths and its own (an index route's is its parent's). */
function pathOf(route: RouteEntry, routes: Record<string, RouteEntry | undefined>): string {
  const parts: string[] = [];
  for (let r: RouteEntry | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return parts.join("/");
}

function segmentSource(segment: string): string {
  if (segment === "*") return "(?:/.*)?";
  if (segment.startsWith(":")) return "/[^/]+";
  return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
}

/**
 * React Router's ranking (computeScore in its matcher): longer and more static wins. It splits "/a/:b" into
 * ["", "a", ":b"]: one segment more than ours, the leading empty one, worth 1.
 */
function scoreOf(segments: string[], index: boolean): number {
  let score = segments.length + 2 + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") score -= 2;
    else score += segment.startsWith(":") ? 3 : 10;
  }
  return score;
}
