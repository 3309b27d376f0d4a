import { type RouterContextProvider, redirect } from "react-router";
import type { AccountContext } from "~/domain/account/account-context";
import { type FlashKey, flashCookie } from "~/lib/flash";
import { auth } from "~/platform/auth/auth.server";
import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { requestContext } from "~/platform/request-context";

export async function accountContext(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<AccountContext> {
  const [instance, { db }] = await Promise.all([auth(), database()]);
  return { auth: instance, db, headers: request.headers, ip: context.get(requestContext).clientIp };
}

/** A redirect carrying the session cookies of an auth call and, optionally, a toast for the next page. */
export function redirectWith(
  to: string,
  options: { setCookies?: string[]; flash?: FlashKey } = {},
): Response {
  const headers = new Headers();
  for (const cookie of options.setCookies ?? []) headers.append("Set-Cookie", cookie);
  if (options.flash) headers.append("Set-Cookie", flashCookie(options.flash, env().secureCookies));
  return redirect(to, { headers });
}
