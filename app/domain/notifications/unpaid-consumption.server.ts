import { and, eq } from "drizzle-orm";
import { formatDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { properties } from "~/platform/db/schema";
import { unpaidConsumptionEmail } from "~/platform/mail/templates.server";
import { notifyMembers, type Told } from "./notify.server";
import type { NotifyContext } from "./notify-context";

/** What a turnover's stock count found consumed and not paid (issue 46 calls this). */
export type UnpaidConsumption = {
  organizationId: string;
  propertyId: string;
  /** The count (or turnover) that found it: it is told once. */
  countId: string;
  /** The turnover's São Paulo day (YYYY-MM-DD). */
  day: string;
  /** The stay whose account the email links to; without it, the property's count. */
  stayId?: string;
  items: { name: string; quantity: number; amountCents: number }[];
};

/**
 * Tells the owners and managers (the amounts are money: never cleaning staff) what a turnover's count found
 * consumed and not paid, once per count, by email or on WhatsApp for those who chose it.
 */
export async function notifyUnpaidConsumption(ctx: NotifyContext, found: UnpaidConsumption): Promise<Told> {
  if (found.items.length === 0) return { emailed: 0, queued: [] };
  const [property] = await ctx.db
    .select({ name: properties.name })
    .from(properties)
    .where(and(eq(properties.id, found.propertyId), eq(properties.organizationId, found.organizationId)));
  const name = property?.name ?? "";
  const total = formatCents(found.items.reduce((sum, i) => sum + i.amountCents, 0));
  const day = formatDay(found.day);
  return notifyMembers(ctx, {
    organizationId: found.organizationId,
    event: "unpaid_consumption",
    key: `unpaid-consumption:${found.countId}`,
    email: unpaidConsumptionEmail({
      property: name,
      day,
      items: found.items.map((i) => ({
        name: i.name,
        quantity: i.quantity,
        amount: formatCents(i.amountCents),
      })),
      total,
      url: found.stayId
        ? `${ctx.appUrl}/estadias/${found.stayId}#conta`
        : `${ctx.appUrl}/properties/${found.propertyId}/conferencia`,
    }),
    whatsapp: {
      template: "estadia_consumo_nao_pago",
      values: [name, day, found.items.map((i) => `${i.quantity} × ${i.name}`).join(", "), total],
    },
  });
}
