import { sql } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { organizationContacts } from "~/platform/db/schema";
import { parseInput } from "../parse-input";
import { readContact } from "../team/guest-contact.server";
import { type HostContact, hostContactSchema, NO_CONTACT } from "../team/organization-contact";
import { type Actor, assertCan } from "../team/permissions";
import { forgetCachedShops } from "./load-shop.server";

// The owners' form of how guests reach the organization ('Contato para os hóspedes'): here, beside the shop
// that caches what it shows, so that saving it can forget the cached shops.

/** The contact the owners set for guests, for the form ('Contato para os hóspedes'). */
export async function getOrganizationContact(db: Db, actor: Actor): Promise<HostContact> {
  assertCan(actor, "organization.manage");
  return (await readContact(db, actor.organizationId)) ?? NO_CONTACT;
}

/** Sets (or clears, with empty fields) how guests reach the actor's organization. */
export async function saveOrganizationContact(
  db: Db,
  actor: Actor,
  input: { whatsapp?: unknown; phone?: unknown; email?: unknown },
): Promise<HostContact> {
  assertCan(actor, "organization.manage");
  const contact = parseInput(hostContactSchema, input);
  await db
    .insert(organizationContacts)
    .values({ organizationId: actor.organizationId, ...contact })
    .onConflictDoUpdate({
      target: organizationContacts.organizationId,
      set: { ...contact, updatedAt: sql`now()` },
    });
  // The shop shows it: this instance's cached shops go now, the others' within seconds.
  forgetCachedShops();
  return contact;
}
