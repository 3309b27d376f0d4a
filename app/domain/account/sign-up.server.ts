import { AUTH_THROTTLES } from "~/platform/auth/throttle-policies";
import { throttleHit } from "~/platform/throttle.server";
import type { AccountContext, Refusal } from "./account-context";
import { authErrorCode } from "./auth-errors.server";
import { ACCOUNT_TEXT as T, tooManyAttempts } from "./messages";
import { fieldErrors, formValues, signUpSchema } from "./schemas";

/** Where the confirmation link lands: /auth signs the new host in and sends them to the dashboard. */
export const CONFIRMED_CALLBACK = "/auth?confirmado=1";

/**
 * Registers a host: the account, its own organization (owner), and the confirmation email. An address
 * that already has an account gets the same answer, so the form cannot be used to find out who is a host.
 */
export async function signUp(
  ctx: AccountContext,
  form: FormData | Record<string, unknown>,
): Promise<{ ok: true } | Refusal> {
  const parsed = signUpSchema.safeParse(formValues(form));
  if (!parsed.success) {
    return { ok: false, status: 400, message: T.signUpFailed, fieldErrors: fieldErrors(parsed.error) };
  }
  const limit = await throttleHit(ctx.db, AUTH_THROTTLES.signUpPerIp, ctx.ip);
  if (!limit.allowed) return { ok: false, status: 429, message: tooManyAttempts(limit.retryAfterSeconds) };
  try {
    await ctx.auth.api.signUpEmail({
      body: { ...parsed.data, callbackURL: CONFIRMED_CALLBACK },
      headers: ctx.headers,
    });
    return { ok: true };
  } catch (err) {
    const code = authErrorCode(err);
    if (code === "PASSWORD_TOO_SHORT") return { ok: false, status: 400, message: T.passwordTooShort };
    if (code === "INVALID_EMAIL") return { ok: false, status: 400, message: T.emailInvalid };
    throw err;
  }
}
