import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { addDays, formatDay, saoPauloDay } from "~/lib/dates";
import { saoPauloMinutes } from "~/lib/quiet-hours";
import { OPEN_REPLACEMENT_STATUSES } from "~/lib/replacement-status";
import { comparePtNames } from "~/lib/sort-by-name";
import type { Db } from "~/platform/db/database-handle.server";
import { orders, properties, replacementItems, replacements } from "~/platform/db/schema";
import { restockRunEmail } from "~/platform/mail/templates.server";
import { notifyMembers } from "../notifications/notify.server";
import type { NotifyContext } from "../notifications/notify-context";

/** Runs are told from 07:00 (São Paulo), when a working day starts. */
export const RUN_NOTICES_FROM_MINUTES = 7 * 60;

/** A run late for longer than this is not told any more (one forgotten for weeks is not news). */
const LATE_DAYS = 7;

/**
 * Tells the team (owners, managers and cleaning staff: runs carry no money) about each open run whose
 * 'Entregar até' is today ('para hoje') or has passed ('atrasada'), once each, by email or on WhatsApp
 * for those who chose it. Run by a job (hourly, once across instances); a member already told is skipped,
 * so two runs at once tell each member once.
 */
export async function notifyRestockRuns(
  ctx: NotifyContext & { db: Db },
  options: { fromMinutes?: number } = {},
): Promise<number> {
  const now = ctx.now();
  if (saoPauloMinutes(now) < (options.fromMinutes ?? RUN_NOTICES_FROM_MINUTES)) return 0;
  const today = saoPauloDay(now);
  const runs = await ctx.db
    .select({
      id: replacements.id,
      organizationId: replacements.organizationId,
      number: replacements.number,
      deliverBy: replacements.deliverBy,
    })
    .from(replacements)
    .where(
      and(
        inArray(replacements.status, [...OPEN_REPLACEMENT_STATUSES]),
        lte(replacements.deliverBy, today),
        gte(replacements.deliverBy, addDays(today, -LATE_DAYS)),
      ),
    );
  let told = 0;
  for (const run of runs) {
    if (!run.deliverBy) continue;
    const late = run.deliverBy < today;
    const names = await ctx.db
      .selectDistinct({ name: properties.name })
      .from(replacementItems)
      .innerJoin(properties, eq(properties.id, replacementItems.propertyId))
      .where(eq(replacementItems.replacementId, run.id))
      .orderBy(asc(properties.name));
    // A run that only brings guests' pre-arrival orders (ADR 0060) goes to their properties.
    const guests = await ctx.db
      .selectDistinct({ name: properties.name })
      .from(orders)
      .innerJoin(properties, eq(properties.id, orders.propertyId))
      .where(and(eq(orders.replacementId, run.id), eq(orders.status, "paid")));
    const where = [...new Set([...names, ...guests].map((p) => p.name))].sort(comparePtNames).join(", ");
    const day = formatDay(run.deliverBy);
    try {
      const result = await notifyMembers(ctx, {
        organizationId: run.organizationId,
        event: "restock_run",
        key: `restock-${late ? "late" : "due"}:${run.id}`,
        email: restockRunEmail({
          late,
          number: run.number,
          day,
          properties: where,
          url: `${ctx.appUrl}/replacements/${run.id}`,
        }),
        whatsapp: {
          template: late ? "estadia_reposicao_atrasada" : "estadia_reposicao_hoje",
          values: [String(run.number), day, where],
        },
      });
      told += result.emailed + result.queued.length;
    } catch (err) {
      ctx.log.warn({ err, replacementId: run.id }, "restock run notice not sent; the next run tries again");
    }
  }
  return told;
}
