import { and, eq, isNull, lt, or } from "drizzle-orm";
import { paymentAccounts } from "~/platform/db/schema";
import { refreshMercadoPagoToken } from "~/platform/payments/mercadopago-oauth.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { ProviderError } from "~/platform/payments/provider";
import { recordActivity } from "../team/activity.server";
import { markNeedsReconnect } from "./accounts.server";
import { providerLabel } from "./messages";

const DAY_MS = 86_400_000;
/** Mercado Pago's tokens last 180 days: each is renewed when 60 are left, so a failing renewal has weeks. */
export const REFRESH_DAYS_BEFORE_EXPIRY = 60;
/** A renewal that got no answer is tried again after this. */
const CLAIM_MS = 10 * 60_000;
const BATCH = 20;

/**
 * Renews the Mercado Pago tokens that expire soon. Each account is claimed with one guarded update before
 * Mercado Pago is called, so however many instances run this job at once, a token is renewed once: the
 * refresh token it sends is used once, and the new pair (Mercado Pago rotates the refresh token too)
 * replaces the old. A refusal (revoked, invalid_grant) moves the account to 'Precisa reconectar'.
 */
export async function refreshDueTokens(ctx: PaymentsContext): Promise<number> {
  const app = ctx.config.mercadoPago;
  if (!app) return 0;
  const now = ctx.now();
  const due = and(
    eq(paymentAccounts.provider, "mercadopago"),
    eq(paymentAccounts.status, "active"),
    lt(paymentAccounts.tokenExpiresAt, new Date(now.getTime() + REFRESH_DAYS_BEFORE_EXPIRY * DAY_MS)),
  );
  const candidates = await ctx.db
    .select({ id: paymentAccounts.id })
    .from(paymentAccounts)
    .where(due)
    .limit(BATCH);
  let renewed = 0;
  for (const { id } of candidates) {
    const [claimed] = await ctx.db
      .update(paymentAccounts)
      .set({ tokenRefreshedAt: now })
      .where(
        and(
          eq(paymentAccounts.id, id),
          due,
          or(
            isNull(paymentAccounts.tokenRefreshedAt),
            lt(paymentAccounts.tokenRefreshedAt, new Date(now.getTime() - CLAIM_MS)),
          ),
        ),
      )
      .returning();
    if (!claimed?.credentials) continue;
    try {
      const fresh = await refreshMercadoPagoToken(app, claimed.credentials);
      // Guarded by the credentials it renewed: a reconnection meanwhile is not overwritten.
      const [saved] = await ctx.db
        .update(paymentAccounts)
        .set({ credentials: fresh.sealedCredentials, tokenExpiresAt: fresh.expiresAt, updatedAt: ctx.now() })
        .where(and(eq(paymentAccounts.id, id), eq(paymentAccounts.credentials, claimed.credentials)))
        .returning({ id: paymentAccounts.id });
      if (!saved) continue;
      renewed += 1;
      await recordActivity(
        ctx.db,
        { userId: null, organizationId: claimed.organizationId },
        "payment_account.token_refreshed",
        providerLabel(claimed.provider),
      );
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      ctx.log.warn({ err, accountId: id }, "Mercado Pago token not renewed");
      // Only the seller's grant being refused needs the seller; our own app's credentials are ours to fix.
      if (err.code === "invalid_grant")
        await markNeedsReconnect(ctx, claimed, "A renovação da autorização foi recusada.");
    }
  }
  return renewed;
}
