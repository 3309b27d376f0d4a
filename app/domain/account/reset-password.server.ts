import type { AccountContext, Refusal } from "./account-context";
import { authErrorCode } from "./auth-errors.server";
import { ACCOUNT_TEXT as T } from "./messages";
import { fieldErrors, formValues, resetPasswordSchema } from "./schemas";

/**
 * Sets a new password from a recovery link. The token is consumed atomically (single use), expires after
 * an hour, and every session of the user ends (better-auth options in platform/auth/auth.server.ts).
 */
export async function resetPassword(
  ctx: AccountContext,
  form: FormData | Record<string, unknown>,
): Promise<{ ok: true } | (Refusal & { linkUnusable?: boolean })> {
  const parsed = resetPasswordSchema.safeParse(formValues(form));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const message = errors.confirmation ?? errors.password ?? errors.token ?? T.passwordUpdateFailed;
    return { ok: false, status: 400, message, fieldErrors: errors };
  }
  try {
    await ctx.auth.api.resetPassword({
      body: { token: parsed.data.token, newPassword: parsed.data.password },
      headers: ctx.headers,
    });
    return { ok: true };
  } catch (err) {
    if (authErrorCode(err) === "INVALID_TOKEN") {
      return { ok: false, status: 400, message: T.resetLinkUsed, linkUnusable: true };
    }
    throw err;
  }
}
