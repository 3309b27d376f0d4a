import { and, eq, isNull, ne, type Placeholder, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { type Part, prepared } from "~/platform/db/prepared";
import { organization, paymentAccounts, properties } from "~/platform/db/schema";
import type { AccountProviderName } from "~/platform/env.server";
import { accountNeedsReconnectEmail } from "~/platform/mail/templates.server";
import type { ConnectedAccount } from "~/platform/payments/account-providers.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import type { BrowserCardConfig, PaymentProvider } from "~/platform/payments/provider";
import { ProviderError } from "~/platform/payments/provider";
import type { PayoutProvider } from "~/platform/payouts/payout-provider";
import { AppError } from "../errors";
import { notifyMembers } from "../notifications/notify.server";
import { recordActivity } from "../team/activity.server";
import { providerLabel, RECEIVING_TEXT as T } from "./messages";

export type AccountRow = typeof paymentAccounts.$inferSelect;

/** The organization's live account (any status but disconnected), or null. */
export async function liveAccount(db: Db | Tx, organizationId: string): Promise<AccountRow | null> {
  // Read by every checkout step: built once.
  const query = prepared(db, "live_account", () =>
    db
      .select()
      .from(paymentAccounts)
      .where(isLive(sql.placeholder("organizationId"))),
  );
  const [row] = await query.execute({ organizationId });
  return row ?? null;
}

/** What the dashboard shows of the live account: whether it takes payments, and what it is. */
export type LiveAccountState = { status: string; provider: string };

/**
 * The live account's status and provider (null without one) as a column of a larger read, so that a page
 * reads it in the same round trip as the rest.
 */
export function liveAccountState(organizationId: AnyPgColumn | Placeholder) {
  return sql<LiveAccountState | null>`(select json_build_object('status', ${paymentAccounts.status},
    'provider', ${paymentAccounts.provider}) from ${paymentAccounts} where ${isLive(organizationId)} limit 1)`;
}

/** The live account's state as a part of a page's read (null without one). */
export function liveAccountPart(): Part<{ account: LiveAccountState | null }, LiveAccountState | null> {
  return {
    columns: () => ({ account: liveAccountState(organization.id) }),
    result: (row) => row?.account ?? null,
  };
}

function isLive(organizationId: AnyPgColumn | Placeholder) {
  return and(eq(paymentAccounts.organizationId, organizationId), ne(paymentAccounts.status, "disconnected"));
}

/** An account by id, within its organization. */
export async function accountById(db: Db | Tx, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.id, id));
  return row ?? null;
}

/** The live account a provider's seller id names (webhooks say which seller they are about). */
export async function accountForSeller(
  db: Db | Tx,
  provider: AccountProviderName,
  sellerId: string,
): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(paymentAccounts)
    .where(
      and(
        eq(paymentAccounts.provider, provider),
        eq(paymentAccounts.providerAccountId, sellerId),
        ne(paymentAccounts.status, "disconnected"),
      ),
    );
  return row ?? null;
}

export function asConnected(row: AccountRow): ConnectedAccount {
  return {
    id: row.id,
    organizationId: row.organizationId,
    provider: row.provider as AccountProviderName,
    providerAccountId: row.providerAccountId,
    credentials: row.credentials,
  };
}

export type ChargingAccount = { account: AccountRow; provider: PaymentProvider; organizationCreatedAt: Date };

/**
 * The account that charges the organization's guests: its active account, or a refusal with the guest's
 * sentence. Never a platform account: without the host's own, nothing is charged (ADR 0021).
 */
export async function chargingAccount(
  ctx: PaymentsContext,
  organizationId: string,
): Promise<ChargingAccount> {
  // Read by every charge: built once.
  const query = prepared(ctx.db, "charging_account", () =>
    ctx.db
      .select({ account: paymentAccounts, organizationCreatedAt: organization.createdAt })
      .from(paymentAccounts)
      .innerJoin(organization, eq(organization.id, paymentAccounts.organizationId))
      .where(
        and(
          eq(paymentAccounts.organizationId, sql.placeholder("organizationId")),
          eq(paymentAccounts.status, "active"),
        ),
      ),
  );
  const [row] = await query.execute({ organizationId });
  return chargingFrom(ctx, row);
}

/**
 * The organization's active account, already read with when the organization was made (none: undefined or a
 * null account), as the one that charges its guests; a refusal with the guest's sentence when there is none
 * or its provider is not offered here.
 */
export function chargingFrom(
  ctx: PaymentsContext,
  read: { account: AccountRow | null; organizationCreatedAt: Date } | undefined,
): ChargingAccount {
  if (!read?.account || !ctx.config.offered.includes(read.account.provider as AccountProviderName))
    throw new AppError("conflict", T.notReceiving);
  const { account, organizationCreatedAt } = read;
  return { account, provider: ctx.providers.charges(asConnected(account)), organizationCreatedAt };
}

/** What the guest's browser needs for a card with the organization's account; null: no card here now. */
export async function browserCardConfigFor(
  ctx: PaymentsContext,
  organizationId: string,
): Promise<BrowserCardConfig | null> {
  try {
    return (await chargingAccount(ctx, organizationId)).provider.browserCardConfig();
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/** Whether the organization's guests can pay now. */
export async function isReceiving(ctx: Pick<PaymentsContext, "db" | "config">, organizationId: string) {
  return receivesWith(await liveAccount(ctx.db, organizationId), ctx.config);
}

/**
 * Whether the guests of this property can pay now: the shop, the cart summary and the checkout say so before
 * the guest types anything (issue 49). One prepared read: the guest pages ask on every visit.
 */
export async function isReceivingAt(
  ctx: Pick<PaymentsContext, "db" | "config">,
  propertyId: string,
): Promise<boolean> {
  const query = prepared(ctx.db, "receiving_at_property", () =>
    ctx.db
      .select({ account: liveAccountState(properties.organizationId) })
      .from(properties)
      .where(eq(properties.id, sql.placeholder("propertyId"))),
  );
  const [row] = await query.execute({ propertyId });
  return receivesWith(row?.account, ctx.config);
}

/** Whether guests can pay with this live account (null: none), the provider being offered here. */
export function receivesWith(
  account: { status: string; provider: string } | null | undefined,
  config: Pick<PaymentsContext, "config">["config"],
): boolean {
  return account?.status === "active" && config.offered.includes(account.provider as AccountProviderName);
}

/**
 * Runs a call with the adapter of the account a payment was made with (looking it up, cancelling or
 * refunding it), guarded as `withCredentials` is.
 */
export async function withAccountProvider<T>(
  ctx: PaymentsContext,
  accountId: string | null,
  call: (provider: PaymentProvider) => Promise<T>,
): Promise<T> {
  const row = accountId ? await accountById(ctx.db, accountId) : null;
  if (!row) throw new ProviderError("payment has no account", 404, false, "no_account");
  return withCredentials(ctx, row, () => call(ctx.providers.charges(asConnected(row))));
}

export async function payoutsOfAccount(
  ctx: PaymentsContext,
  accountId: string | null,
): Promise<PayoutProvider | null> {
  const row = accountId ? await accountById(ctx.db, accountId) : null;
  if (!row?.credentials) return null;
  return ctx.providers.payouts(asConnected(row));
}

/** The credentials a call was made with: a refusal flags the account only if they are still its own. */
export type UsedCredentials = { id: string; credentials: string | null };

/**
 * Runs a call made with an account's credentials; when the provider answers 401 (the seller revoked the
 * authorization, or the token expired), the account moves to 'Precisa reconectar', its owners get an
 * email, and its shops stop charging until it is reconnected. The error goes on to the caller.
 */
export async function withCredentials<T>(
  ctx: PaymentsContext,
  account: UsedCredentials,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProviderError && err.status === 401)
      await markNeedsReconnect(ctx, account, "A autorização foi revogada ou expirou.");
    throw err;
  }
}

/**
 * Moves an active account to 'Precisa reconectar' once, and tells its owners; only while it still holds the
 * credentials that were refused (a late refusal of old credentials never undoes a reconnection).
 */
export async function markNeedsReconnect(
  ctx: PaymentsContext,
  account: UsedCredentials,
  reason: string,
): Promise<void> {
  const [moved] = await ctx.db
    .update(paymentAccounts)
    .set({ status: "needs_reconnect", lastError: reason, updatedAt: ctx.now() })
    .where(
      and(
        eq(paymentAccounts.id, account.id),
        eq(paymentAccounts.status, "active"),
        account.credentials === null
          ? isNull(paymentAccounts.credentials)
          : eq(paymentAccounts.credentials, account.credentials),
      ),
    )
    .returning();
  if (!moved) return;
  ctx.log.warn({ accountId: account.id, provider: moved.provider }, "payment account needs reconnecting");
  await recordActivity(
    ctx.db,
    { userId: null, organizationId: moved.organizationId },
    "payment_account.needs_reconnect",
    providerLabel(moved.provider),
    { reason },
  );
  await notifyMembers(ctx, {
    organizationId: moved.organizationId,
    event: "payment_account",
    // Once per time it stopped working.
    key: `payment-account:${moved.id}:${moved.updatedAt.getTime()}`,
    email: accountNeedsReconnectEmail({
      provider: moved.provider,
      reason,
      url: `${ctx.appUrl}/recebimentos`,
    }),
    whatsapp: { template: "estadia_conta_reconectar", values: [providerLabel(moved.provider), reason] },
  }).catch((err) => ctx.log.warn({ err }, "reconnect notice failed"));
}
