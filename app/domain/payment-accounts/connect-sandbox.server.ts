import { randomBytes } from "node:crypto";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { newSandboxSellerId } from "~/platform/payments/sandbox-provider.server";
import { seal } from "~/platform/secrets/secret-box.server";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import type { AccountRow } from "./accounts.server";
import { RECEIVING_TEXT as T } from "./messages";
import { saveConnection } from "./save-connection.server";

/**
 * 'Conectar conta de teste': a simulated seller account of the offline sandbox, with its own id, connected
 * at once (development only: the sandbox is never offered in production).
 */
export async function connectSandbox(ctx: PaymentsContext, actor: Actor): Promise<AccountRow> {
  assertCan(actor, "payments.manage");
  if (!ctx.config.offered.includes("sandbox")) throw new AppError("invalid", T.notOffered);
  return saveConnection(ctx, actor, {
    provider: "sandbox",
    providerAccountId: newSandboxSellerId(),
    displayName: "Conta de teste",
    email: null,
    credentials: seal({ accessToken: `SBX-${randomBytes(24).toString("base64url")}` }),
  });
}
