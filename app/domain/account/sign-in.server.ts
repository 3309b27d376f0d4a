import { knownDeviceCookie, knownDeviceOf } from "~/platform/auth/known-device.server";
import { AUTH_THROTTLES } from "~/platform/auth/throttle-policies";
import { throttleHit, throttleRelease } from "~/platform/throttle.server";
import type { AccountContext, Refusal } from "./account-context";
import { authErrorCode, setCookies } from "./auth-errors.server";
import { ACCOUNT_TEXT as T, tooManyAttempts } from "./messages";
import { fieldErrors, formValues, signInSchema } from "./schemas";

export type SignInResult = { ok: true; setCookies: string[] } | (Refusal & { needsConfirmation?: boolean });

/**
 * Email + password sign-in. Every attempt counts against the IP and the account before the password is
 * checked (so parallel guesses cannot slip past the limit); an attempt that proves the password is given back.
 *
 * A browser in which the account signed in before (its signed known-device cookie) counts against a
 * bucket of its own instead of the account's: whoever guesses passwords from elsewhere can lock the
 * account for everyone else, but not for the owner's own phone or laptop (OWASP's "device cookies").
 * That browser still gets only 10 failures per 15 minutes, and the IP limit holds for everyone.
 */
export async function signIn(
  ctx: AccountContext,
  form: FormData | Record<string, unknown>,
): Promise<SignInResult> {
  const parsed = signInSchema.safeParse(formValues(form));
  if (!parsed.success) {
    return { ok: false, status: 400, message: T.loginFailed, fieldErrors: fieldErrors(parsed.error) };
  }
  const { email, password } = parsed.data;
  const { secret, options } = await ctx.auth.$context;
  const device = knownDeviceOf({ secret }, email, ctx.headers);
  const [bucket, subject] = device
    ? [AUTH_THROTTLES.signInPerKnownDevice, device]
    : [AUTH_THROTTLES.signInPerAccount, email];
  const byIp = await throttleHit(ctx.db, AUTH_THROTTLES.signInPerIp, ctx.ip);
  const byAccount = await throttleHit(ctx.db, bucket, subject);
  if (!byIp.allowed || !byAccount.allowed) {
    const wait = Math.max(
      byIp.allowed ? 0 : byIp.retryAfterSeconds,
      byAccount.allowed ? 0 : byAccount.retryAfterSeconds,
    );
    return { ok: false, status: 429, message: tooManyAttempts(wait) };
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
    return { ok: true, setCookies: [...setCookies(headers), known] };
  } catch (err) {
    const code = authErrorCode(err);
    if (code === "EMAIL_NOT_VERIFIED") {
      await passwordProven();
      return { ok: false, status: 403, message: T.confirmFirst, needsConfirmation: true };
    }
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || code === "INVALID_PASSWORD") {
      return { ok: false, status: 401, message: T.wrongCredentials };
    }
    throw err;
  }
}
