import { type SQL, sql } from "drizzle-orm";

// What guests may put in a cart: the property's count less the units that orders waiting for payment
// hold. Null = not counted (no limit). Written with qualified names: Drizzle leaves them out of a
// single-table select, where the subquery below would make them ambiguous.

const current = sql.raw(`"property_products"."current_quantity"`);
const reserved = sql.raw(`"property_products"."reserved_quantity"`);

/** Units any guest can buy now. */
export const buyableStock: SQL<number | null> = sql<number | null>`case when ${current} is null
  then null else greatest(${current} - ${reserved}, 0)::int end`;

/**
 * Units this cart's guest can have: what their own order in progress holds is still theirs. `cartId` is
 * the cart's id, or "row" for the `carts` row of the query.
 */
export function buyableStockFor(cartId: string | "row"): SQL<number | null> {
  const cart = cartId === "row" ? sql.raw(`"carts"."id"`) : sql`${cartId}::uuid`;
  return sql<number | null>`case when ${current} is null then null
    else greatest(${current} - ${reserved}, 0)::int + coalesce((
      select held.reserved_quantity from order_items held
      join orders held_order on held_order.id = held.order_id
      where held_order.cart_id = ${cart} and held_order.status in ('pending', 'processing')
        and held.product_id = "property_products"."product_id"), 0) end`;
}
