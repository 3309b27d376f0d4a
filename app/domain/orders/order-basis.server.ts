import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database-handle.server";
import { runPrepared } from "~/platform/db/prepared";
import {
  cartItems,
  carts,
  orders,
  paymentAccounts,
  products,
  properties,
  propertyProducts,
} from "~/platform/db/schema";
import { AppError } from "../errors";
import { orderIsOpen } from "./guest-orders.server";
import { CHECKOUT_TEXT as T } from "./messages";

/** A cart line with today's product data, as an order is made from it. */
export type BasisLine = {
  productId: string;
  quantity: number;
  cartPrice: number;
  name: string;
  price: number;
  adultsOnly: boolean;
  archived: boolean;
  /** The property still holds the product, or (a pre-arrival cart) it is 'sob encomenda'. */
  inProperty: boolean;
};

/** What placing an order starts from, read in one round trip with the cart locked. */
export type OrderBasis = {
  /** `stayId`: a pre-arrival cart (ADR 0060), opened from the stay's shop link. */
  cart: { id: string; organizationId: string; propertyId: string; stayId: string | null };
  /** The organization's live account (any status but disconnected). */
  account: { status: string; provider: string } | null;
  /** An order of this cart is in progress. */
  hasOpenOrder: boolean;
  /** The language of the cart's latest order, if any. */
  lastLocale: string | null;
  lines: BasisLine[];
};

type LineTuple = [string, number, number, string, number, boolean, boolean, boolean];

/** The cart's lines, oldest first, as a JSON array of tuples; `cart` names the cart's row. */
const linesOf = (cart: SQL) => sql`(
  select coalesce(json_agg(json_build_array(ci.product_id, ci.quantity, ci.unit_price_cents, pr.name,
    pr.price_cents, pr.adults_only, pr.archived_at is not null,
    pp.product_id is not null or (${cart}.stay_id is not null and pr.made_to_order))
    order by ci.created_at), '[]'::json)
  from ${cartItems} ci
  join ${products} pr on pr.id = ci.product_id
  left join ${propertyProducts} pp on pp.property_id = ${cart}.property_id and pp.product_id = ci.product_id
  where ci.cart_id = ${cart}.id)`;

/**
 * The device's pending cart in a shop that still exists, locked, with what the order needs: the
 * organization's account, its lines with today's data, whether an order of it is in progress and the
 * language of its latest order. not_found for anyone else.
 *
 * One statement reads with the snapshot it began with, also when it had to wait for the cart's lock. Every
 * change to a cart's lines also updates its row, so when the row it locked is the version its snapshot saw,
 * the lines are as they stand; otherwise they are read again.
 */
export async function readOrderBasis(tx: Tx, cartId: string, deviceId: string): Promise<OrderBasis> {
  const rows = await runPrepared(
    tx,
    "order_basis",
    sql`
    select c.id, c.organization_id, c.property_id, c.stay_id,
      c.xmin::text = (select seen.xmin::text from ${carts} seen where seen.id = c.id) as fresh,
      (select json_build_array(a.status, a.provider) from ${paymentAccounts} a
        where a.organization_id = c.organization_id and a.status <> 'disconnected' limit 1) as account,
      exists (select 1 from ${orders} where ${orders.cartId} = c.id and ${orderIsOpen}) as has_open_order,
      (select o.locale from ${orders} o where o.cart_id = c.id order by o.created_at desc limit 1) as last_locale,
      ${linesOf(sql`c`)} as lines
    from ${carts} c
    join ${properties} p on p.id = c.property_id and p.archived_at is null
    where c.id = ${cartId} and c.device_id = ${deviceId} and c.status = 'pending'
    for update of c`,
  );
  const row = rows[0];
  if (!row) throw new AppError("not_found", T.cartNotFound);
  const cart = {
    id: String(row.id),
    organizationId: String(row.organization_id),
    propertyId: String(row.property_id),
    stayId: typeof row.stay_id === "string" ? row.stay_id : null,
  };
  let tuples = row.lines as LineTuple[];
  if (row.fresh !== true) {
    const again = await runPrepared(
      tx,
      "order_basis_lines",
      sql`select ${linesOf(sql`c`)} as lines from ${carts} c where c.id = ${cart.id}`,
    );
    tuples = (again[0]?.lines ?? []) as LineTuple[];
  }
  const account = row.account as [string, string] | null;
  return {
    cart,
    account: account ? { status: account[0], provider: account[1] } : null,
    hasOpenOrder: row.has_open_order === true,
    lastLocale: typeof row.last_locale === "string" ? row.last_locale : null,
    lines: tuples.map(([productId, quantity, cartPrice, name, price, adultsOnly, archived, inProperty]) => ({
      productId,
      quantity,
      cartPrice,
      name,
      price,
      adultsOnly,
      archived,
      inProperty,
    })),
  };
}
