import { randomBytes } from "node:crypto";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import type { Db } from "~/platform/db/database-handle.server";
import { paymentAccounts } from "~/platform/db/schema";
import { env } from "~/platform/env.server";
import { newSandboxSellerId } from "~/platform/payments/sandbox-provider.server";
import { seal } from "~/platform/secrets/secret-box.server";
import { liveAccount } from "../payment-accounts/accounts.server";
import { DEMO_HOST } from "./demo-host";

/**
 * The demo organization comes connected to a sandbox test account, so its shop takes (simulated) payments
 * at once. Where the sandbox is not offered (production) nothing is connected: the host connects a real one.
 */
export async function seedPayments(db: Db): Promise<string> {
  if (!env().payments.offered.includes("sandbox")) return "no test account (the sandbox is not offered here)";
  const { userId, membership } = await createConfirmedUser(db, DEMO_HOST);
  if (await liveAccount(db, membership.organizationId)) return "kept the payment account";
  await db.insert(paymentAccounts).values({
    organizationId: membership.organizationId,
    provider: "sandbox",
    status: "active",
    providerAccountId: newSandboxSellerId(),
    displayName: "Conta de teste",
    credentials: seal({ accessToken: `SBX-${randomBytes(24).toString("base64url")}` }),
    connectedBy: userId,
  });
  return "connected a sandbox test account";
}
