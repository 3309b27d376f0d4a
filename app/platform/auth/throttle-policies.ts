import type { ThrottlePolicy } from "../throttle.server";

/**
 * Limits on the account doors. Failed sign-ins per account: 10 per 15 minutes, so at most 40 an hour
 * (ASVS 2.2.1 asks for no more than 100) and the real owner waits 15 minutes at worst, or resets the
 * password, which clears the count. Each kind of account email goes to one address at most 5 times an
 * hour, so none of the forms can be used to flood someone's inbox.
 */
export const AUTH_THROTTLES = {
  signInPerAccount: { name: "sign-in-account", limit: 10, windowSeconds: 15 * 60 },
  signInPerIp: { name: "sign-in-ip", limit: 50, windowSeconds: 15 * 60 },
  // Instead of the account's, for a browser the account signed in from before (see sign-in.server.ts).
  signInPerKnownDevice: { name: "sign-in-known-device", limit: 10, windowSeconds: 15 * 60 },
  signUpPerIp: { name: "sign-up-ip", limit: 10, windowSeconds: 60 * 60 },
  existingAccountMailPerAccount: { name: "existing-account-mail", limit: 5, windowSeconds: 60 * 60 },
  recoveryPerIp: { name: "recovery-ip", limit: 10, windowSeconds: 60 * 60 },
  recoveryPerAccount: { name: "recovery-account", limit: 5, windowSeconds: 60 * 60 },
  resendPerIp: { name: "resend-confirmation-ip", limit: 10, windowSeconds: 60 * 60 },
  resendPerAccount: { name: "resend-confirmation-account", limit: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, ThrottlePolicy>;
