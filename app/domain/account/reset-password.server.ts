import { AppError } from "../errors";
import { fieldErrorsOf } from "../parse-input";
import type { AccountContext } from "./account-context";
import { authErrorCode } from "./auth-errors.server";
import { ACCOUNT_TEXT as T } from "./messages";
import { LINK_UNUSABLE } from "./refusals";
import { formValues, resetPasswordSchema } from "./schemas";

/**
 * Sets a new password from a recovery link. The token is consumed atomically (single use), expires after
 * an hour, and every session of the user ends (better-auth options in platform/auth/auth.server.ts).
 * A link that cannot be used (any more) is refused with the reason LINK_UNUSABLE.
 */
export async function resetPassword(
  ctx: AccountContext,
  form: FormData | Record<string, unknown>,
): Promise<void> {
  const parsed = resetPasswordSchema.safeParse(formValues(form));
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    const message = errors.confirmation ?? errors.password ?? errors.token ?? T.passwordUpdateFailed;
    throw new AppError("invalid", message, errors);
  }
  try {
    await ctx.auth.api.resetPassword({
      body: { token: parsed.data.token, newPassword: parsed.data.password },
      headers: ctx.headers,
    });
  } catch (err) {
    if (authErrorCode(err) === "INVALID_TOKEN") {
      throw new AppError("invalid", T.resetLinkUsed, undefined, { reason: LINK_UNUSABLE });
    }
    throw err;
  }
}
