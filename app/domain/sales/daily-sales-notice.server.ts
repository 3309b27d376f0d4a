import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { addDays, formatDay, saoPauloDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { saoPauloMinutes } from "~/lib/quiet-hours";
import type { Db } from "~/platform/db/database-handle.server";
import { member, organization, salesDaily } from "~/platform/db/schema";
import { dailySalesEmail } from "~/platform/mail/templates.server";
import { notifyMembers } from "../notifications/notify.server";
import type { NotifyContext } from "../notifications/notify-context";
import { ALL_SALES } from "./sales-filter.server";
import { salesTotals } from "./sales-totals.server";

/** The day before is summarised from 08:00 (São Paulo). */
export const DAILY_SALES_FROM_MINUTES = 8 * 60;

/**
 * Tells the owners and managers of each organization that sold yesterday (São Paulo) what it sold: paid
 * sales, gross and net, the same figures /sales shows for that day. Once per organization and day and
 * member, by email or on WhatsApp for those who chose it; nothing for a day without sales. Run by a job
 * (hourly, once across instances).
 */
export async function notifyDailySales(
  ctx: NotifyContext & { db: Db },
  options: { fromMinutes?: number } = {},
): Promise<number> {
  const now = ctx.now();
  if (saoPauloMinutes(now) < (options.fromMinutes ?? DAILY_SALES_FROM_MINUTES)) return 0;
  const day = addDays(saoPauloDay(now), -1);
  const sold = await ctx.db
    .selectDistinct({ organizationId: salesDaily.organizationId, name: organization.name })
    .from(salesDaily)
    .innerJoin(organization, eq(organization.id, salesDaily.organizationId))
    .where(
      and(
        eq(salesDaily.day, day),
        inArray(salesDaily.status, ["paid", "refunded"]),
        gt(salesDaily.orders, 0),
      ),
    );
  let told = 0;
  for (const org of sold) {
    try {
      // The figures are read as an owner reads them on /sales.
      const [owner] = await ctx.db
        .select({ userId: member.userId })
        .from(member)
        .where(and(eq(member.organizationId, org.organizationId), eq(member.role, "owner")))
        .orderBy(asc(member.createdAt))
        .limit(1);
      if (!owner) continue;
      const totals = await salesTotals(
        ctx.db as Db,
        { userId: owner.userId, organizationId: org.organizationId, role: "owner" },
        { ...ALL_SALES, from: day, to: day },
      );
      const paid = totals.counts.paid;
      const refunded = totals.counts.refunded;
      if (paid + refunded === 0) continue;
      const count = `${paid === 1 ? "1 venda paga" : `${paid} vendas pagas`}${
        refunded > 0 ? (refunded === 1 ? " e 1 reembolsada" : ` e ${refunded} reembolsadas`) : ""
      }`;
      const gross = formatCents(totals.grossCents);
      const net = formatCents(totals.netCents);
      const result = await notifyMembers(ctx, {
        organizationId: org.organizationId,
        event: "sales_summary",
        key: `sales-summary:${org.organizationId}:${day}`,
        email: dailySalesEmail({
          organization: org.name,
          day: formatDay(day),
          paid: count,
          gross,
          net,
          url: `${ctx.appUrl}/sales?de=${day}&ate=${day}`,
        }),
        whatsapp: {
          template: "estadia_resumo_vendas",
          values: [formatDay(day), org.name, count, gross, net],
        },
      });
      told += result.emailed + result.queued.length;
    } catch (err) {
      ctx.log.warn(
        { err, organizationId: org.organizationId },
        "sales summary not sent; the next run tries again",
      );
    }
  }
  return told;
}
