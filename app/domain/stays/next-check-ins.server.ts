import { and, eq, gte, inArray, lte, min } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { stays } from "~/platform/db/schema";
import type { Actor } from "../team/permissions";

/**
 * Each property's next guest check-in (a confirmed stay, not a block) on or after `from` (and, when given, on
 * or before `to`): property id → YYYY-MM-DD. Checks no permission: the caller's operation already did.
 */
export async function nextCheckIns(
  q: Db | Tx,
  actor: Actor,
  range: { from: string; to?: string; propertyIds?: readonly string[] },
): Promise<Map<string, string>> {
  if (range.propertyIds && range.propertyIds.length === 0) return new Map();
  const rows = await q
    .select({ propertyId: stays.propertyId, checkIn: min(stays.checkIn) })
    .from(stays)
    .where(
      and(
        eq(stays.organizationId, actor.organizationId),
        eq(stays.kind, "stay"),
        eq(stays.status, "confirmed"),
        gte(stays.checkIn, range.from),
        range.to ? lte(stays.checkIn, range.to) : undefined,
        range.propertyIds ? inArray(stays.propertyId, [...range.propertyIds]) : undefined,
      ),
    )
    .groupBy(stays.propertyId);
  return new Map(rows.flatMap((r) => (r.checkIn ? [[r.propertyId, r.checkIn] as const] : [])));
}
