import { and, eq, isNull } from "drizzle-orm";
import { formatDay, saoPauloDay } from "~/lib/dates";
import { saoPauloMinutes } from "~/lib/quiet-hours";
import type { Db } from "~/platform/db/database-handle.server";
import { properties, stays } from "~/platform/db/schema";
import { turnoversTodayEmail } from "~/platform/mail/templates.server";
import { notifyMembers } from "../notifications/notify.server";
import type { NotifyContext } from "../notifications/notify-context";
import { leavingOn, occupyingStays } from "./occupying-stays.server";

/** The cleaning team hears of the day's turnovers when its day starts (São Paulo), as it does of runs. */
export const TURNOVER_NOTICES_FROM_MINUTES = 7 * 60;

/**
 * Tells each organization's cleaning staff, once a day, the properties a guest leaves today and when the
 * next guest arrives (issue 50: a cleaner hears of runs and turnovers, never money). Run by the hourly
 * notices job; a member already told today is skipped, so two instances tell each member once.
 */
export async function notifyTodaysTurnovers(
  ctx: NotifyContext & { db: Db },
  options: { fromMinutes?: number } = {},
): Promise<number> {
  const now = ctx.now();
  if (saoPauloMinutes(now) < (options.fromMinutes ?? TURNOVER_NOTICES_FROM_MINUTES)) return 0;
  const today = saoPauloDay(now);
  const organizations = await ctx.db
    .selectDistinct({ id: stays.organizationId })
    .from(stays)
    .innerJoin(properties, and(eq(properties.id, stays.propertyId), isNull(properties.archivedAt)))
    .where(and(eq(stays.checkOut, today), eq(stays.kind, "stay"), eq(stays.status, "confirmed")));
  let told = 0;
  for (const { id: organizationId } of organizations) {
    const leaving = leavingOn(
      await occupyingStays(ctx.db, organizationId, { from: today, to: today }),
      today,
    );
    if (leaving.length === 0) continue;
    const lines = leaving.map(
      (t) =>
        `${t.stay.propertyName} (${t.until === null ? "sem próxima entrada marcada" : `próxima entrada ${t.sameDay ? "hoje" : formatDay(t.until)}`})`,
    );
    try {
      const result = await notifyMembers(ctx, {
        organizationId,
        event: "turnovers_today",
        key: `turnovers:${organizationId}:${today}`,
        email: turnoversTodayEmail({ day: formatDay(today), turnovers: lines, url: `${ctx.appUrl}/agenda` }),
        whatsapp: { template: "estadia_trocas_hoje", values: [formatDay(today), lines.join(", ")] },
      });
      told += result.emailed + result.queued.length;
    } catch (err) {
      ctx.log.warn({ err, organizationId }, "turnovers notice not sent; the next run tries again");
    }
  }
  return told;
}
