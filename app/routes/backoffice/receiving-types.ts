import type { OfferedProvider, ReceivingView } from "~/domain/payment-accounts/read-receiving.server";

// The Recebimentos page's data as the loader sends it: dates as ISO text, so the screen renders the same on
// the server and in the browser (and in tests).

type Account = NonNullable<ReceivingView["account"]>;

export type ReceivingAccount = Omit<Account, "connectedAt" | "reconciledAt"> & {
  connectedAt: string;
  reconciledAt: string | null;
  /** Whether its provider is still offered here (an account of a provider taken away charges no one). */
  offered: boolean;
};

export type ReceivingFinding = Omit<ReceivingView["findings"][number], "foundAt"> & { foundAt: string };

export type ReceivingData = {
  canManage: boolean;
  offered: OfferedProvider[];
  platformFeePercent: string;
  freeTrialDays: number;
  trialEndsAt: string | null;
  account: ReceivingAccount | null;
  findings: ReceivingFinding[];
  /** A refused connection, said after the redirect that brought the owner back here. */
  error: string | null;
  /** The owner asked to disconnect: the page asks again before doing it. */
  confirmDisconnect: boolean;
};

export function toReceivingData(
  view: ReceivingView,
  extra: Pick<ReceivingData, "error" | "confirmDisconnect">,
): ReceivingData {
  const { account } = view;
  return {
    canManage: view.canManage,
    offered: view.offered,
    platformFeePercent: view.platformFeePercent,
    freeTrialDays: view.freeTrialDays,
    trialEndsAt: view.trialEndsAt?.toISOString() ?? null,
    account: account
      ? {
          ...account,
          connectedAt: account.connectedAt.toISOString(),
          reconciledAt: account.reconciledAt?.toISOString() ?? null,
          offered: view.offered.some((o) => o.provider === account.provider),
        }
      : null,
    findings: view.findings.map((f) => ({ ...f, foundAt: f.foundAt.toISOString() })),
    ...extra,
    // Only an owner is asked to confirm, and only when there is something to disconnect.
    confirmDisconnect: extra.confirmDisconnect && view.canManage && account !== null,
  };
}
