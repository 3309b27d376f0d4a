import type { PaymentsContext } from "~/platform/payments/payments-context";
import { settleDueReceivables } from "./settle-receivables.server";
import { reconcileWithdrawals } from "./withdrawals.server";

/**
 * The money side's safety net, run by a job (once per slot across instances): card receivables released
 * on their date, and withdrawals the payout provider has not answered about asked again. Idempotent.
 */
export async function sweepMoney(ctx: PaymentsContext): Promise<{ settled: number; withdrawals: number }> {
  const settled = await settleDueReceivables(ctx.db, ctx.now());
  const withdrawals = await reconcileWithdrawals(ctx);
  return { settled, withdrawals };
}
