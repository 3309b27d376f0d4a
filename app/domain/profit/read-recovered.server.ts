import { and, eq, gte, lt, sql } from "drizzle-orm";
import { endOfDayInSaoPaulo, startOfDayInSaoPaulo } from "~/lib/dates";
import { damageRecords } from "~/platform/db/schema";
import type { Queryable } from "../properties/types";

/**
 * What platforms paid back for damages ('Reembolsada') on São Paulo days `from`..`to`, of the organization
 * or one property. Shown beside the result, not inside it: the damage's own cost never entered it.
 */
export async function recoveredDamagesCents(
  db: Queryable,
  organizationId: string,
  period: { from: string; to: string; propertyId?: string },
): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${damageRecords.recoveredCents}), 0)`.mapWith(Number) })
    .from(damageRecords)
    .where(
      and(
        eq(damageRecords.organizationId, organizationId),
        eq(damageRecords.status, "reimbursed"),
        gte(damageRecords.reimbursedAt, startOfDayInSaoPaulo(period.from)),
        lt(damageRecords.reimbursedAt, endOfDayInSaoPaulo(period.to)),
        period.propertyId ? eq(damageRecords.propertyId, period.propertyId) : undefined,
      ),
    );
  return row?.cents ?? 0;
}
