import { and, eq, ne } from "drizzle-orm";
import type { Tx } from "~/platform/db/database-handle.server";
import { organization, paymentAccounts } from "~/platform/db/schema";
import type { AccountProviderName } from "~/platform/env.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { AppError } from "../errors";
import { recordActivity } from "../team/activity.server";
import type { Actor } from "../team/permissions";
import type { AccountRow } from "./accounts.server";
import { providerLabel, RECEIVING_TEXT as T } from "./messages";

export type NewConnection = {
  /** Set when the caller needed the row's id before saving it (Asaas's webhook URL names it). */
  id?: string;
  provider: AccountProviderName;
  providerAccountId: string;
  walletId?: string | null;
  displayName: string | null;
  email: string | null;
  /** Sealed. */
  credentials: string;
  tokenExpiresAt?: Date | null;
};

/**
 * Saves a connection as the organization's live account, under a lock on the organization: the same provider
 * account again reconnects it (new credentials, 'Conectada'); another one is refused while an account is
 * live, and so is a provider account that another organization has connected.
 */
export async function saveConnection(
  ctx: PaymentsContext,
  actor: Actor,
  connection: NewConnection,
): Promise<AccountRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: organization.id })
      .from(organization)
      .where(eq(organization.id, actor.organizationId))
      .for("update");
    const [live] = await tx
      .select()
      .from(paymentAccounts)
      .where(
        and(
          eq(paymentAccounts.organizationId, actor.organizationId),
          ne(paymentAccounts.status, "disconnected"),
        ),
      );
    const same =
      live?.provider === connection.provider && live.providerAccountId === connection.providerAccountId;
    if (live && !same) throw new AppError("conflict", T.alreadyConnected);
    await refuseTakenElsewhere(tx, actor.organizationId, connection);
    const values = {
      status: "active",
      walletId: connection.walletId ?? null,
      displayName: connection.displayName,
      email: connection.email,
      credentials: connection.credentials,
      tokenExpiresAt: connection.tokenExpiresAt ?? null,
      tokenRefreshedAt: null,
      lastError: null,
      connectedBy: actor.userId,
      connectedAt: now,
      updatedAt: now,
    };
    const [row] = live
      ? await tx.update(paymentAccounts).set(values).where(eq(paymentAccounts.id, live.id)).returning()
      : await tx
          .insert(paymentAccounts)
          .values({
            ...values,
            ...(connection.id ? { id: connection.id } : {}),
            organizationId: actor.organizationId,
            provider: connection.provider,
            providerAccountId: connection.providerAccountId,
          })
          .returning();
    if (!row) throw new Error("payment account not saved");
    await recordActivity(tx, actor, "payment_account.connected", providerLabel(connection.provider), {
      account: connection.displayName ?? connection.email ?? connection.providerAccountId,
      reconnected: Boolean(live),
    });
    return row;
  });
}

async function refuseTakenElsewhere(tx: Tx, organizationId: string, connection: NewConnection) {
  const [other] = await tx
    .select({ id: paymentAccounts.id })
    .from(paymentAccounts)
    .where(
      and(
        eq(paymentAccounts.provider, connection.provider),
        eq(paymentAccounts.providerAccountId, connection.providerAccountId),
        ne(paymentAccounts.status, "disconnected"),
        ne(paymentAccounts.organizationId, organizationId),
      ),
    );
  if (other) throw new AppError("conflict", T.takenByOther);
}
