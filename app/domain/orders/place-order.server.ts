import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { formatCentsIn } from "~/lib/i18n/format";
import { type GuestLocale, parseLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
import type { PaymentMethod } from "~/lib/payment-method";
import type { Tx } from "~/platform/db/database-handle.server";
import {
  cartItems,
  carts,
  type OrderNotice,
  orderItems,
  orderStatusChanges,
  orders,
  payments,
  products,
  properties,
  propertyProducts,
} from "~/platform/db/schema";
import type { AccountProviderName } from "~/platform/env.server";
import { countOrder, type OrderMetricStatus } from "~/platform/metrics/checkout-metrics.server";
import { throttleHit } from "~/platform/throttle.server";
import { CART_LINE_MAX } from "../carts/cart-policy";
import { recomputeTotal } from "../carts/cart-summary.server";
import { AppError } from "../errors";
import { countPlacedOrder } from "../ledger/sales-summary.server";
import { liveAccount } from "../payment-accounts/accounts.server";
import { RECEIVING_TEXT } from "../payment-accounts/messages";
import { type ChargeRef, cancelCharge } from "../payments/at-provider.server";
import type { PaymentsContext } from "../payments/payments-context";
import { CHECKOUT_THROTTLES } from "../payments/throttles";
import { holdStock } from "../stock/order-stock.server";
import { BUYER_TEXT, type Buyer } from "./buyer";
import { CHECKOUT_TEXT as T } from "./messages";
import { OPEN_STATUSES } from "./order-status";
import { closeOrder } from "./order-transitions.server";

export type PlaceOrderInput = {
  cartId: string;
  deviceId: string;
  method: PaymentMethod;
  buyer: Buyer;
  ip: string;
  /** The buyer ticked 'Confirmo que tenho 18 anos ou mais.'; required when the cart holds an 18+ product. */
  adultConfirmed?: boolean;
  /** The guest's language, kept on the order for its receipt; pt-BR when not given. */
  locale?: GuestLocale;
};

export type PlaceOrderResult =
  | { ok: true; orderId: string; notices: OrderNotice[] }
  /** Nothing in the cart can be bought any more; the cart was brought up to date and nothing was ordered. */
  | { ok: false; notices: OrderNotice[] };

type Line = {
  productId: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  adultsOnly: boolean;
};

/**
 * Turns the guest's cart into an order, with today's names and prices read from the database, and holds
 * its stock: all in one transaction, so concurrent buyers never take more than there is. The cart is
 * brought up to date too (prices, items that left), and what changed is told to the guest. An order
 * already in progress for the cart is kept when nothing changed, and replaced otherwise.
 */
export async function placeOrder(ctx: PaymentsContext, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const now = ctx.now();
  const toCancel: ChargeRef[] = [];
  const moved: OrderMetricStatus[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const cart = await lockGuestCart(tx, input.cartId, input.deviceId);
    // No account of the host's own, no order: nothing is held for a payment that cannot be made.
    const account = await liveAccount(tx, cart.organizationId);
    if (account?.status !== "active" || !ctx.config.offered.includes(account.provider as AccountProviderName))
      throw new AppError("conflict", RECEIVING_TEXT.notReceiving);
    // Asaas makes no charge without the payer's CPF (its customers need one).
    if (account.provider === "asaas" && !input.buyer.cpf)
      throw new AppError("invalid", BUYER_TEXT.cpfRequired, { cpf: BUYER_TEXT.cpfRequired });
    const locale = input.locale ?? (await lastLocale(tx, cart.id));
    const { lines, notices } = await currentLines(tx, cart);
    if (lines.length === 0) return { ok: false as const, notices };
    // Selling alcohol or tobacco to minors is a crime (ECA art. 243): no order without the buyer's word.
    const adultsOnly = lines.some((l) => l.adultsOnly);
    if (adultsOnly && !input.adultConfirmed)
      throw new AppError("invalid", T.adultConfirmRequired, { adult: T.adultConfirmRequired });
    const adultConfirmedAt = adultsOnly ? now : null;

    const [open] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.cartId, cart.id), inArray(orders.status, [...OPEN_STATUSES])))
      .for("update");
    if (open) {
      const live = await tx
        .select({
          provider: payments.provider,
          providerPaymentId: payments.providerPaymentId,
          paymentAccountId: payments.paymentAccountId,
          status: payments.status,
          method: payments.method,
        })
        .from(payments)
        .where(
          and(eq(payments.orderId, open.id), inArray(payments.status, ["creating", "pending", "processing"])),
        );
      if (open.status === "processing" || live.some((p) => p.status === "processing"))
        throw new AppError("conflict", T.cardInReview);
      if (open.expiresAt > now && sameBuyer(open, input.buyer) && (await sameLines(tx, open.id, lines))) {
        // A product marked 18+ after the order was made: the confirmation just given is recorded too.
        const confirm = adultsOnly && open.adultConfirmedAt === null;
        // The guest may have switched language since: the receipt follows the latest choice.
        if (open.paymentMethod !== input.method || confirm || open.locale !== locale) {
          await tx
            .update(orders)
            .set({
              paymentMethod: input.method,
              locale,
              updatedAt: now,
              ...(confirm ? { adultConfirmedAt } : {}),
            })
            .where(eq(orders.id, open.id));
        }
        return { ok: true as const, orderId: open.id, notices };
      }
      if (await closeOrder(tx, open, "cancelled", "replaced", now)) moved.push("cancelled");
      for (const { providerPaymentId, provider, paymentAccountId } of live)
        if (providerPaymentId) toCancel.push({ provider, providerPaymentId, paymentAccountId });
    }

    const limit = await throttleHit(tx, CHECKOUT_THROTTLES.ordersPerIp, input.ip, now);
    if (!limit.allowed)
      throw new AppError("rate_limited", T.tooManyOrders, undefined, {
        retryAfterSeconds: limit.retryAfterSeconds,
      });
    // The order's own rows first; then the locks other orders of this property wait on — its day's
    // summary row, then (lock order) the stock rows — held for as few statements as possible before commit.
    const totalCents = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
    const [order] = await tx
      .insert(orders)
      .values({
        organizationId: cart.organizationId,
        propertyId: cart.propertyId,
        cartId: cart.id,
        deviceId: input.deviceId,
        paymentMethod: input.method,
        buyerName: input.buyer.name,
        buyerEmail: input.buyer.email,
        buyerPhone: input.buyer.phone,
        buyerCpf: input.buyer.cpf,
        totalCents,
        adultConfirmedAt,
        locale,
        notices,
        expiresAt: new Date(now.getTime() + ctx.config.holdMinutes * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error("order insert returned nothing");
    await tx.insert(orderStatusChanges).values({
      organizationId: cart.organizationId,
      orderId: order.id,
      fromStatus: null,
      toStatus: "pending",
      reason: "created",
    });
    await countPlacedOrder(tx, {
      id: order.id,
      organizationId: cart.organizationId,
      propertyId: cart.propertyId,
      createdAt: now,
    });
    const held = await holdStock(tx, cart.propertyId, lines);
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        organizationId: cart.organizationId,
        orderId: order.id,
        productId: l.productId,
        name: l.name,
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
        reservedQuantity: held.get(l.productId) ?? 0,
      })),
    );
    moved.push("placed");
    return { ok: true as const, orderId: order.id, notices };
  });
  for (const status of moved) countOrder(status);
  // The replaced order's charges can no longer be paid; should one be paid anyway, it is refunded.
  for (const ref of toCancel) {
    await cancelCharge(ctx, ref).catch((err) =>
      ctx.log.warn({ err, paymentId: ref.providerPaymentId }, "cancel failed"),
    );
  }
  return result;
}

export type GuestCartRow = { id: string; organizationId: string; propertyId: string };

/** The device's pending cart in a shop that still exists, locked; not_found for anyone else. */
export async function lockGuestCart(tx: Tx, cartId: string, deviceId: string): Promise<GuestCartRow> {
  const [cart] = await tx
    .select({ id: carts.id, organizationId: carts.organizationId, propertyId: carts.propertyId })
    .from(carts)
    .innerJoin(properties, and(eq(properties.id, carts.propertyId), isNull(properties.archivedAt)))
    .where(and(eq(carts.id, cartId), eq(carts.deviceId, deviceId), eq(carts.status, "pending")))
    .for("update", { of: carts });
  if (!cart) throw new AppError("not_found", T.cartNotFound);
  return cart;
}

/**
 * The cart's lines with today's data: items archived, taken out of the property or without a price leave
 * the cart; changed prices are updated in it; a line is capped at 99 units. Notices say what changed.
 */
async function currentLines(tx: Tx, cart: GuestCartRow): Promise<{ lines: Line[]; notices: OrderNotice[] }> {
  const rows = await tx
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      cartPrice: cartItems.unitPriceCents,
      name: products.name,
      price: products.priceCents,
      adultsOnly: products.adultsOnly,
      archivedAt: products.archivedAt,
      held: propertyProducts.productId,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(
      propertyProducts,
      and(
        eq(propertyProducts.propertyId, cart.propertyId),
        eq(propertyProducts.productId, cartItems.productId),
      ),
    )
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.createdAt));
  const lines: Line[] = [];
  const notices: OrderNotice[] = [];
  let changed = false;
  for (const r of rows) {
    const where = and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, r.productId));
    if (r.archivedAt !== null || r.held === null || r.price <= 0) {
      notices.push({ productId: r.productId, name: r.name, kind: "removed" });
      await tx.delete(cartItems).where(where);
      changed = true;
      continue;
    }
    const quantity = Math.min(r.quantity, CART_LINE_MAX);
    if (r.cartPrice !== r.price || quantity !== r.quantity) {
      if (r.cartPrice !== r.price)
        notices.push({ productId: r.productId, name: r.name, kind: "price", from: r.cartPrice, to: r.price });
      await tx.update(cartItems).set({ unitPriceCents: r.price, quantity }).where(where);
      changed = true;
    }
    lines.push({
      productId: r.productId,
      name: r.name,
      quantity,
      unitPriceCents: r.price,
      adultsOnly: r.adultsOnly,
    });
  }
  if (changed) await recomputeTotal(tx, cart.id);
  return { lines, notices };
}

/** An order made again without the guest (a new payment after one expired) keeps the cart's language. */
async function lastLocale(tx: Tx, cartId: string): Promise<GuestLocale> {
  const [last] = await tx
    .select({ locale: orders.locale })
    .from(orders)
    .where(eq(orders.cartId, cartId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return parseLocale(last?.locale) ?? "pt-BR";
}

function sameBuyer(order: typeof orders.$inferSelect, buyer: Buyer): boolean {
  return (
    order.buyerName === buyer.name &&
    order.buyerEmail === buyer.email &&
    order.buyerPhone === buyer.phone &&
    order.buyerCpf === buyer.cpf
  );
}

async function sameLines(tx: Tx, orderId: string, lines: Line[]): Promise<boolean> {
  const items = await tx
    .select({
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const key = (l: { productId: string; quantity: number; unitPriceCents: number }) =>
    `${l.productId}:${l.quantity}:${l.unitPriceCents}`;
  return items.map(key).sort().join() === lines.map(key).sort().join();
}

/** What the guest reads about a notice, in their language (pt-BR by default). */
export function noticeText(notice: OrderNotice, locale: GuestLocale = "pt-BR"): string {
  const t = guestMessages(locale).checkout.notices;
  return notice.kind === "removed"
    ? t.removed(notice.name)
    : t.priceChanged(
        notice.name,
        formatCentsIn(locale, notice.from ?? 0),
        formatCentsIn(locale, notice.to ?? 0),
      );
}
