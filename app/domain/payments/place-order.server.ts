import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { formatCentsIn } from "~/lib/i18n/format";
import { type GuestLocale, parseLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
import type { PaymentMethod } from "~/lib/payment-method";
import { preArrivalPhase } from "~/lib/pre-arrival-window";
import type { Tx } from "~/platform/db/database-handle.server";
import { cartItems, type OrderNotice, orderItems, orders, payments, stays } from "~/platform/db/schema";
import type { AccountProviderName } from "~/platform/env.server";
import { countOrder, type OrderMetricStatus } from "~/platform/metrics/checkout-metrics.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { CART_LINE_MAX } from "../carts/cart-policy";
import { recomputeTotal } from "../carts/cart-summary.server";
import { AppError } from "../errors";
import { BUYER_TEXT, type Buyer } from "../orders/buyer";
import { orderIsOpen } from "../orders/guest-orders.server";
import { CHECKOUT_TEXT as T } from "../orders/messages";
import { type BasisLine, readOrderBasis } from "../orders/order-basis.server";
import { closeOrder } from "../orders/order-transitions.server";
import { type OrderLine, writeOrder } from "../orders/write-order.server";
import { RECEIVING_TEXT } from "../payment-accounts/messages";
import { type ChargeRef, cancelCharge } from "./apply-payment.server";

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
  /**
   * The guest ticked 'Receber o comprovante no WhatsApp' (issue 50; offered only where WhatsApp is
   * configured): their consent is kept with its time. Needs a phone.
   */
  whatsappReceipt?: boolean;
};

export type PlaceOrderResult =
  | { ok: true; orderId: string; notices: OrderNotice[] }
  /** Nothing in the cart can be bought any more; the cart was brought up to date and nothing was ordered. */
  | { ok: false; notices: OrderNotice[] };

type Line = OrderLine & { adultsOnly: boolean };

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
    const basis = await readOrderBasis(tx, input.cartId, input.deviceId);
    const { cart, account } = basis;
    if (cart.stayId) await refuseClosedPreArrival(tx, cart.stayId, now);
    // No account of the host's own, no order: nothing is held for a payment that cannot be made.
    if (account?.status !== "active" || !ctx.config.offered.includes(account.provider as AccountProviderName))
      throw new AppError("conflict", RECEIVING_TEXT.notReceiving);
    // Asaas makes no charge without the payer's CPF (its customers need one).
    if (account.provider === "asaas" && !input.buyer.cpf)
      throw new AppError("invalid", BUYER_TEXT.cpfRequired, { cpf: BUYER_TEXT.cpfRequired });
    // An order made again without the guest (a new payment after one expired) keeps the cart's language.
    const locale = input.locale ?? parseLocale(basis.lastLocale) ?? "pt-BR";
    const { lines, notices } = await currentLines(tx, cart.id, basis.lines);
    if (lines.length === 0) return { ok: false as const, notices };
    // Selling alcohol or tobacco to minors is a crime (ECA art. 243): no order without the buyer's word.
    const adultsOnly = lines.some((l) => l.adultsOnly);
    if (adultsOnly && !input.adultConfirmed)
      throw new AppError("invalid", T.adultConfirmRequired, { adult: T.adultConfirmRequired });
    const adultConfirmedAt = adultsOnly ? now : null;
    if (input.whatsappReceipt && !input.buyer.phone)
      throw new AppError("invalid", BUYER_TEXT.whatsappNeedsPhone, { phone: BUYER_TEXT.whatsappNeedsPhone });
    const whatsappReceipt = input.whatsappReceipt === true;

    const [open] = basis.hasOpenOrder
      ? await tx
          .select()
          .from(orders)
          .where(and(eq(orders.cartId, cart.id), orderIsOpen))
          .for("update")
      : [];
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
        // The WhatsApp receipt ticked or unticked since: the consent follows the latest choice.
        const optIn = whatsappReceipt !== (open.whatsappOptInAt !== null);
        // The guest may have switched language since: the receipt follows the latest choice.
        if (open.paymentMethod !== input.method || confirm || open.locale !== locale || optIn) {
          await tx
            .update(orders)
            .set({
              paymentMethod: input.method,
              locale,
              updatedAt: now,
              ...(confirm ? { adultConfirmedAt } : {}),
              ...(optIn ? { whatsappOptInAt: whatsappReceipt ? now : null } : {}),
            })
            .where(eq(orders.id, open.id));
        }
        return { ok: true as const, orderId: open.id, notices };
      }
      if (await closeOrder(tx, open, "cancelled", "replaced", now)) moved.push("cancelled");
      for (const { providerPaymentId, provider, paymentAccountId } of live)
        if (providerPaymentId) toCancel.push({ provider, providerPaymentId, paymentAccountId });
    }

    const order = {
      id: randomUUID(),
      organizationId: cart.organizationId,
      propertyId: cart.propertyId,
      cartId: cart.id,
      deviceId: input.deviceId,
      paymentMethod: input.method,
      buyer: input.buyer,
      totalCents: lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0),
      adultConfirmedAt,
      whatsappOptInAt: whatsappReceipt ? now : null,
      locale,
      stayId: cart.stayId,
      notices,
      expiresAt: new Date(now.getTime() + ctx.config.holdMinutes * 60_000),
      createdAt: now,
    };
    await writeOrder(tx, order, lines, input.ip);
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

/**
 * A pre-arrival cart's order only while its stay takes orders (ADR 0060): too late for a run by check-in, or a
 * cancelled stay, is refused before anything is held or charged, with the sentence saying so.
 */
async function refuseClosedPreArrival(tx: Tx, stayId: string, now: Date): Promise<void> {
  const [stay] = await tx
    .select({ checkIn: stays.checkIn, kind: stays.kind, status: stays.status })
    .from(stays)
    .where(eq(stays.id, stayId));
  const phase = stay ? preArrivalPhase(stay, now) : "closed";
  if (phase === "open") return;
  const t = guestMessages("pt-BR").shop.preArrival;
  throw new AppError("conflict", phase === "closed" ? t.closed : t.tooLate);
}

/**
 * The cart's lines with today's data: items archived, taken out of the property or without a price leave
 * the cart; changed prices are updated in it; a line is capped at 99 units. Notices say what changed.
 */
async function currentLines(
  tx: Tx,
  cartId: string,
  rows: BasisLine[],
): Promise<{ lines: Line[]; notices: OrderNotice[] }> {
  const lines: Line[] = [];
  const notices: OrderNotice[] = [];
  let changed = false;
  for (const r of rows) {
    const where = and(eq(cartItems.cartId, cartId), eq(cartItems.productId, r.productId));
    if (r.archived || !r.inProperty || r.price <= 0) {
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
  if (changed) await recomputeTotal(tx, cartId);
  return { lines, notices };
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
