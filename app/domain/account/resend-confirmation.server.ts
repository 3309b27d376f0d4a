import { AUTH_THROTTLES } from "~/platform/auth/throttle-policies";
import { throttleHit } from "~/platform/throttle.server";
import type { AccountContext } from "./account-context";
import { ACCOUNT_TEXT as T } from "./messages";
import { invalidForm, throttled } from "./refusals";
import { emailOnlySchema, formValues } from "./schemas";
import { CONFIRMED_CALLBACK } from "./sign-up.server";

/** Sends a fresh confirmation link to an unconfirmed account; the answer does not say whether one exists. */
export async function resendConfirmation(
  ctx: AccountContext,
  form: FormData | Record<string, unknown>,
): Promise<void> {
  const parsed = emailOnlySchema.safeParse(formValues(form));
  if (!parsed.success) throw invalidForm(T.emailInvalid, parsed.error);
  const { email } = parsed.data;
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
