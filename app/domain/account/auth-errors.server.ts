import { APIError } from "better-auth/api";

/** better-auth's error code (e.g. INVALID_EMAIL_OR_PASSWORD), or undefined for anything else. */
export function authErrorCode(err: unknown): string | undefined {
  if (!(err instanceof APIError)) return undefined;
  const code = (err.body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/** The Set-Cookie values of a better-auth call made with `returnHeaders: true`. */
export function setCookies(headers: Headers): string[] {
  return headers.getSetCookie();
}
