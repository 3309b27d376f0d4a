import type { AccountContext } from "./account-context";
import { setCookies } from "./auth-errors.server";

/**
 * Ends every session of the signed-in user (the spec's global sign-out), then clears this browser's
 * cookies. Signed out already is fine: the cookies are cleared all the same.
 */
export async function signOutEverywhere(ctx: AccountContext): Promise<{ setCookies: string[] }> {
  const session = await ctx.auth.api.getSession({ headers: ctx.headers });
  if (session) await ctx.auth.api.revokeSessions({ headers: ctx.headers });
  const { headers } = await ctx.auth.api.signOut({ headers: ctx.headers, returnHeaders: true });
  return { setCookies: setCookies(headers) };
}
