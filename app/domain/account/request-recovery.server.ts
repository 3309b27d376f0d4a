import { AUTH_THROTTLES } from "~/platform/auth/throttle-policies";
import { throttleHit } from "~/platform/throttle.server";
import type { AccountContext, Refusal } from "./account-context";
import { ACCOUNT_TEXT as T, tooManyAttempts } from "./messages";
import { emailOnlySchema, fieldErrors, formValues } from "./schemas";

/** The reset link leads here (through better-auth's token check), with `?token=`. */
export const RESET_PASSWORD_PATH = "/reset-password";

/**
 * Sends a recovery link. Known and unknown addresses get the same answer; only a known one gets mail.
 * Limited per IP, and per address so nobody can flood someone's inbox.
 */
export async function requestRecovery(
  ctx: AccountContext,
  form: FormData | Record<string, unknown>,
): Promise<{ ok: true } | Refusal> {
  const parsed = emailOnlySchema.safeParse(formValues(form));
  if (!parsed.success) {
    return { ok: false, status: 400, message: T.recoveryFailed, fieldErrors: fieldErrors(parsed.error) };
  }
  const { email } = parsed.data;
  const byIp = await throttleHit(ctx.db, AUTH_THROTTLES.recoveryPerIp, ctx.ip);
  if (!byIp.allowed) return { ok: false, status: 429, message: tooManyAttempts(byIp.retryAfterSeconds) };
  const byAddress = await throttleHit(ctx.db, AUTH_THROTTLES.recoveryPerAccount, email);
  // Past the per-address limit the answer stays the same; the mail just is not sent again.
  if (byAddress.allowed) {
    await ctx.auth.api.requestPasswordReset({
      body: { email, redirectTo: RESET_PASSWORD_PATH },
      headers: ctx.headers,
    });
  }
  return { ok: true };
}
