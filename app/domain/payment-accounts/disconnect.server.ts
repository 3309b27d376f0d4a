import { and, eq, ne } from "drizzle-orm";
import { paymentAccounts } from "~/platform/db/schema";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { AppError } from "../errors";
import { recordActivity } from "../team/activity.server";
import { type Actor, assertCan } from "../team/permissions";
import { providerLabel, RECEIVING_TEXT as T } from "./messages";

/**
 * 'Desconectar': the account stops charging at once and its credentials are erased (the row stays, so past
 * sales keep saying which account took them). Orders already paid are untouched; the money is in the
 * host's account at the provider.
 */
export async function disconnectAccount(ctx: PaymentsContext, actor: Actor): Promise<void> {
  assertCan(actor, "payments.manage");
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentAccounts)
      .set({ status: "disconnected", credentials: null, disconnectedAt: now, updatedAt: now })
      .where(
        and(
          eq(paymentAccounts.organizationId, actor.organizationId),
          ne(paymentAccounts.status, "disconnected"),
        ),
      )
      .returning();
    if (!row) throw new AppError("conflict", T.nothingToDisconnect);
    await recordActivity(tx, actor, "payment_account.disconnected", providerLabel(row.provider), {
      account: row.displayName ?? row.email ?? row.providerAccountId,
    });
  });
}
