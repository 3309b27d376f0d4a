import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { PaymentMethod } from "~/lib/payment-method";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { runPrepared } from "~/platform/db/prepared";
import { orders, payments } from "~/platform/db/schema";
import { countPayment } from "~/platform/metrics/checkout-metrics.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { ProviderError } from "~/platform/payments/provider";
import {
  countedHitsJson,
  countedVerdicts,
  type ThrottlePolicy,
  type ThrottleResult,
  throttleAllowedSql,
  throttleHitsStatement,
} from "~/platform/throttle.server";
import { AppError } from "../errors";
import {
  buyerOf,
  type GuestOrder,
  latestGuestOrder,
  type OpenGuestOrder,
  openGuestOrder,
  orderIsOpen,
} from "../orders/guest-orders.server";
import { CHECKOUT_TEXT as T } from "../orders/messages";
import {
  type ChargingAccount,
  chargingFrom,
  type UsedCredentials,
  withCredentials,
} from "../payment-accounts/accounts.server";
import { RECEIVING_TEXT as RECEIVING } from "../payment-accounts/messages";
import { platformFeeCents } from "../payment-accounts/platform-fee";
import { expireOrder } from "./expire-order.server";
import { placeOrder } from "./place-order.server";

export type GuestKey = { cartId: string; deviceId: string; ip: string };

/**
 * The order a payment is for, and the organization's own account that will charge it (with Estadia's fee on
 * it): the order in progress, or, after a refused or expired payment, a new one made from the same cart and
 * the buyer data the guest already gave (so trying again asks nothing twice). not_found when the guest never
 * identified themselves for this cart (the page sends them back there); the guest's sentence when the
 * organization cannot receive payments now.
 */
export async function orderToPay(
  ctx: PaymentsContext,
  key: GuestKey,
  method: PaymentMethod,
): Promise<{ order: GuestOrder; charger: Charger }> {
  let open = await openGuestOrder(ctx.db, key.cartId, key.deviceId);
  if (open && open.order.expiresAt <= ctx.now()) {
    await expireOrder(ctx, open.order.id);
    open = await openGuestOrder(ctx.db, key.cartId, key.deviceId);
  }
  if (open) return { order: open.order, charger: chargerOf(ctx, open) };
  const last = await latestGuestOrder(ctx.db, key.cartId, key.deviceId);
  if (!last) throw new AppError("not_found", T.orderNotFound);
  if (last.status === "paid") throw new AppError("conflict", T.alreadyPaid);
  // The buyer's confirmation of being 18 or older carries over like the rest of what they gave.
  const placed = await placeOrder(ctx, {
    ...key,
    method,
    buyer: buyerOf(last),
    adultConfirmed: last.adultConfirmedAt !== null,
  });
  if (!placed.ok) throw new AppError("invalid", T.nothingAvailable);
  const made = await openGuestOrder(ctx.db, key.cartId, key.deviceId);
  if (!made) throw new AppError("not_found", T.orderNotFound);
  return { order: made.order, charger: chargerOf(ctx, made) };
}

/** Locks the order for a new charge; not_found / conflict when it is no longer open. */
export async function lockOpenOrder(tx: Tx, orderId: string): Promise<GuestOrder> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), orderIsOpen))
    .for("update");
  if (!order) throw new AppError("conflict", T.expired);
  return order;
}

type Charger = ChargingAccount & { platformFeeCents: number };

/** The account that charges an order in progress, read with it, and Estadia's fee on it. */
function chargerOf(ctx: PaymentsContext, open: OpenGuestOrder): Charger {
  const charging = chargingFrom(ctx, open);
  const fee = platformFeeCents(ctx.config, open.order.totalCents, open.organizationCreatedAt, ctx.now());
  return { ...charging, platformFeeCents: fee };
}

/** What every charge of an attempt tells the provider: the order, its payer, the attempt's key, Estadia's fee. */
export function chargeBasics(
  order: GuestOrder,
  attempt: { idempotencyKey: string },
  charger: { platformFeeCents: number },
) {
  return {
    orderId: order.id,
    amountCents: order.totalCents,
    description: `Pedido ${order.id.slice(0, 8)}`,
    payer: { name: order.buyerName, email: order.buyerEmail, cpf: order.buyerCpf },
    idempotencyKey: attempt.idempotencyKey,
    platformFeeCents: charger.platformFeeCents,
  };
}

/** A provider call of a new charge: a revoked account stops charging and the guest is told why. */
export async function charge<T>(
  ctx: PaymentsContext,
  account: UsedCredentials & { provider: string },
  call: () => Promise<T>,
): Promise<T> {
  try {
    const made = await withCredentials(ctx, account, call);
    countPayment(account.provider, "created");
    return made;
  } catch (err) {
    countPayment(account.provider, "failed");
    if (err instanceof ProviderError && err.status === 401)
      throw new AppError("conflict", RECEIVING.notReceiving);
    throw err;
  }
}

type Charging = { account: { id: string; provider: string }; platformFeeCents: number };
type Attempt = { id: string; idempotencyKey: string };

/**
 * A new attempt to pay the (locked) order with a method, counted against each limit (refused past any of
 * them, and the caller's transaction rolls it back): one statement.
 */
export async function newAttempt(
  tx: Tx,
  charging: Charging,
  order: GuestOrder,
  method: PaymentMethod,
  now: Date,
  limits: [ThrottlePolicy, string][],
): Promise<Attempt> {
  const attempt = attemptOf(order, method);
  const rows = await runPrepared(
    tx,
    "new_attempt",
    sql`
    with throttle as (${throttleHitsStatement(limits, now)}),
    ${attemptStatement(charging, order, method, now, attempt, sql`true`)}
    select ${countedHitsJson("throttle")} as hits`,
    { limits: limits.length },
  );
  refusePastLimits(await countedVerdicts(tx, limits, rows[0]?.hits, now));
  return attempt;
}

/** Refuses the attempt past any of its limits. */
function refusePastLimits(verdicts: ThrottleResult[]) {
  for (const result of verdicts) {
    if (!result.allowed)
      throw new AppError("rate_limited", T.tooManyCharges, undefined, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
  }
}

/** A new attempt's ids: its own idempotency key, so a retry of its call to the provider never charges twice. */
function attemptOf(order: GuestOrder, method: PaymentMethod): Attempt {
  return { id: randomUUID(), idempotencyKey: `order:${order.id}:${method}:${randomUUID()}` };
}

/** The `with` parts of an attempt, when `when` holds: the order takes the method, the attempt its row. */
function attemptStatement(
  charging: Charging,
  order: GuestOrder,
  method: PaymentMethod,
  now: Date,
  attempt: Attempt,
  when: SQL,
): SQL {
  const expiresAt = method === "pix" ? order.expiresAt.toISOString() : null;
  return sql`moved as (
      update ${orders} set payment_method = ${method}, updated_at = ${now.toISOString()}::timestamptz
      where id = ${order.id} and ${when}),
    made as (
      insert into ${payments} (id, organization_id, order_id, provider, payment_account_id, platform_fee_cents,
        method, amount_cents, idempotency_key, expires_at)
      select ${attempt.id}::uuid, ${order.organizationId}::uuid, ${order.id}::uuid, ${charging.account.provider},
        ${charging.account.id}::uuid, ${charging.platformFeeCents}::bigint, ${method}, ${order.totalCents}::bigint,
        ${attempt.idempotencyKey}, ${expiresAt}::timestamptz
      where ${when})`;
}

/** The order's PIX charges that can still be paid or are being asked for, made since `since`. */
export function livePixOf(orderId: string, since: Date) {
  return and(
    eq(payments.orderId, orderId),
    eq(payments.method, "pix"),
    inArray(payments.status, ["creating", "pending"]),
    gt(payments.createdAt, since),
  );
}

/**
 * The usual PIX attempt as one statement, without a transaction: the order in progress is locked at once
 * (no other change waits on it, nor committed since the statement began: its row version is the one the
 * statement reads, and every new attempt moves that row), it has no live PIX charge, and the limits allow
 * one more. Otherwise it writes nothing but the hits, and says so (null); past a limit it refuses.
 */
export async function pixAttemptAtOnce(
  db: Db,
  charging: Charging,
  order: GuestOrder,
  now: Date,
  since: Date,
  limits: [ThrottlePolicy, string][],
): Promise<Attempt | null> {
  const attempt = attemptOf(order, "pix");
  const rows = await runPrepared(
    db,
    "pix_attempt_at_once",
    sql`
    with seen as (select xmin::text as version from ${orders} where id = ${order.id}),
    locked as (
      select xmin::text as version from ${orders} where ${and(eq(orders.id, order.id), orderIsOpen)}
      for update skip locked),
    live as (select 1 from ${payments} where ${livePixOf(order.id, since)}),
    go as (
      select 1 from locked join seen on seen.version = locked.version where not exists (select 1 from live)),
    throttle as (${throttleHitsStatement(limits, now, sql`exists (select 1 from go)`)}),
    ${attemptStatement(charging, order, "pix", now, attempt, throttleAllowedSql(limits, "throttle"))}
    select exists (select 1 from go) as went, ${countedHitsJson("throttle")} as hits`,
    { limits: limits.length },
  );
  if (rows[0]?.went !== true) return null;
  refusePastLimits(await countedVerdicts(db, limits, rows[0]?.hits, now));
  return attempt;
}
