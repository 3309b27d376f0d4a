import { Landmark } from "lucide-react";
import { EmptyState } from "~/ui/empty-state";
import { PageFrame } from "~/ui/page-frame";
import type { Refused } from "../answer";
import { ReceivingAccountCard } from "./receiving-account";
import { ReceivingConnect, ReceivingFees } from "./receiving-connect";
import { ReceivingFindings } from "./receiving-findings";
import { RECEIVING_PAGE_TEXT as T } from "./receiving-text";
import type { ReceivingData } from "./receiving-types";

/** The Recebimentos page: the account that receives, the fees, and for the owner connecting one. */
export function ReceivingScreen({
  data,
  refusal,
  busy = false,
}: {
  data: ReceivingData;
  refusal?: Refused;
  busy?: boolean;
}) {
  const { account, canManage } = data;
  const error = refusal?.message ?? data.error;
  return (
    <PageFrame title={T.title} description={T.description}>
      {error ? (
        <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      {account ? (
        <ReceivingAccountCard
          account={account}
          canManage={canManage}
          confirmDisconnect={data.confirmDisconnect}
          busy={busy}
        />
      ) : (
        <EmptyState
          icon={Landmark}
          title={T.noAccount}
          description={canManage ? T.noAccountHelp : `${T.noAccountHelp} ${T.ownerOnly}`}
        />
      )}
      <ReceivingFees {...data} />
      {!account && canManage ? (
        <ReceivingConnect offered={data.offered} refusal={refusal} busy={busy} />
      ) : null}
      <ReceivingFindings findings={data.findings} />
    </PageFrame>
  );
}
