import { eq } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { organizationContacts } from "~/platform/db/schema";
import type { HostContact } from "./organization-contact";

type Queryable = Pick<Db, "select">;

/**
 * For guest pages and the receipt, which know the organization from the property or the order (never from
 * the guest): its contact, or null when none is set.
 */
export async function guestContactOf(q: Queryable, organizationId: string): Promise<HostContact | null> {
  const contact = await readContact(q, organizationId);
  return contact && (contact.whatsapp || contact.phone || contact.email) ? contact : null;
}

/** The stored row as it is (any field may be null); null when the organization never set one. */
export async function readContact(q: Queryable, organizationId: string): Promise<HostContact | null> {
  const [row] = await q
    .select({
      whatsapp: organizationContacts.whatsapp,
      phone: organizationContacts.phone,
      email: organizationContacts.email,
    })
    .from(organizationContacts)
    .where(eq(organizationContacts.organizationId, organizationId));
  return row ?? null;
}
