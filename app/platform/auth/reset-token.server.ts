import type { Auth } from "./auth.server";

/** Whether a recovery token still opens the reset form (exists, unused, not expired). Does not consume it. */
export async function resetTokenUsable(instance: Auth, token: string): Promise<boolean> {
  const { internalAdapter } = await instance.$context;
  const found = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && found.expiresAt > new Date());
}
