import { eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { asJson, preparedOnce } from "~/platform/db/prepared";
import { organization } from "~/platform/db/schema";
import type { PaymentsConfig } from "~/platform/env.server";
import {
  type GettingStarted,
  gettingStartedColumns,
  gettingStartedOf,
} from "../onboarding/getting-started.server";
import { type LiveAccountState, liveAccountState, receivesWith } from "../payment-accounts/accounts.server";
import {
  type ProfitPeriod,
  type ProfitReport,
  profitAsk,
  profitColumns,
  profitReportOf,
  profitValues,
} from "../profit/read-profit.server";
import { type MissingRow, missingOf, missingRows } from "../restock/missing-products.server";
import { type Actor, can } from "../team/permissions";

export type DashboardReads = {
  /** How many products a new restocking run should take, for whoever sees the runs; else null. */
  missing: number | null;
  /** The live account (null without one), for whoever sees the payment account; else undefined. */
  account: LiveAccountState | null | undefined;
  /** The period's profit, when one is asked for (only by those who see the sales: `profitAsk` checks). */
  profit: ProfitReport | null;
  /** The way to a first sale: the owner's to take; else null. */
  gettingStarted: GettingStarted | null;
};

/**
 * Everything the dashboard reads, in one round trip: each part is a column of one row read from the
 * organization, made by the part's own read (the same SQL and rules as when it is read alone), and only
 * the parts the actor may see are read. One prepared statement per combination of parts.
 */
export async function readDashboard(
  ctx: { db: Db; config: PaymentsConfig },
  actor: Actor,
  period: ProfitPeriod | null,
): Promise<DashboardReads> {
  const { db } = ctx;
  const ask = period ? profitAsk(actor, period) : null;
  const ofProperty = ask?.propertyId !== undefined;
  const parts = {
    m: can(actor, "replacement.read"),
    a: can(actor, "payments.read"),
    p: ask !== null,
    // The way to a first sale ends in connecting the payment account: theirs who may connect it.
    s: can(actor, "payments.manage"),
  };
  const name = `dashboard_${Object.entries(parts)
    .flatMap(([part, read]) => (read ? [part] : []))
    .join("")}${ofProperty ? "_property" : ""}`;
  const query = preparedOnce(db, name, () => {
    const none = sql<null>`null`;
    const profit = parts.p ? profitColumns(db, ofProperty) : null;
    const steps = parts.s ? gettingStartedColumns(db) : null;
    return db
      .select({
        missing: parts.m ? asJson<MissingRow>(missingRows(db, organization.id)) : none,
        account: parts.a || parts.s ? liveAccountState(organization.id) : none,
        days: profit?.days ?? none,
        products: profit?.products ?? none,
        properties: profit?.properties ?? none,
        recovered: profit?.recovered ?? none,
        property: steps?.property ?? none,
        anyProduct: steps?.products ?? none,
        stock: steps?.stock ?? none,
        poster: steps?.poster ?? none,
        purchase: steps?.purchase ?? none,
      })
      .from(organization)
      .where(eq(organization.id, sql.placeholder("organizationId")))
      .prepare(name);
  });
  const [row] = await query.execute(
    ask ? profitValues(actor, ask) : { organizationId: actor.organizationId },
  );
  const account = row?.account ?? null;
  return {
    missing: parts.m ? missingOf(row?.missing ?? [], { onlyToRestock: true }).length : null,
    account: parts.a ? account : undefined,
    profit: ask
      ? profitReportOf(
          ask,
          row && {
            days: row.days ?? [],
            products: row.products ?? [],
            properties: row.properties ?? [],
            recovered: row.recovered ?? 0,
          },
        )
      : null,
    gettingStarted: parts.s
      ? gettingStartedOf(
          row && {
            property: row.property ?? null,
            products: row.anyProduct === true,
            stock: row.stock === true,
            poster: row.poster === true,
            purchase: row.purchase === true,
          },
          receivesWith(account, ctx.config),
        )
      : null,
  };
}
