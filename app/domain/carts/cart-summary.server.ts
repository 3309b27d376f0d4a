import { and, asc, eq, isNull, type SQL, sql, type WithSubquery } from "drizzle-orm";
import type { GuestCart } from "~/lib/guest-cart";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { prepared } from "~/platform/db/prepared";
import { cartItems, carts, products, properties, propertyProducts } from "~/platform/db/schema";
import { buyableStockFor } from "./guest-stock.server";

export type CartLine = {
  productId: string;
  /** pt-BR (what the order keeps); nameEn / nameEs when the host wrote them (see guestName). */
  name: string;
  nameEn: string | null;
  nameEs: string | null;
  imageThumb: string | null;
  quantity: number;
  unitPriceCents: number;
  /** Units the property has now; null = not counted (no limit). */
  stock: number | null;
  /** 18+: the buyer confirms being an adult before the order is placed. */
  adultsOnly: boolean;
};

export type CartSummary = {
  id: string;
  propertyId: string;
  /** The shop this cart belongs to, for the way back. */
  propertyHash: string;
  totalCents: number;
  lines: CartLine[];
};

/** The total of `lines`, a relation with the cart_items columns: unit price × quantity, summed. */
const totalOfLines = (lines: SQL) =>
  sql`(select coalesce(sum(line.quantity::bigint * line.unit_price_cents), 0)::bigint from ${lines} line)`;

const totalOfItems = (cartId: string) =>
  totalOfLines(sql`(select * from ${cartItems} where ${cartItems.cartId} = ${cartId})`);

/** Sets the cart's total from its items, on the server, after every change. */
export async function recomputeTotal(tx: Tx, cartId: string): Promise<number> {
  const [row] = await tx
    .update(carts)
    .set({ totalCents: totalOfItems(cartId), updatedAt: new Date() })
    .where(eq(carts.id, cartId))
    .returning({ totalCents: carts.totalCents });
  return row?.totalCents ?? 0;
}

/** A cart's lines as the guest script sees them, oldest first: `[productId, quantity, unitPriceCents]`. */
type LineTuple = [string, number, number];

function guestCartOf(row: { id: string; totalCents: number; lines: LineTuple[] }): GuestCart {
  return {
    id: row.id,
    totalCents: row.totalCents,
    lines: row.lines.map(([productId, quantity, unitPriceCents]) => ({
      productId,
      quantity,
      unitPriceCents,
    })),
  };
}

/** The JSON array of `lines`' tuples, oldest first; `lines` names a relation with the cart_items columns. */
const lineTuples = (lines: SQL) =>
  sql<LineTuple[]>`(select coalesce(json_agg(json_build_array(
    line.product_id, line.quantity, line.unit_price_cents) order by line.created_at), '[]'::json)
    from ${lines} line)`;

/**
 * After a guest's change: sets the cart's total from its items and answers the cart as the guest script
 * sees it (ids, quantities, prices), in one statement.
 */
export async function recomputeCart(tx: Tx, cartId: string): Promise<GuestCart> {
  const [row] = await tx
    .update(carts)
    .set({ totalCents: totalOfItems(cartId), updatedAt: new Date() })
    .where(eq(carts.id, cartId))
    .returning({
      id: carts.id,
      totalCents: carts.totalCents,
      // Drizzle writes an UPDATE's columns without their table: the subquery names its own.
      lines: lineTuples(sql`(select * from cart_items where cart_id = "carts"."id")`),
    });
  if (!row) throw new Error("cart vanished");
  return guestCartOf(row);
}

/**
 * One more unit of a product in a cart the caller holds locked (the first: at this price), and the cart's
 * new total and lines: one statement.
 */
export async function addOneUnit(
  tx: Tx,
  line: { organizationId: string; cartId: string; productId: string; unitPriceCents: number },
): Promise<{ quantity: number; cart: GuestCart }> {
  // Prepared (named): PostgreSQL plans it once per connection, not on every first add (ADR 0046).
  const unit = sql`(select ${sql.placeholder("organizationId")}::uuid as organization_id,
    ${sql.placeholder("cartId")}::uuid as cart_id, ${sql.placeholder("unitPriceCents")}::int as price)`;
  const query = prepared(tx, "add_one_unit", () =>
    addUnitQuery(tx, sql`${sql.placeholder("productId")}::uuid`, unit),
  );
  const added = addedUnit(await query.execute(line));
  if (!added) throw new Error("cart vanished");
  return added;
}

/**
 * The query that adds one unit of `productId` to the cart of `unit` (a relation of at most one row:
 * organization_id, cart_id, and the price of a first unit), sets the cart's total from its lines and
 * answers them (the line just written and the others as they stand: a statement does not see its own
 * writes). `before` are CTEs `unit` reads from. Past `limit`, an existing line is left as it is; then, or
 * when `unit` is empty, nothing is written and nothing answered.
 */
export function addUnitQuery(
  db: Db | Tx,
  productId: string | SQL,
  unit: SQL,
  options: { before?: WithSubquery[]; limit?: SQL } = {},
) {
  const item = db.$with("item", { quantity: sql<number>`quantity` }).as(sql`
    insert into ${cartItems} (organization_id, cart_id, product_id, quantity, unit_price_cents)
    select unit.organization_id, unit.cart_id, ${productId}, 1, unit.price from ${unit} unit
    on conflict (cart_id, product_id) do update set quantity = ${cartItems}.quantity + 1
    ${options.limit ? sql`where ${cartItems}.quantity < ${options.limit}` : sql``}
    returning cart_id, product_id, quantity, unit_price_cents, created_at`);
  const lines = db.$with("lines", { productId: sql<string>`product_id` }).as(sql`
    select product_id, quantity, unit_price_cents, created_at from item
    union all
    select product_id, quantity, unit_price_cents, created_at from ${cartItems}
    where cart_id = (select cart_id from item) and product_id <> ${productId}`);
  const total = db.$with("total", { id: sql<string>`id` }).as(sql`
    update ${carts} set total_cents = ${totalOfLines(sql`lines`)}, updated_at = now()
    where id = (select cart_id from item) returning id, total_cents`);
  return db
    .with(...(options.before ?? []), item, lines, total)
    .select({
      quantity: sql<number>`(select quantity from item)`,
      id: sql<string>`total.id`,
      totalCents: sql<string | number>`total.total_cents`,
      lines: lineTuples(sql`lines`),
    })
    .from(total);
}

/** What an addUnitQuery answered: the line's new quantity and the cart; null when it wrote nothing. */
export function addedUnit(
  rows: { quantity: number; id: string; totalCents: string | number; lines: LineTuple[] }[],
): { quantity: number; cart: GuestCart } | null {
  const [row] = rows;
  if (!row) return null;
  return {
    quantity: row.quantity,
    cart: guestCartOf({ id: row.id, totalCents: Number(row.totalCents), lines: row.lines }),
  };
}

/** The cart as the guest sees it: lines with names, prices and the stock that caps them (one query). */
export async function readCartSummary(db: Db | Tx, cartId: string): Promise<CartSummary | null> {
  return summaryOf(await summaryQuery(db, eq(carts.id, cartId)));
}

/**
 * The cart for its owner's device, still pending, in a shop still open; null for anyone else. One
 * prepared statement: the cart summary page reads it on every visit.
 */
export async function readOwnCartSummary(
  db: Db,
  cartId: string,
  deviceId: string,
): Promise<CartSummary | null> {
  const query = prepared(db, "own_cart_summary", () =>
    summaryQuery(
      db,
      and(
        eq(carts.id, sql.placeholder("cartId")),
        eq(carts.deviceId, sql.placeholder("deviceId")),
        eq(carts.status, "pending"),
        isNull(properties.archivedAt),
      ),
    ),
  );
  return summaryOf(await query.execute({ cartId, deviceId }));
}

function summaryQuery(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      id: carts.id,
      propertyId: carts.propertyId,
      propertyHash: properties.hash,
      totalCents: carts.totalCents,
      productId: cartItems.productId,
      name: products.name,
      nameEn: products.nameEn,
      nameEs: products.nameEs,
      imageThumb: products.imageThumb,
      quantity: cartItems.quantity,
      unitPriceCents: cartItems.unitPriceCents,
      stock: buyableStockFor("row"),
      adultsOnly: products.adultsOnly,
    })
    .from(carts)
    .innerJoin(properties, eq(properties.id, carts.propertyId))
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .leftJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(
      propertyProducts,
      and(
        eq(propertyProducts.productId, cartItems.productId),
        eq(propertyProducts.propertyId, carts.propertyId),
      ),
    )
    .where(where)
    .orderBy(asc(cartItems.createdAt));
}

type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

function summaryOf(rows: SummaryRow[]): CartSummary | null {
  const [head] = rows;
  if (!head) return null;
  const lines: CartLine[] = [];
  for (const r of rows) {
    if (r.productId === null || r.quantity === null || r.unitPriceCents === null) continue;
    lines.push({
      productId: r.productId,
      name: r.name ?? "",
      nameEn: r.nameEn,
      nameEs: r.nameEs,
      imageThumb: r.imageThumb,
      quantity: r.quantity,
      unitPriceCents: r.unitPriceCents,
      stock: r.stock,
      adultsOnly: r.adultsOnly === true,
    });
  }
  const { id, propertyId, propertyHash, totalCents } = head;
  return { id, propertyId, propertyHash, totalCents, lines };
}
