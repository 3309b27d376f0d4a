import { and, asc, desc, eq, sql } from "drizzle-orm";
import { saoPauloDay } from "~/lib/dates";
import { OPEN_REPLACEMENT_STATUSES, type ReplacementStatus } from "~/lib/replacement-status";
import { shortId } from "~/lib/short-id";
import { sortByNames } from "~/lib/sort-by-name";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import {
  orderItems,
  orders,
  products,
  properties,
  replacementItems,
  replacements,
  stays,
} from "~/platform/db/schema";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { RESTOCK_TEXT as T } from "./messages";

export type ReplacementSummary = {
  id: string;
  /** 'Reposição #n': per organization, in creation order. */
  number: number;
  status: ReplacementStatus;
  createdAt: Date;
  updatedAt: Date;
  /** 'Entregar até': the next check-in when it was planned (issue 23); null when none was known. */
  deliverBy: string | null;
  /** Still on its way after its 'entregar até' day. */
  late: boolean;
};

/** A run is late when today (São Paulo) is past its 'entregar até' and it has not arrived nor stopped. */
export function isLate(run: { deliverBy: string | null; status: string }, today: string): boolean {
  return (
    run.deliverBy !== null &&
    today > run.deliverBy &&
    (OPEN_REPLACEMENT_STATUSES as readonly string[]).includes(run.status)
  );
}

export type ReplacementListItem = ReplacementSummary & { productCount: number; propertyCount: number };

/**
 * The run's lines of the list's row: its own and its paid guest orders' items (ADR 0060). The row's id is
 * written qualified: Drizzle leaves the table out of a single-table select, and here it would name ri.id.
 */
const runId = sql.raw(`"replacements"."id"`);
const runLines = sql`(select ri.product_id, ri.property_id from ${replacementItems} ri
    where ri.replacement_id = ${runId}
  union all
  select oi.product_id, o.property_id from ${orders} o join ${orderItems} oi on oi.order_id = o.id
    where o.replacement_id = ${runId} and o.status = 'paid')`;

/** The organization's runs, newest first, with how many products and properties each one takes. */
export async function listReplacements(
  db: Db,
  actor: Actor,
  today: string = saoPauloDay(new Date()),
): Promise<ReplacementListItem[]> {
  assertCan(actor, "replacement.read");
  const rows = await db
    .select({
      id: replacements.id,
      number: replacements.number,
      status: replacements.status,
      createdAt: replacements.createdAt,
      updatedAt: replacements.updatedAt,
      deliverBy: replacements.deliverBy,
      productCount: sql<number>`(select count(distinct l.product_id)::int from ${runLines} l)`,
      propertyCount: sql<number>`(select count(distinct l.property_id)::int from ${runLines} l)`,
    })
    .from(replacements)
    .where(eq(replacements.organizationId, actor.organizationId))
    .orderBy(desc(replacements.createdAt), desc(replacements.number));
  return rows.map((r) => ({ ...r, status: r.status as ReplacementStatus, late: isLate(r, today) }));
}

export type ReplacementLine = {
  itemId: string;
  propertyId: string;
  propertyName: string;
  propertyImage: string | null;
  productId: string;
  productName: string;
  productImage: string | null;
  quantity: number;
  /** What actually goes (equals quantity unless lowered). */
  delivered: number;
  /** What each unit cost the host, folded into the property's average cost on delivery (null: unknown). */
  unitCostCents: number | null;
  /**
   * 'Pedido do hóspede' (ADR 0060): a paid pre-arrival order's item, for the guest, not for the unit's stock
   * (its quantity cannot be lowered; delivery adds nothing to the stock). null for the run's own lines.
   */
  guestOrder: GuestOrderMark | null;
};

export type GuestOrderMark = {
  orderId: string;
  /** '#A1B2C3', as the guest's receipt writes it. */
  shortId: string;
  buyerName: string;
  /** The stay's check-in: the order's deadline. */
  checkIn: string | null;
  deliveredAt: Date | null;
};

export type ReplacementDetail = ReplacementSummary & { lines: ReplacementLine[] };

/** One run of the organization with its lines, or not_found (also for another organization's id). */
export async function getReplacement(
  db: Db,
  actor: Actor,
  id: unknown,
  today: string = saoPauloDay(new Date()),
): Promise<ReplacementDetail> {
  assertCan(actor, "replacement.read");
  if (!isUuid(id)) throw new AppError("not_found", T.notFound);
  const [run] = await db
    .select({
      id: replacements.id,
      number: replacements.number,
      status: replacements.status,
      createdAt: replacements.createdAt,
      updatedAt: replacements.updatedAt,
      deliverBy: replacements.deliverBy,
    })
    .from(replacements)
    .where(and(eq(replacements.id, id), eq(replacements.organizationId, actor.organizationId)));
  if (!run) throw new AppError("not_found", T.notFound);
  const lines = await db
    .select({
      itemId: replacementItems.id,
      propertyId: replacementItems.propertyId,
      propertyName: properties.name,
      propertyImage: properties.imageThumb,
      productId: replacementItems.productId,
      productName: products.name,
      productImage: products.imageThumb,
      quantity: replacementItems.quantity,
      deliveredQuantity: replacementItems.deliveredQuantity,
      unitCostCents: replacementItems.unitCostCents,
    })
    .from(replacementItems)
    .innerJoin(properties, eq(properties.id, replacementItems.propertyId))
    .innerJoin(products, eq(products.id, replacementItems.productId))
    .where(eq(replacementItems.replacementId, run.id))
    .orderBy(asc(products.name), asc(properties.name));
  const guestLines = await guestOrderLines(db, actor.organizationId, run.id);
  return {
    ...run,
    status: run.status as ReplacementStatus,
    late: isLate(run, today),
    lines: sortByNames(
      [
        ...lines.map(({ deliveredQuantity, ...l }) => ({
          ...l,
          delivered: deliveredQuantity ?? l.quantity,
          guestOrder: null,
        })),
        ...guestLines,
      ],
      (l) => l.productName,
      (l) => l.propertyName,
    ),
  };
}

/** The items of the paid pre-arrival orders the run brings, as its lines marked 'Pedido do hóspede'. */
async function guestOrderLines(db: Db, organizationId: string, runId: string): Promise<ReplacementLine[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      buyerName: orders.buyerName,
      deliveredAt: orders.deliveredAt,
      checkIn: stays.checkIn,
      propertyId: orders.propertyId,
      propertyName: properties.name,
      propertyImage: properties.imageThumb,
      productId: orderItems.productId,
      productName: orderItems.name,
      productImage: products.imageThumb,
      quantity: orderItems.quantity,
      unitCostCents: orderItems.unitCostCents,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(properties, eq(properties.id, orders.propertyId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(stays, eq(stays.id, orders.stayId))
    .where(
      and(
        eq(orders.organizationId, organizationId),
        eq(orders.replacementId, runId),
        eq(orders.status, "paid"),
      ),
    );
  return rows.map(({ orderId, buyerName, deliveredAt, checkIn, ...l }) => ({
    ...l,
    itemId: `order:${orderId}:${l.productId}`,
    delivered: l.quantity,
    guestOrder: { orderId, shortId: shortId(orderId), buyerName, checkIn, deliveredAt },
  }));
}
