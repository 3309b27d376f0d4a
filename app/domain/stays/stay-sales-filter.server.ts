import type { Db } from "~/platform/db/database-handle.server";
import type { SalesStayFilter } from "../sales/sales-filter.server";
import type { Actor } from "../team/permissions";
import { findStay, type StayRecord, salesWindowOf } from "./find-stay.server";
import { STAY_TEXT } from "./stay-messages";
import type { StayWindow } from "./stay-window";

/**
 * The stay /sales is narrowed to (its `estadia`), read in the actor's organization with its sales window.
 * Unknown, malformed or another organization's id is ignored with 'Estadia não encontrada.', as a bad date is.
 */
export async function salesStayFilter(
  db: Db,
  actor: Actor,
  stayId: string | null,
): Promise<{ stay: SalesStayFilter | null; stayError: string | null }> {
  if (!stayId) return { stay: null, stayError: null };
  const stay = await findStay(db, actor.organizationId, stayId);
  if (!stay) return { stay: null, stayError: STAY_TEXT.notFound };
  return { stay: stayFilterOf(stay, await salesWindowOf(db, actor.organizationId, stay)), stayError: null };
}

/** The sales filter of a stay already read in the actor's organization, with its sales window (or none). */
export function stayFilterOf(stay: StayRecord, window: StayWindow | null): SalesStayFilter {
  return {
    id: stay.id,
    propertyId: stay.propertyId,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    source: stay.source,
    from: window?.from.toISOString() ?? null,
    until: window?.until.toISOString() ?? null,
  };
}
