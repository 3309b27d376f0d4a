const BASE = "http://estadia.invalid";
const DASHBOARD = "/dashboard";

// Control characters (tabs and newlines are dropped by URL parsers), backslashes (read as slashes)
// and, once percent-decoded, a leading double slash: each can turn a path into another site's address.
const UNSAFE_TEXT = /[\\\p{Cc}]/u;

/**
 * Where to go after signing in: a path on this site, or the fallback. The value is refused, not repaired,
 * when it holds anything a browser could read as another site: the check is made on the path a browser
 * would request (dot segments resolved, `%2e` included) and on its percent-decoded form, so `/..//evil`,
 * `/%2F%2Fevil`, `/%5Cevil` or a tab inside never come out. A data URL (`/sales.data?_routes=…`, what
 * React Router loads in the background) gives its page.
 */
export function safeReturnTo(value: unknown, fallback = DASHBOARD): string {
  if (typeof value !== "string" || !value.startsWith("/") || UNSAFE_TEXT.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const page = pageOf(url);
  const plain = percentDecoded(page.pathname);
  if (plain === null || plain.startsWith("//") || UNSAFE_TEXT.test(plain)) return fallback;
  if (page.pathname === "/auth" || page.pathname.startsWith("/api/")) return fallback;
  const target = `${page.pathname}${page.search}${page.hash}`;
  // What a browser makes of the answer must be this very path on this site.
  return new URL(target, BASE).href === `${BASE}${target}` ? target : fallback;
}

/** The sign-in page, remembering the page asked for. */
export function signInPath(returnTo: string): string {
  const target = safeReturnTo(returnTo);
  return target === DASHBOARD ? "/auth" : `/auth?redirectTo=${encodeURIComponent(target)}`;
}

/** The page a React Router data URL loads for (`/sales.data?_routes=…` → `/sales`, `/_root.data` → `/`). */
function pageOf(url: URL): URL {
  const page = new URL(url);
  // Touching searchParams re-encodes the whole query: only when there is something to take out.
  if (page.searchParams.has("_routes")) page.searchParams.delete("_routes");
  if (page.pathname === "/_root.data") page.pathname = "/";
  else if (page.pathname.endsWith(".data")) page.pathname = page.pathname.slice(0, -".data".length);
  return page;
}

function percentDecoded(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
