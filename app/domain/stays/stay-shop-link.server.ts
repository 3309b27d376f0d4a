import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { properties, stays } from "~/platform/db/schema";
import { type PreArrivalPhase, preArrivalPhase } from "./pre-arrival-window";

// A stay's shop link (issue 48): /e/<token>, one unguessable token per stay (stays.shop_token), which the host
// pastes in the booking platform's welcome message. The token alone finds the stay and its organization.

const TOKEN = /^[0-9a-f]{32}$/;

/** The path of a stay's shop link. */
export function stayShopPath(token: string): string {
  return `/e/${token}`;
}

export type StayShop = {
  stayId: string;
  organizationId: string;
  propertyId: string;
  /** The unit's shop (/i/<hash>): what the link opens from check-in on. */
  propertyHash: string;
  checkIn: string;
  checkOut: string;
  phase: PreArrivalPhase;
};

/** The stay a shop link names, at a live property; null for anything else (an unknown or malformed token). */
export async function findStayShop(db: Db, token: unknown, now = new Date()): Promise<StayShop | null> {
  if (typeof token !== "string" || !TOKEN.test(token)) return null;
  const [row] = await db
    .select({
      stayId: stays.id,
      organizationId: stays.organizationId,
      propertyId: stays.propertyId,
      propertyHash: properties.hash,
      checkIn: stays.checkIn,
      checkOut: stays.checkOut,
      kind: stays.kind,
      status: stays.status,
    })
    .from(stays)
    .innerJoin(
      properties,
      and(
        eq(properties.id, stays.propertyId),
        eq(properties.organizationId, stays.organizationId),
        isNull(properties.archivedAt),
      ),
    )
    .where(eq(stays.shopToken, token));
  if (!row) return null;
  const { kind, status, ...stay } = row;
  return { ...stay, phase: preArrivalPhase({ checkIn: stay.checkIn, kind, status }, now) };
}

/** The shop link's path of one of the organization's guest stays; null for a block or another's stay. */
export async function stayShopPathOf(db: Db, organizationId: string, stayId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: stays.shopToken })
    .from(stays)
    .where(and(eq(stays.organizationId, organizationId), eq(stays.id, stayId), eq(stays.kind, "stay")));
  return row ? stayShopPath(row.token) : null;
}
