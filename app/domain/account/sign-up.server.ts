import { AUTH_THROTTLES } from "~/platform/auth/throttle-policies";
import { throttleHit } from "~/platform/throttle.server";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import type { AccountContext } from "./account-context";
import { authErrorCode } from "./auth-errors.server";
import { ACCOUNT_TEXT as T } from "./messages";
import { throttled } from "./refusals";
import { formValues, signUpSchema } from "./schemas";

/** Where the confirmation link lands: /auth signs the new host in and sends them to the dashboard. */
export const CONFIRMED_CALLBACK = "/auth?confirmado=1";

/**
 * Registers a host: the account, its own organization (owner), and the confirmation email. An address
 * that already has an account gets the same answer, so the form cannot be used to find out who is a host.
 */
export async function signUp(ctx: AccountContext, form: FormData | Record<string, unknown>): Promise<void> {
  const values = parseInput(signUpSchema, formValues(form), T.signUpFailed);
  const limit = await throttleHit(ctx.db, AUTH_THROTTLES.signUpPerIp, ctx.ip);
  if (!limit.allowed) throw throttled(limit.retryAfterSeconds);
  try {
    await ctx.auth.api.signUpEmail({
      body: { ...values, callbackURL: CONFIRMED_CALLBACK },
      headers: ctx.headers,
    });
  } catch (err) {
    const code = authErrorCode(err);
    if (code === "PASSWORD_TOO_SHORT") throw new AppError("invalid", T.passwordTooShort);
    if (code === "INVALID_EMAIL") throw new AppError("invalid", T.emailInvalid);
    throw err;
  }
}
