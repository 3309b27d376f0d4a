import { knownDeviceCookie, knownDeviceOf } from "~/platform/auth/known-device.server";
import { AUTH_THROTTLES } from "~/platform/auth/throttle-policies";
import { throttleHit, throttleRelease } from "~/platform/throttle.server";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import type { AccountContext } from "./account-context";
import { authErrorCode, setCookies } from "./auth-errors.server";
import { ACCOUNT_TEXT as T } from "./messages";
import { NEEDS_CONFIRMATION, throttled } from "./refusals";
import { formValues, signInSchema } from "./schemas";

/**
 * Email + password sign-in. Every attempt counts against the IP and the account before the password is
 * checked (so parallel guesses cannot slip past the limit); an attempt that proves the password is given back.
 *
 * A browser in which the account signed in before (its signed known-device cookie) counts against a
 * bucket of its own instead of the account's: whoever guesses passwords from elsewhere can lock the
 * account for everyone else, but not for the owner's own phone or laptop (OWASP's "device cookies").
 * That browser still gets only 10 failures per 15 minutes, and the IP limit holds for everyone.
 * A right password on an unconfirmed account is refused with the reason NEEDS_CONFIRMATION.
 */
export async function signIn(
  ctx: AccountContext,
  form: FormData | Record<string, unknown>,
): Promise<{ setCookies: string[] }> {
  const { email, password } = parseInput(signInSchema, formValues(form), T.loginFailed);
  const { secret, options } = await ctx.auth.$context;
  const device = knownDeviceOf({ secret }, email, ctx.headers);
  const [bucket, subject] = device
    ? [AUTH_THROTTLES.signInPerKnownDevice, device]
    : [AUTH_THROTTLES.signInPerAccount, email];
  const byIp = await throttleHit(ctx.db, AUTH_THROTTLES.signInPerIp, ctx.ip);
  const byAccount = await throttleHit(ctx.db, bucket, subject);
  if (!byIp.allowed || !byAccount.allowed) {
    throw throttled(
      Math.max(
        byIp.allowed ? 0 : byIp.retryAfterSeconds,
        byAccount.allowed ? 0 : byAccount.retryAfterSeconds,
      ),
    );
  }
  const passwordProven = async () => {
    await throttleRelease(ctx.db, AUTH_THROTTLES.signInPerIp, ctx.ip);
    await throttleRelease(ctx.db, bucket, subject);
  };
  try {
    const { headers } = await ctx.auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: ctx.headers,
      returnHeaders: true,
    });
    await passwordProven();
    const known = knownDeviceCookie({ secret, secure: Boolean(options.advanced?.useSecureCookies) }, email);
    return { setCookies: [...setCookies(headers), known] };
  } catch (err) {
    const code = authErrorCode(err);
    if (code === "EMAIL_NOT_VERIFIED") {
      await passwordProven();
      throw new AppError("forbidden", T.confirmFirst, undefined, { reason: NEEDS_CONFIRMATION });
    }
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || code === "INVALID_PASSWORD") {
      throw new AppError("unauthenticated", T.wrongCredentials);
    }
    throw err;
  }
}
