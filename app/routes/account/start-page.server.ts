import { readSession } from "~/platform/auth/session.server";

export const OWNER_START = "/dashboard";
export const STAFF_START = "/hoje";

/** Each role starts where its work is (issue 49): staff on 'Hoje', owners and managers on the dashboard. */
export function startPageOf(role: string): string {
  return role === "staff" ? STAFF_START : OWNER_START;
}

/**
 * Where a person just signed in lands when no page was asked for: read from the session the new cookies
 * carry (or the request's own, when the session was already there).
 */
export async function startPage(request: Request, setCookies: readonly string[] = []): Promise<string> {
  const fresh = setCookies.map((c) => c.split(";", 1)[0]).filter((c) => c?.includes("="));
  const headers = new Headers(request.headers);
  if (fresh.length > 0) headers.set("cookie", fresh.join("; "));
  const signedIn = await readSession(new Request(request.url, { headers }));
  return signedIn ? startPageOf(signedIn.membership.role) : OWNER_START;
}
