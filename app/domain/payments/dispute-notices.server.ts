import { desc, eq } from "drizzle-orm";
import { formatDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { shortId } from "~/lib/short-id";
import { disputes, properties, wallets } from "~/platform/db/schema";
import { balanceBelowZeroEmail, saleDisputedEmail } from "~/platform/mail/templates.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { disputeRespondBy } from "../ledger/dispute-deadline";
import { notifyMembers } from "../notifications/notify.server";

/**
 * Tells the owners what a dispute's step did (ADR 0062), once each: opened, the sale and the day to send
 * the evidence by; opened or lost leaving the wallet's available balance below zero, that withdrawals wait.
 * Run after the step committed; a failure is logged by the caller and does not undo the step.
 */
export async function tellDispute(
  ctx: PaymentsContext,
  orderId: string,
  step: "opened" | "lost",
): Promise<void> {
  const [row] = await ctx.db
    .select({
      id: disputes.id,
      organizationId: disputes.organizationId,
      heldCents: disputes.heldCents,
      openedAt: disputes.openedAt,
      available: wallets.availableCents,
      property: properties.name,
    })
    .from(disputes)
    .innerJoin(wallets, eq(wallets.id, disputes.walletId))
    .innerJoin(properties, eq(properties.id, wallets.propertyId))
    .where(eq(disputes.orderId, orderId))
    .orderBy(desc(disputes.openedAt))
    .limit(1);
  if (!row) return;
  if (step === "opened") {
    const respondBy = formatDay(disputeRespondBy(row.openedAt));
    await notifyMembers(ctx, {
      organizationId: row.organizationId,
      event: "dispute",
      key: `dispute:${row.id}:opened`,
      email: saleDisputedEmail({
        order: shortId(orderId),
        property: row.property,
        held: formatCents(row.heldCents),
        respondBy,
        url: `${ctx.appUrl}/sales`,
      }),
      whatsapp: {
        template: "estadia_venda_contestada",
        values: [shortId(orderId), row.property, formatCents(row.heldCents), respondBy],
      },
    });
  }
  if (row.available < 0) {
    await notifyMembers(ctx, {
      organizationId: row.organizationId,
      event: "dispute",
      // Once per dispute that left it below zero.
      key: `dispute:${row.id}:below-zero`,
      email: balanceBelowZeroEmail({
        wallet: row.property,
        balance: formatCents(row.available),
        url: `${ctx.appUrl}/withdrawals`,
      }),
      whatsapp: { template: "estadia_saldo_negativo", values: [row.property, formatCents(row.available)] },
    });
  }
}
