import { and, asc, desc, eq, gt, gte, isNotNull, lt, or, sql } from "drizzle-orm";
import { daysBetween } from "~/lib/dates";
import type { Db } from "~/platform/db/database-handle.server";
import { damageRecords, orders, stays } from "~/platform/db/schema";
import { ALL_SALES } from "../sales/sales-filter.server";
import { listSales, type SaleRow } from "../sales/sales-page.server";
import { type SalesTotals, salesTotals } from "../sales/sales-totals.server";
import { type Actor, assertCan, can } from "../team/permissions";
import { findStay, type StayRecord, salesWindowOf } from "./find-stay.server";
import { stayFilterOf } from "./stay-sales-filter.server";
import { stayShopPathOf } from "./stay-shop-link.server";
import type { StayWindow } from "./stay-window";

/** How many of a stay's sales its page lists; 'Ver nas vendas' has them all. */
const SALES_SHOWN = 50;

export type StayNeighbour = { id: string; checkIn: string; checkOut: string };

export type StayPage = {
  stay: StayRecord & { nights: number };
  /** The window's ISO instants; null for a block or a cancelled stay (no sales). */
  window: { from: string; until: string } | null;
  /** How many orders were paid during the stay (everyone who may read stays sees it). */
  salesCount: number;
  /** Only for who may read sales: the orders with their items and money, and their totals. */
  sales: { rows: SaleRow[]; totals: SalesTotals; more: boolean } | null;
  damages: { id: string; title: string; status: string }[];
  previous: StayNeighbour | null;
  next: StayNeighbour | null;
  /** The stay's shop link to paste in the welcome message (ADR 0060); null for a block or a cancelled stay. */
  shopPath: string | null;
};

/**
 * One stay of the organization with what happened during it: its sales (stay-window.ts decides which), its
 * damage records and the property's previous and next stays. Null also for another organization's id.
 */
export async function readStay(db: Db, actor: Actor, stayId: unknown): Promise<StayPage | null> {
  assertCan(actor, "stays.read");
  const stay = await findStay(db, actor.organizationId, stayId);
  if (!stay) return null;
  const window = await salesWindowOf(db, actor.organizationId, stay);
  const [salesCount, sales, damages, previous, next, shopPath] = await Promise.all([
    window ? countPaidFor(db, actor.organizationId, stay, window.from, window.until) : 0,
    window && can(actor, "sales.read") ? salesOf(db, actor, stay, window) : null,
    damagesOf(db, actor.organizationId, stay.id),
    neighbour(db, actor.organizationId, stay, "previous"),
    neighbour(db, actor.organizationId, stay, "next"),
    stay.status === "confirmed" ? stayShopPathOf(db, actor.organizationId, stay.id) : null,
  ]);
  return {
    stay: { ...stay, nights: daysBetween(stay.checkIn, stay.checkOut) },
    window: window ? { from: window.from.toISOString(), until: window.until.toISOString() } : null,
    salesCount,
    sales: sales ?? (can(actor, "sales.read") ? emptySales() : null),
    damages,
    previous,
    next,
    shopPath,
  };
}

async function salesOf(db: Db, actor: Actor, stay: StayRecord, window: StayWindow) {
  const filter = { ...ALL_SALES, stay: stayFilterOf(stay, window) };
  const [page, totals] = await Promise.all([
    listSales(db, actor, filter, null, SALES_SHOWN),
    salesTotals(db, actor, filter),
  ]);
  return { rows: page.rows, totals, more: page.next !== null };
}

function emptySales(): NonNullable<StayPage["sales"]> {
  return {
    rows: [],
    more: false,
    totals: {
      orders: 0,
      counts: { paid: 0, refunded: 0, pending: 0, cancelled: 0, failed: 0 },
      grossCents: 0,
      providerFeeCents: 0,
      platformFeeCents: 0,
      refundCents: 0,
      netCents: 0,
    },
  };
}

/** The stay's paid orders: paid during its window at its property, or ordered for it before arrival. */
async function countPaidFor(
  db: Db,
  organizationId: string,
  stay: StayRecord,
  from: Date,
  until: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)::bigint` })
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        isNotNull(orders.paidAt),
        or(
          and(eq(orders.propertyId, stay.propertyId), gte(orders.paidAt, from), lt(orders.paidAt, until)),
          eq(orders.stayId, stay.id),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

async function damagesOf(db: Db, organizationId: string, stayId: string) {
  return db
    .select({ id: damageRecords.id, title: damageRecords.title, status: damageRecords.status })
    .from(damageRecords)
    .where(and(eq(damageRecords.organizationId, organizationId), eq(damageRecords.stayId, stayId)))
    .orderBy(asc(damageRecords.createdAt));
}

/** The property's confirmed guest stay just before (by check-in) or just after this one. */
async function neighbour(
  db: Db,
  organizationId: string,
  stay: StayRecord,
  which: "previous" | "next",
): Promise<StayNeighbour | null> {
  const [row] = await db
    .select({ id: stays.id, checkIn: stays.checkIn, checkOut: stays.checkOut })
    .from(stays)
    .where(
      and(
        eq(stays.organizationId, organizationId),
        eq(stays.propertyId, stay.propertyId),
        eq(stays.kind, "stay"),
        eq(stays.status, "confirmed"),
        which === "previous" ? lt(stays.checkIn, stay.checkIn) : gt(stays.checkIn, stay.checkIn),
      ),
    )
    .orderBy(which === "previous" ? desc(stays.checkIn) : asc(stays.checkIn))
    .limit(1);
  return row ?? null;
}
