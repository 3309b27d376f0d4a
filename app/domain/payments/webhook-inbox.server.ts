import { and, asc, eq, inArray, isNull, lt } from "drizzle-orm";
import { paymentEvents, payments } from "~/platform/db/schema";
import { countWebhookVerificationFailed } from "~/platform/metrics/checkout-metrics.server";
import type { WebhookSource } from "~/platform/payments/account-providers.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { ProviderError, type WebhookRequest } from "~/platform/payments/provider";
import { PayoutError } from "~/platform/payouts/payout-provider";
import { recheckTransfer } from "../ledger/withdrawals.server";
import { accountForSeller, liveAccount, withAccountProvider } from "../payment-accounts/accounts.server";
import { recheckCharge } from "./apply-payment.server";
import { recordEvent } from "./payment-events.server";

// Every provider notification, about a payment or a payout, on any URL, takes this one path: it is
// received (checked, stored once, answered at once), then applied out of the request. A notification is
// only a hint: what it is about is fetched from the provider with the account it concerns (ADR 0015).

/**
 * What a notification became: refused (not authentic: 401), a replay, passed over (an unsigned call about
 * no payment of ours: answered 200, stored nowhere), or stored (answered 200).
 */
export type Received =
  | { outcome: "refused" | "duplicate" | "passed" }
  | { outcome: "stored"; eventId: string };

/** What applying a stored event did; a deferred one is left for the sweep. */
export type Applied = "applied" | "ignored" | "deferred";

/** The topics whose subject is fetched and applied; an event of any other is stored as processed. */
const APPLIED_TOPICS = ["payment", "transfer", "chargebacks"];

/** The sweep applies an event still unprocessed this long after it arrived. */
const SWEEP_AFTER_SECONDS = 10;

type StoredEvent = typeof paymentEvents.$inferSelect;

/**
 * Checks a notification with the reader of the place it reached, and stores it once, with the organization
 * of the account it came through (an account's own URL) or names (the seller of a shared URL). Nothing is
 * fetched or applied here: the provider gets its answer without waiting for that.
 */
export async function receiveWebhook(
  ctx: PaymentsContext,
  source: WebhookSource,
  request: WebhookRequest,
): Promise<Received> {
  const notice = ctx.providers.webhookReader(source)?.(request);
  if (!notice) return refused(source);
  const provider = source.to === "account" ? source.account.provider : source.provider;
  // An unsigned call is only worth a look when it names a payment we made (then fetched with its account).
  if (notice.unsigned && !(await isOurPayment(ctx, provider, notice.subjectId))) return { outcome: "passed" };
  const account =
    source.to === "account"
      ? source.account
      : notice.sellerId
        ? await accountForSeller(ctx.db, provider, notice.sellerId)
        : null;
  // Nothing will ever be fetched for a topic we do not act on, or for a seller with no account here.
  const settled = !APPLIED_TOPICS.includes(notice.topic) || (notice.sellerId !== null && !account);
  const now = ctx.now();
  const id = await recordEvent(ctx.db, {
    provider,
    eventId: notice.eventId,
    topic: notice.topic,
    subjectId: notice.subjectId,
    body: request.body,
    organizationId: account?.organizationId ?? null,
    receivedAt: now,
    processedAt: settled ? now : null,
  });
  return id ? { outcome: "stored", eventId: id } : { outcome: "duplicate" };
}

/**
 * Applies one stored event: the payment or transfer it is about is fetched and applied, and the event
 * marked processed. When the provider cannot answer now, the event stays unprocessed for the sweep.
 */
export async function applyWebhookEvent(ctx: PaymentsContext, id: string): Promise<Applied> {
  const [event] = await ctx.db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.id, id), isNull(paymentEvents.processedAt)));
  if (!event) return "ignored";
  let news: News = { applied: false, organizationId: event.organizationId };
  try {
    if (event.topic === "payment") news = await applyPaymentNews(ctx, event);
    if (event.topic === "transfer") news = await applyTransferNews(ctx, event);
    if (event.topic === "chargebacks") news = await applyChargebackNews(ctx, event);
  } catch (err) {
    if (!(err instanceof ProviderError) && !(err instanceof PayoutError)) throw err;
    ctx.log.warn({ err, eventId: event.id }, "webhook subject not fetched");
    // A subject the provider does not know will never be: done. Anything else: the sweep tries again.
    if (err.retryable) return "deferred";
  }
  await ctx.db
    .update(paymentEvents)
    .set({ processedAt: ctx.now(), organizationId: news.organizationId })
    .where(eq(paymentEvents.id, event.id));
  return news.applied ? "applied" : "ignored";
}

/** Starts applying a stored event right after the request that stored it, without holding its answer. */
export function applyWebhookSoon(ctx: PaymentsContext, id: string): void {
  void applyLogged(ctx, id);
}

/**
 * The sweep's part: stored events a failed or interrupted application left unprocessed, applied a while
 * after they arrived. How many are done with.
 */
export async function applyStoredEvents(ctx: PaymentsContext, limit = 50): Promise<number> {
  const due = await ctx.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(
      and(
        isNull(paymentEvents.processedAt),
        inArray(paymentEvents.topic, APPLIED_TOPICS),
        lt(paymentEvents.receivedAt, new Date(ctx.now().getTime() - SWEEP_AFTER_SECONDS * 1000)),
      ),
    )
    .orderBy(asc(paymentEvents.receivedAt))
    .limit(limit);
  let done = 0;
  for (const { id } of due) if ((await applyLogged(ctx, id)) !== "deferred") done += 1;
  return done;
}

/** Applies one stored event and logs the outcome; an error is logged and leaves it for the next sweep. */
async function applyLogged(ctx: PaymentsContext, id: string): Promise<Applied> {
  try {
    const outcome = await applyWebhookEvent(ctx, id);
    ctx.log.info({ eventId: id, outcome }, "webhook applied");
    return outcome;
  } catch (err) {
    ctx.log.error({ err, eventId: id }, "webhook not applied; the sweep tries again");
    return "deferred";
  }
}

/** Whether an event's subject was applied, and the organization the event belongs to (null: no one's). */
type News = { applied: boolean; organizationId: string | null };

/**
 * A payment we made is asked of the account that made it, and only when the event came through that same
 * account or names none: news for seller A never touches another organization. A payment we have no
 * answer for yet is asked of the account the event came through.
 */
async function applyPaymentNews(ctx: PaymentsContext, event: StoredEvent): Promise<News> {
  const unapplied = { applied: false, organizationId: event.organizationId };
  const [known] = await ctx.db
    .select({ paymentAccountId: payments.paymentAccountId })
    .from(payments)
    .where(
      and(eq(payments.provider, event.provider), eq(payments.providerPaymentId, event.providerPaymentId)),
    );
  let accountId = known?.paymentAccountId ?? null;
  if (event.organizationId) {
    const through = await accountThrough(ctx, event);
    if (known && known.paymentAccountId !== through) {
      ctx.log.warn({ eventId: event.id }, "webhook names another seller than the payment's: ignored");
      return { applied: false, organizationId: null };
    }
    accountId = through;
  }
  if (!known && !accountId) return unapplied;
  const applied = await recheckCharge(ctx, {
    provider: event.provider,
    providerPaymentId: event.providerPaymentId,
    paymentAccountId: accountId,
  });
  return applied ? { applied: true, organizationId: applied.organizationId } : unapplied;
}

/**
 * A chargeback case (Mercado Pago's `chargebacks` topic names the case, not the payment) is asked of the
 * account the event came through, and each payment it names is then news for that payment, applied as the
 * payment topic's are (the payment's own status says opened, won or lost; ADR 0061).
 */
async function applyChargebackNews(ctx: PaymentsContext, event: StoredEvent): Promise<News> {
  const unapplied = { applied: false, organizationId: event.organizationId };
  const through = await accountThrough(ctx, event);
  if (!through) return unapplied;
  const named = await withAccountProvider(ctx, through, async (p) =>
    p.chargebackPayments ? p.chargebackPayments(event.providerPaymentId) : [],
  );
  let news = unapplied;
  for (const providerPaymentId of named) {
    const one = await applyPaymentNews(ctx, { ...event, providerPaymentId });
    if (one.applied) news = one;
  }
  return news;
}

/** A transfer is asked of the account that made it; when the event came through an account, only that one's. */
async function applyTransferNews(ctx: PaymentsContext, event: StoredEvent): Promise<News> {
  const unapplied = { applied: false, organizationId: event.organizationId };
  const through = await accountThrough(ctx, event);
  if (event.organizationId && !through) return unapplied;
  const organizationId = await recheckTransfer(ctx, event.provider, event.providerPaymentId, through);
  return organizationId ? { applied: true, organizationId } : unapplied;
}

/** The id of the event's organization's live account with the event's provider, or null. */
async function accountThrough(ctx: PaymentsContext, event: StoredEvent): Promise<string | null> {
  const account = event.organizationId ? await liveAccount(ctx.db, event.organizationId) : null;
  return account?.provider === event.provider ? account.id : null;
}

async function isOurPayment(ctx: PaymentsContext, provider: string, providerPaymentId: string) {
  if (!providerPaymentId) return false;
  const [row] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .limit(1);
  return Boolean(row);
}

/** A notification whose signature or token did not hold: counted for the operator, answered 401. */
function refused(source: WebhookSource): Received {
  countWebhookVerificationFailed(source.to === "account" ? source.account.provider : source.provider);
  return { outcome: "refused" };
}
