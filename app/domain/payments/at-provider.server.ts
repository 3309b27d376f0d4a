import { withAccountProvider } from "../payment-accounts/accounts.server";
import { type AppliedPayment, applyPayment } from "./apply-payment.server";
import type { PaymentsContext } from "./payments-context";

/** A charge as we know it: which provider holds it, under which of the organization's accounts. */
export type ChargeRef = { provider: string; providerPaymentId: string; paymentAccountId: string | null };

/** Asks the account that made a charge how it stands, and applies the answer. */
export async function recheckCharge(ctx: PaymentsContext, ref: ChargeRef): Promise<AppliedPayment | null> {
  const live = await withAccountProvider(ctx, ref.paymentAccountId, (p) =>
    p.getPayment(ref.providerPaymentId),
  );
  return applyPayment(ctx, ref.provider, live);
}

/** Stops a pending charge at its account and applies the answer (a charge paid meanwhile is refunded). */
export async function cancelCharge(ctx: PaymentsContext, ref: ChargeRef): Promise<AppliedPayment | null> {
  const live = await withAccountProvider(ctx, ref.paymentAccountId, (p) =>
    p.cancelPayment(ref.providerPaymentId),
  );
  return applyPayment(ctx, ref.provider, live);
}
