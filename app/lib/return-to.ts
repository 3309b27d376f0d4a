/**
 * Where to go after signing in. Only a path on this site: anything else (another origin, `//evil`,
 * a backslash trick) falls back to the dashboard, so the parameter cannot be used for phishing redirects.
 */
export function safeReturnTo(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  try {
    const url = new URL(value, "http://estadia.invalid");
    if (url.origin !== "http://estadia.invalid") return fallback;
    if (url.pathname === "/auth" || url.pathname.startsWith("/api/")) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The sign-in page, remembering the page asked for. */
export function signInPath(returnTo: string): string {
  const target = safeReturnTo(returnTo);
  return target === "/dashboard" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(target)}`;
}
