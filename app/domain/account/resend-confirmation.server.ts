import { AUTH_THROTTLES } from "~/platform/auth/throttle-policies";
import { throttleHit } from "~/platform/throttle.server";
import { parseInput } from "../parse-input";
import type { AccountContext } from "./account-context";
import { ACCOUNT_TEXT as T } from "./messages";
import { throttled } from "./refusals";
import { emailOnlySchema, formValues } from "./schemas";
import { CONFIRMED_CALLBACK } from "./sign-up.server";

/** Sends a fresh confirmation link to an unconfirmed account; the answer does not say whether one exists. */
export async function resendConfirmation(
  ctx: AccountContext,
  form: FormData | Record<string, unknown>,
): Promise<void> {
  const { email } = parseInput(emailOnlySchema, formValues(form), T.emailInvalid);
  const byIp = await throttleHit(ctx.db, AUTH_THROTTLES.resendPerIp, ctx.ip);
  if (!byIp.allowed) throw throttled(byIp.retryAfterSeconds);
  const byAddress = await throttleHit(ctx.db, AUTH_THROTTLES.resendPerAccount, email);
  if (byAddress.allowed) {
    // Without a session better-auth sends only to an existing, unconfirmed account.
    await ctx.auth.api.sendVerificationEmail({
      body: { email, callbackURL: CONFIRMED_CALLBACK },
      headers: new Headers(),
    });
  }
}
