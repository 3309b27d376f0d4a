import { and, eq } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { stays } from "~/platform/db/schema";

// A stay's shop link (issue 48): /e/<token>, one unguessable token per stay (stays.shop_token), which the host
// pastes in the booking platform's welcome message. The token alone finds the stay and its organization
// (carts/stay-shop.server.ts).

/** The path of a stay's shop link. */
export function stayShopPath(token: string): string {
  return `/e/${token}`;
}

/** The shop link's path of one of the organization's guest stays; null for a block or another's stay. */
export async function stayShopPathOf(db: Db, organizationId: string, stayId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: stays.shopToken })
    .from(stays)
    .where(and(eq(stays.organizationId, organizationId), eq(stays.id, stayId), eq(stays.kind, "stay")));
  return row ? stayShopPath(row.token) : null;
}
