import type { SalesFilter } from "~/domain/sales/sales-filter.server";
import { SALES_STATUS_FILTERS, type SalesStatusFilter } from "~/domain/sales/sales-status-filter";
import { salesStayFilter } from "~/domain/stays/stay-sales-filter.server";
import type { Actor } from "~/domain/team/permissions";
import { calendarDay, dateFilterError } from "~/lib/dates";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";

/** The filters of /sales (and /sales.csv) as its URL gives them, with why a date or the stay was ignored. */
export type SalesQuery = SalesFilter & { dateError: string | null; stayError: string | null };

/**
 * The URL's filters but its stay: `status`, `imovel`, `de` and `ate`. Anything unknown is ignored (shown as
 * 'all'); a bad date with the date range's sentence.
 */
export function salesQueryOf(query: URLSearchParams): SalesQuery {
  const status = query.get("status");
  const propertyId = query.get("imovel");
  return {
    status: (SALES_STATUS_FILTERS as readonly string[]).includes(status ?? "")
      ? (status as SalesStatusFilter)
      : null,
    propertyId: isUuid(propertyId) ? propertyId : null,
    from: calendarDay(query.get("de")),
    to: calendarDay(query.get("ate")),
    dateError: dateFilterError(query),
    stay: null,
    stayError: null,
  };
}

/** The URL's filters with its stay (`estadia`), read in the actor's organization. */
export async function salesQueryWithStay(db: Db, actor: Actor, query: URLSearchParams): Promise<SalesQuery> {
  return { ...salesQueryOf(query), ...(await salesStayFilter(db, actor, query.get("estadia"))) };
}
