import { and, eq, gte, lt, sql } from "drizzle-orm";
import { endOfDayInSaoPaulo, startOfDayInSaoPaulo } from "~/lib/dates";
import { preparedOnce } from "~/platform/db/prepared";
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
  const [row] = await recoveredQuery(db, Boolean(period.propertyId)).execute({
    organizationId,
    from: startOfDayInSaoPaulo(period.from),
    to: endOfDayInSaoPaulo(period.to),
    propertyId: period.propertyId,
  });
  return row?.cents ?? 0;
}

/** Read with every profit report (dashboard and property page): built once per database handle. */
function recoveredQuery(db: Queryable, ofProperty: boolean) {
  const name = ofProperty ? "recovered_of_property" : "recovered_of_organization";
  return preparedOnce(db, name, () =>
    db
      .select({ cents: sql<number>`coalesce(sum(${damageRecords.recoveredCents}), 0)`.mapWith(Number) })
      .from(damageRecords)
      .where(
        and(
          eq(damageRecords.organizationId, sql.placeholder("organizationId")),
          eq(damageRecords.status, "reimbursed"),
          gte(damageRecords.reimbursedAt, sql.placeholder("from")),
          lt(damageRecords.reimbursedAt, sql.placeholder("to")),
          ofProperty ? eq(damageRecords.propertyId, sql.placeholder("propertyId")) : undefined,
        ),
      )
      .prepare(name),
  );
}
