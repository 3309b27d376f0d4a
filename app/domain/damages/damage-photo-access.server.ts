import { eq, or } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { damagePhotos } from "~/platform/db/schema";
import { mediaPath } from "../images/image-input.server";
import { can, isRole } from "../team/permissions";

/** New damage photos' keys start with this: one whose record is gone (or not saved yet) stays private. */
export const DAMAGE_PHOTO_KEY_PREFIX = "avaria-";

/** Who may see a stored image: anyone, or the members who see the damage records of one organization. */
export type MediaAudience = { kind: "public" } | { kind: "members"; organizationId: string | null };

/** The person asking, with every organization they belong to; null when signed out. */
export type MediaViewer = {
  user: { id: string };
  memberships: readonly { organizationId: string; role: string }[];
} | null;

/**
 * A damage photo is evidence of a guest's stay (ADR 0051): it belongs to its record's organization, found
 * by its address, so photos stored before the key prefix existed are private too. Any other image (a
 * product's, a property's, a QR template's) is public.
 */
export async function mediaAudience(db: Db, key: string): Promise<MediaAudience> {
  const address = mediaPath(key);
  const [photo] = await db
    .select({ organizationId: damagePhotos.organizationId })
    .from(damagePhotos)
    .where(or(eq(damagePhotos.image, address), eq(damagePhotos.imageThumb, address)))
    .limit(1);
  if (photo) return { kind: "members", organizationId: photo.organizationId };
  if (key.startsWith(DAMAGE_PHOTO_KEY_PREFIX)) return { kind: "members", organizationId: null };
  return { kind: "public" };
}

/** Anyone for a public image; otherwise a member of its organization whose role sees damage records. */
export function maySee(audience: MediaAudience, viewer: MediaViewer): boolean {
  if (audience.kind === "public") return true;
  const member = viewer?.memberships.find((m) => m.organizationId === audience.organizationId);
  if (!viewer || !member || !isRole(member.role)) return false;
  return can(
    { userId: viewer.user.id, organizationId: member.organizationId, role: member.role },
    "damage.report",
  );
}
