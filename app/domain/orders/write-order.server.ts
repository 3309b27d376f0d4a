import { sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database-handle.server";
import { runPrepared } from "~/platform/db/prepared";
import { type OrderNotice, orderItems, orderStatusChanges, orders } from "~/platform/db/schema";
import {
  countedHitsJson,
  countedVerdicts,
  type ThrottlePolicy,
  throttleHitsStatement,
} from "~/platform/throttle.server";
import { AppError } from "../errors";
import { countPlacedOrderStatement } from "../ledger/sales-summary.server";
import { holdStockStatement, refuseUncoveredStock, type StockOutcome } from "../stock/order-stock.server";
import type { Buyer } from "./buyer";
import { CHECKOUT_TEXT as T } from "./messages";

/** Orders per guest address: each holds stock for half an hour. */
const ORDERS_PER_IP = {
  name: "order-ip",
  limit: 30,
  windowSeconds: 15 * 60,
} as const satisfies ThrottlePolicy;

/** An order line: today's name and price, the quantity bought. */
export type OrderLine = {
  productId: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
};

export type NewOrder = {
  id: string;
  organizationId: string;
  propertyId: string;
  cartId: string;
  deviceId: string;
  paymentMethod: string;
  buyer: Buyer;
  totalCents: number;
  adultConfirmedAt: Date | null;
  /** When the guest asked for the receipt on WhatsApp (their consent), or null. */
  whatsappOptInAt: Date | null;
  locale: string;
  /** A pre-arrival order's stay (ADR 0060): it holds none of the unit's stock; a run brings it. */
  stayId: string | null;
  notices: OrderNotice[];
  expiresAt: Date;
  createdAt: Date;
};

/**
 * Writes a new order in one round trip, taking its locks in the order every path takes them: the guest
 * address's hit on the orders limit; the order and its first status; its day's summary row; its counted
 * stock, held line by line in product order; its items, with what each holds. Past the limit, or past the
 * stock, it refuses, and the caller's transaction rolls back all of it.
 */
export async function writeOrder(tx: Tx, order: NewOrder, lines: OrderLine[], ip: string): Promise<void> {
  const limits: [ThrottlePolicy, string][] = [[ORDERS_PER_IP, ip]];
  const at = order.createdAt.toISOString();
  const values = sql.join(
    lines.map(
      (l) => sql`(${l.productId}::uuid, ${l.name}::text, ${l.unitPriceCents}::int, ${l.quantity}::int)`,
    ),
    sql`, `,
  );
  // One text per number of lines: prepared once per connection for each.
  const rows = await runPrepared(
    tx,
    "write_order",
    sql`
    with lines (product_id, name, unit_price_cents, quantity) as (values ${values}),
    throttle as (${throttleHitsStatement(limits, order.createdAt)}),
    placed as (
      insert into ${orders} (id, organization_id, property_id, cart_id, device_id, payment_method, buyer_name,
        buyer_email, buyer_phone, buyer_cpf, total_cents, adult_confirmed_at, whatsapp_opt_in_at, locale, notices,
        stay_id, expires_at, created_at, updated_at)
      values (${order.id}, ${order.organizationId}, ${order.propertyId}, ${order.cartId}, ${order.deviceId},
        ${order.paymentMethod}, ${order.buyer.name}, ${order.buyer.email}, ${order.buyer.phone},
        ${order.buyer.cpf}, ${order.totalCents}, ${order.adultConfirmedAt?.toISOString() ?? null},
        ${order.whatsappOptInAt?.toISOString() ?? null}, ${order.locale}, ${JSON.stringify(order.notices)},
        ${order.stayId}::uuid, ${order.expiresAt.toISOString()}, ${at}, ${at})),
    first_status as (
      insert into ${orderStatusChanges} (organization_id, order_id, from_status, to_status, reason)
      values (${order.organizationId}, ${order.id}, null, 'pending', 'created')),
    summary as (${countPlacedOrderStatement(order, sql`(select count(*) from throttle) > 0`)}),
    ${holdStockStatement(order.propertyId, order.stayId === null ? sql`(select count(*) from summary) > 0` : sql`false`)},
    items as (
      insert into ${orderItems} (organization_id, order_id, product_id, name, unit_price_cents, quantity,
        reserved_quantity)
      select ${order.organizationId}::uuid, ${order.id}::uuid, l.product_id, l.name, l.unit_price_cents,
        l.quantity, case when o.held then l.quantity else 0 end
      from lines l join stock_outcome o on o.product_id = l.product_id)
    select ${countedHitsJson("throttle")} as hits,
      (select json_agg(json_build_object('product_id', product_id, 'present', present, 'counted', counted,
        'held', held, 'left_units', left_units)) from stock_outcome) as stock`,
    // The statement's text differs for a pre-arrival order (it holds no stock): its own prepared variant.
    { lines: lines.length, preArrival: order.stayId !== null },
  );
  for (const limit of await countedVerdicts(tx, limits, rows[0]?.hits, order.createdAt))
    if (!limit.allowed)
      throw new AppError("rate_limited", T.tooManyOrders, undefined, {
        retryAfterSeconds: limit.retryAfterSeconds,
      });
  if (order.stayId === null) refuseUncoveredStock(lines, (rows[0]?.stock ?? []) as StockOutcome[]);
}
