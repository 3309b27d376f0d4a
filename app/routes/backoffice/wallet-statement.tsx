import { ArrowLeft, Download } from "lucide-react";
import { data } from "react-router";
import { refusalOf } from "~/domain/errors";
import { MONEY_TEXT } from "~/domain/ledger/messages";
import { getWallet, receivablesOf, walletStatement } from "~/domain/ledger/read-wallets.server";
import { formatCents } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import { buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import type { Route } from "./+types/wallet-statement";
import { EMPTY_TEXT as E } from "./empty-states-text";
import { backofficeContext } from "./guard.server";
import { notFoundUnlessFound } from "./not-found.server";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";
import { ReceivableLines, StatementLines } from "./wallet-statement-lines";

export function meta() {
  return [{ title: "Extrato da carteira" }];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "wallet.read", { title: "Extrato da carteira", what: "ver as carteiras" });
  if (!isUuid(params.id)) return data({ noId: true as const }, { status: 404 });
  const { db } = context.get(servicesContext);
  const wallet = notFoundUnlessFound(await getWallet(db, actor, params.id).catch(() => null));
  // Each part loads on its own: one failing says so and leaves the other (part 2 §8).
  const [history, receivables] = await Promise.all([
    walletStatement(db, actor, wallet.id).then(
      (rows) => rows.map((r) => ({ ...r, at: r.at.toISOString() })),
      (err) => {
        refusalOf(err);
        return null;
      },
    ),
    receivablesOf(db, actor, wallet.id).then(
      (rows) =>
        rows.map((r) => ({ ...r, forecastAt: r.forecastAt.toISOString(), settledAt: iso(r.settledAt) })),
      (err) => {
        refusalOf(err);
        return null;
      },
    ),
  ]);
  return { wallet, history, receivables };
}

export default function WalletStatement({ loaderData }: Route.ComponentProps) {
  if ("noId" in loaderData) {
    return (
      <PageFrame title="Extrato da carteira">
        <EmptyState
          title={MONEY_TEXT.noWalletId}
          description={E.noWalletIdHint}
          action={
            <Link to="/withdrawals" className={buttonClasses({ variant: "outline" })}>
              {E.toWallets}
            </Link>
          }
        />
      </PageFrame>
    );
  }
  const { wallet, history, receivables } = loaderData;
  return (
    <PageFrame
      title="Extrato da carteira"
      description={`${wallet.propertyName} · disponível ${formatCents(wallet.availableCents)} · a receber ${formatCents(wallet.pendingCents)} · sacado ${formatCents(wallet.withdrawnCents)}${wallet.disputedCents ? ` · em disputa ${formatCents(wallet.disputedCents)}` : ""}`}
      actions={
        <>
          <Link to="/withdrawals" className={buttonClasses({ variant: "ghost" })}>
            <ArrowLeft aria-hidden="true" />
            Saques
          </Link>
          <a
            href={`/wallets/${wallet.id}/extrato.csv`}
            className={buttonClasses({ variant: "outline" })}
            download
          >
            <Download aria-hidden="true" />
            Exportar CSV
          </a>
        </>
      }
    >
      <section aria-labelledby="history-title" className="grid gap-3">
        <h2 id="history-title" className="text-lg font-semibold">
          Histórico
        </h2>
        <p className="text-sm text-muted">
          Cada mudança do saldo disponível. Uma venda mostra o bruto, as taxas e o líquido que entrou; uma
          venda no cartão entra quando é liberada (Recebível).
        </p>
        {history === null ? (
          <p role="alert" className="text-danger">
            {MONEY_TEXT.historyFailed}
          </p>
        ) : history.length === 0 ? (
          <EmptyState title={MONEY_TEXT.noMovements} titleAs="p" description={E.statementHint} />
        ) : (
          <StatementLines rows={history} />
        )}
      </section>
      <section aria-labelledby="receivables-title" className="grid gap-3">
        <h2 id="receivables-title" className="text-lg font-semibold">
          Valores a receber (cartão)
        </h2>
        {receivables === null ? (
          <p role="alert" className="text-danger">
            {MONEY_TEXT.receivablesFailed}
          </p>
        ) : receivables.length === 0 ? (
          <p className="text-sm text-muted">{E.noReceivables}</p>
        ) : (
          <ReceivableLines rows={receivables} />
        )}
      </section>
    </PageFrame>
  );
}
