import type { WalletCard as Wallet } from "~/domain/ledger/read-wallets.server";
import { buttonClasses } from "~/ui/button";
import { Card, CardTitle } from "~/ui/card";
import { Link } from "~/ui/link";
import { balanceFigures, MoneyRows } from "./wallet-money";

/**
 * One wallet (a property's money): available, to receive, withdrawn and what is on its way, one figure a
 * line so a phone never scrolls sideways.
 */
export function WalletCard({
  wallet,
  canWithdraw,
  atMercadoPago = false,
}: {
  wallet: Wallet;
  canWithdraw: boolean;
  atMercadoPago?: boolean;
}) {
  return (
    <Card className="w-full gap-4 p-4 sm:p-5">
      <CardTitle>
        {wallet.propertyName}
        {wallet.propertyArchived ? <span className="font-normal text-muted"> (arquivado)</span> : null}
      </CardTitle>
      <MoneyRows figures={balanceFigures(wallet, atMercadoPago)} />
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
