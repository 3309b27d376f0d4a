import { and, eq, gte, lt, type Placeholder, sql } from "drizzle-orm";
import { damageRecords } from "~/platform/db/schema";
import type { Queryable } from "../properties/types";

/**
 * What platforms paid back for damages ('Reembolsada') between two instants (São Paulo days' bounds), of the
 * organization or one property: a query the profit report embeds in its own. Shown beside the result, not
 * inside it: the damage's own cost never entered it.
 */
export function recoveredDamagesQuery(
  db: Queryable,
  ofProperty: boolean,
  at: { organizationId: Placeholder; from: Placeholder; to: Placeholder; propertyId: Placeholder },
) {
  return db
    .select({ cents: sql<number>`coalesce(sum(${damageRecords.recoveredCents}), 0)` })
    .from(damageRecords)
    .where(
      and(
        eq(damageRecords.organizationId, at.organizationId),
        eq(damageRecords.status, "reimbursed"),
        gte(damageRecords.reimbursedAt, at.from),
        lt(damageRecords.reimbursedAt, at.to),
        ofProperty ? eq(damageRecords.propertyId, at.propertyId) : undefined,
      ),
    );
}
