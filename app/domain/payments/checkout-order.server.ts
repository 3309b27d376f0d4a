import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { PaymentMethod } from "~/lib/payment-method";
import type { Tx } from "~/platform/db/database-handle.server";
import { orders, payments } from "~/platform/db/schema";
import { countPayment } from "~/platform/metrics/checkout-metrics.server";
import { ProviderError } from "~/platform/payments/provider";
import { type ThrottlePolicy, throttleHits } from "~/platform/throttle.server";
import { AppError } from "../errors";
import { buyerOf, type GuestOrder, latestGuestOrder, openGuestOrder } from "../orders/guest-orders.server";
import { CHECKOUT_TEXT as T } from "../orders/messages";
import { OPEN_STATUSES } from "../orders/order-status";
import { placeOrder } from "../orders/place-order.server";
import { chargingAccount, type UsedCredentials, withCredentials } from "../payment-accounts/accounts.server";
import { RECEIVING_TEXT as RECEIVING } from "../payment-accounts/messages";
import { platformFeeCents } from "../payment-accounts/platform-fee";
import { expireOrder } from "./expire-order.server";
import type { PaymentsContext } from "./payments-context";

export type GuestKey = { cartId: string; deviceId: string; ip: string };

/**
 * The order a payment is for: the one in progress, or, after a refused or expired payment, a new one made
 * from the same cart and the buyer data the guest already gave (so trying again asks nothing twice).
 * not_found when the guest never identified themselves for this cart (the page sends them back there).
 */
export async function orderToPay(
  ctx: PaymentsContext,
  key: GuestKey,
  method: PaymentMethod,
): Promise<GuestOrder> {
  let open = await openGuestOrder(ctx.db, key.cartId, key.deviceId);
  if (open && open.expiresAt <= ctx.now()) {
    await expireOrder(ctx, open.id);
    open = await openGuestOrder(ctx.db, key.cartId, key.deviceId);
  }
  if (open) return open;
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
  return made;
}

/** Locks the order for a new charge; not_found / conflict when it is no longer open. */
export async function lockOpenOrder(tx: Tx, orderId: string): Promise<GuestOrder> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...OPEN_STATUSES])))
    .for("update");
  if (!order) throw new AppError("conflict", T.expired);
  return order;
}

/**
 * The organization's own account that will charge this order, with Estadia's fee on it; the guest's sentence
 * when the organization cannot receive payments now.
 */
export async function chargerFor(ctx: PaymentsContext, order: GuestOrder) {
  const charging = await chargingAccount(ctx, order.organizationId);
  const fee = platformFeeCents(ctx.config, order.totalCents, charging.organizationCreatedAt, ctx.now());
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

/** Counts a charge attempt against each limit; refuses past any of them. */
export async function limitCharges(tx: Tx, hits: [ThrottlePolicy, string][], now: Date): Promise<void> {
  for (const result of await throttleHits(tx, hits, now)) {
    if (!result.allowed)
      throw new AppError("rate_limited", T.tooManyCharges, undefined, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
  }
}

/**
 * A new attempt to pay the (locked) order with a method: the order takes that method, and the attempt its
 * own idempotency key, so any retry of the attempt's call to the provider can never charge twice.
 */
export async function newAttempt(
  tx: Tx,
  charging: { account: { id: string; provider: string }; platformFeeCents: number },
  order: GuestOrder,
  method: PaymentMethod,
  now: Date,
): Promise<typeof payments.$inferSelect> {
  await tx.update(orders).set({ paymentMethod: method, updatedAt: now }).where(eq(orders.id, order.id));
  const [row] = await tx
    .insert(payments)
    .values({
      organizationId: order.organizationId,
      orderId: order.id,
      provider: charging.account.provider,
      paymentAccountId: charging.account.id,
      platformFeeCents: charging.platformFeeCents,
      method,
      amountCents: order.totalCents,
      idempotencyKey: `order:${order.id}:${method}:${randomUUID()}`,
      expiresAt: method === "pix" ? order.expiresAt : null,
    })
    .returning();
  if (!row) throw new Error("payment insert returned nothing");
  return row;
}
