import { Landmark } from "lucide-react";
import type { AccountStatus } from "~/domain/payment-accounts/messages";
import { Badge } from "~/ui/badge";
import { buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { RECEIVING_PATH } from "./receiving-result";
import { RECEIVING_PAGE_TEXT as T } from "./receiving-text";

export type ReceivingNoticeData = {
  canManage: boolean;
  /** The live account that does not charge (pending, to reconnect, its provider gone); null when none. */
  account: { status: AccountStatus; statusLabel: string; providerLabel: string } | null;
};

function texts({ account, canManage }: ReceivingNoticeData): { title: string; action: string } {
  if (!account)
    return {
      title: canManage ? T.connectNotice : "Nenhuma conta recebe os pagamentos dos hóspedes",
      action: "Conectar uma conta",
    };
  if (account.status === "needs_reconnect")
    return { title: `Sua conta ${account.providerLabel} precisa ser reconectada`, action: "Reconectar" };
  if (account.status === "pending")
    return { title: `Sua conta ${account.providerLabel} ainda está pendente`, action: "Ver recebimentos" };
  return {
    title: `Sua conta ${account.providerLabel} não está recebendo pagamentos`,
    action: "Ver recebimentos",
  };
}

/**
 * The dashboard's first notice while the guests cannot pay. The owner gets the way to fix it; a manager
 * sees the same status and who can fix it.
 */
export function ReceivingNotice({
  notice,
  beforePrinting = false,
}: {
  notice: ReceivingNoticeData;
  /** Above the posters: their QR codes lead to a shop that cannot take payments yet. */
  beforePrinting?: boolean;
}) {
  const { title, action } = texts(notice);
  return (
    <section
      aria-labelledby="receiving-notice"
      className="flex flex-col gap-3 rounded-xl border border-danger/40 bg-danger-soft p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Landmark className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id="receiving-notice" className="font-semibold text-danger">
            {title}
          </h2>
          <p className="text-sm text-ink">
            {notice.account && notice.account.status !== "active" ? (
              <>
                <Badge tone={notice.account.status === "needs_reconnect" ? "red" : "yellow"}>
                  {notice.account.statusLabel}
                </Badge>{" "}
              </>
            ) : null}
            Enquanto isso, a loja mostra os produtos e avisa que ainda não recebe pagamentos.
            {beforePrinting ? " Conecte antes de imprimir os cartazes: o QR Code leva a essa loja." : null}
            {notice.canManage ? null : " Só o proprietário pode conectar a conta."}
          </p>
        </div>
      </div>
      {notice.canManage ? (
        <Link to={RECEIVING_PATH} className={buttonClasses({ className: "self-start sm:self-center" })}>
          {action}
        </Link>
      ) : null}
    </section>
  );
}
