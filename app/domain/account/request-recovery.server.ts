import { AUTH_THROTTLES } from "~/platform/auth/throttle-policies";
import { throttleHit } from "~/platform/throttle.server";
import { parseInput } from "../parse-input";
import type { AccountContext } from "./account-context";
import { ACCOUNT_TEXT as T } from "./messages";
import { throttled } from "./refusals";
import { emailOnlySchema, formValues } from "./schemas";

/** The reset link leads here (through better-auth's token check), with `?token=`. */
export const RESET_PASSWORD_PATH = "/reset-password";

/**
 * Sends a recovery link. Known and unknown addresses get the same answer; only a known one gets mail.
 * Limited per IP, and per address so nobody can flood someone's inbox.
 */
export async function requestRecovery(
  ctx: AccountContext,
  form: FormData | Record<string, unknown>,
): Promise<void> {
  const { email } = parseInput(emailOnlySchema, formValues(form), T.recoveryFailed);
  const byIp = await throttleHit(ctx.db, AUTH_THROTTLES.recoveryPerIp, ctx.ip);
  if (!byIp.allowed) throw throttled(byIp.retryAfterSeconds);
  const byAddress = await throttleHit(ctx.db, AUTH_THROTTLES.recoveryPerAccount, email);
  // Past the per-address limit the answer stays the same; the mail just is not sent again.
  if (byAddress.allowed) {
    await ctx.auth.api.requestPasswordReset({
      body: { email, redirectTo: RESET_PASSWORD_PATH },
      headers: ctx.headers,
    });
  }
}
