import { and, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { endOfDayInSaoPaulo, startOfDayInSaoPaulo } from "~/lib/dates";
import type { Variant } from "~/platform/db/prepared";
import { orders } from "~/platform/db/schema";
import type { Actor } from "../team/permissions";
import type { SalesStatusFilter } from "./sales-status-filter";

/** What /sales (its page, totals and CSV) is narrowed to; null = all. The route reads it from the URL. */
export type SalesFilter = {
  status: SalesStatusFilter | null;
  propertyId: string | null;
  /** São Paulo calendar days, inclusive, as YYYY-MM-DD. */
  from: string | null;
  to: string | null;
  /** The sales paid during one stay (stays/stay-window.ts), read in the actor's organization. */
  stay: SalesStayFilter | null;
};

/** Every sale. */
export const ALL_SALES: SalesFilter = { status: null, propertyId: null, from: null, to: null, stay: null };

export type SalesStayFilter = {
  id: string;
  propertyId: string;
  checkIn: string;
  checkOut: string;
  source: string;
  /** ISO instants of its window; null for a block or a cancelled stay, which have no sales. */
  from: string | null;
  until: string | null;
};

/**
 * A filter's conditions on orders with placeholders, their values, and the variant their text is (one
 * prepared statement each).
 */
export type OrderConditions = { where: SQL[]; values: Record<string, unknown>; variant: Variant };

export function orderConditions(actor: Actor, filter: SalesFilter): OrderConditions {
  const values: Record<string, unknown> = { organizationId: actor.organizationId };
  const where: SQL[] = [eq(orders.organizationId, sql.placeholder("organizationId"))];
  const bind = (name: string, value: unknown) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  if (filter.status === "pending") where.push(inArray(orders.status, ["pending", "processing"]));
  else if (filter.status) where.push(eq(orders.status, bind("status", filter.status)));
  if (filter.propertyId) where.push(eq(orders.propertyId, bind("propertyId", filter.propertyId)));
  if (filter.from) where.push(gte(orders.createdAt, bind("from", startOfDayInSaoPaulo(filter.from))));
  if (filter.to) where.push(lt(orders.createdAt, bind("to", endOfDayInSaoPaulo(filter.to))));
  const { stay } = filter;
  if (stay && (!stay.from || !stay.until)) where.push(sql`false`);
  else if (stay?.from && stay.until) {
    // Paid during the stay, or ordered for it before arrival from its link (ADR 0060).
    const during = and(
      eq(orders.propertyId, bind("stayPropertyId", stay.propertyId)),
      gte(orders.paidAt, bind("paidFrom", new Date(stay.from))),
      lt(orders.paidAt, bind("paidUntil", new Date(stay.until))),
    );
    where.push(sql`(${during} or ${orders.stayId} = ${bind("stayId", stay.id)})`);
  }
  return { where, values, variant: filterVariant(filter) };
}

/** What a filter's statements' texts depend on: which conditions it has, never their values. */
export function filterVariant(filter: SalesFilter): Variant {
  return {
    status: filter.status === "pending" ? "pending" : filter.status ? "one" : null,
    property: filter.propertyId !== null,
    from: filter.from !== null,
    to: filter.to !== null,
    stay: filter.stay ? (filter.stay.from && filter.stay.until ? "window" : "none") : null,
  };
}
