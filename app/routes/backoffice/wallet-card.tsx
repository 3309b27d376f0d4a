import { Link } from "react-router";
import type { WalletCard as Wallet } from "~/domain/ledger/read-wallets.server";
import { formatCents } from "~/lib/money";
import { buttonClasses } from "~/ui/button";
import { Card, CardTitle } from "~/ui/card";

/** One wallet (a property's money): available, to receive, withdrawn, and what is on its way. */
export function WalletCard({ wallet, canWithdraw }: { wallet: Wallet; canWithdraw: boolean }) {
  const figures: [string, number][] = [
    ["Disponível", wallet.availableCents],
    ["A receber", wallet.pendingCents],
    ["Sacado", wallet.withdrawnCents],
  ];
  return (
    <Card className="gap-4 p-4 sm:p-5">
      <CardTitle>
        {wallet.propertyName}
        {wallet.propertyArchived ? <span className="font-normal text-muted"> (arquivado)</span> : null}
      </CardTitle>
      <dl className="grid grid-cols-3 gap-2">
        {figures.map(([label, cents]) => (
          <div key={label}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd className={`font-semibold ${cents < 0 ? "text-danger" : "text-ink"}`}>
              {formatCents(cents)}
            </dd>
          </div>
        ))}
      </dl>
      {wallet.reservedCents > 0 ? (
        <p className="text-sm text-muted">Saque em processamento: {formatCents(wallet.reservedCents)}</p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2">
        <Link to={`/wallets/${wallet.id}`} className={buttonClasses({ variant: "outline", size: "sm" })}>
          Ver extrato
        </Link>
        {canWithdraw ? (
          <Link to={`/withdrawals?carteira=${wallet.id}`} className={buttonClasses({ size: "sm" })}>
            Solicitar saque
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
