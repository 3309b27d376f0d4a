import { ArrowLeft, Download } from "lucide-react";
import { data, Link } from "react-router";
import { AppError } from "~/domain/errors";
import { MONEY_TEXT } from "~/domain/ledger/messages";
import {
  getWallet,
  receivablesOf,
  type StatementRow,
  walletStatement,
} from "~/domain/ledger/read-wallets.server";
import { can } from "~/domain/team/permissions";
import { formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { shortId } from "~/lib/short-id";
import { isUuid } from "~/lib/uuid";
import { database } from "~/platform/db/database.server";
import { buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageFrame } from "~/ui/page-frame";
import type { Route } from "./+types/wallet-statement";
import { notFoundUnlessFound } from "./app-error.server";
import { Forbidden } from "./forbidden";
import { backofficeContext } from "./guard.server";

export function meta() {
  return [{ title: "Extrato da carteira" }];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  if (!can(actor, "wallet.read")) return data({ forbidden: true as const }, { status: 403 });
  if (!isUuid(params.id)) return data({ noId: true as const }, { status: 404 });
  const { db } = await database();
  const wallet = notFoundUnlessFound(await getWallet(db, actor, params.id).catch(() => null));
  // Each part loads on its own: one failing says so and leaves the other (part 2 §8).
  const [history, receivables] = await Promise.all([
    walletStatement(db, actor, wallet.id).then(
      (rows) => rows.map((r) => ({ ...r, at: r.at.toISOString() })),
      (err) => {
        if (!(err instanceof AppError)) throw err;
        return null;
      },
    ),
    receivablesOf(db, actor, wallet.id).then(
      (rows) =>
        rows.map((r) => ({ ...r, forecastAt: r.forecastAt.toISOString(), settledAt: iso(r.settledAt) })),
      (err) => {
        if (!(err instanceof AppError)) throw err;
        return null;
      },
    ),
  ]);
  return { wallet, history, receivables };
}

const amountClass = (cents: number) => (cents > 0 ? "text-success" : "text-danger");

export default function WalletStatement({ loaderData }: Route.ComponentProps) {
  if ("forbidden" in loaderData) return <Forbidden title="Extrato da carteira" what="as carteiras" />;
  if ("noId" in loaderData) {
    return (
      <PageFrame title="Extrato da carteira">
        <EmptyState title={MONEY_TEXT.noWalletId} />
      </PageFrame>
    );
  }
  const { wallet, history, receivables } = loaderData;
  return (
    <PageFrame
      title="Extrato da carteira"
      description={`${wallet.propertyName} · disponível ${formatCents(wallet.availableCents)} · a receber ${formatCents(wallet.pendingCents)} · sacado ${formatCents(wallet.withdrawnCents)}`}
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
        {history === null ? (
          <p role="alert" className="text-danger">
            {MONEY_TEXT.historyFailed}
          </p>
        ) : history.length === 0 ? (
          <EmptyState title={MONEY_TEXT.noMovements} titleAs="p" />
        ) : (
          <HistoryTable rows={history} />
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
          <p className="text-sm text-muted">Nenhuma venda no cartão.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-border bg-surface">
            <table className="w-full text-sm">
              <thead className="text-left text-muted">
                <tr>
                  <th className="p-3 font-medium">Pedido</th>
                  <th className="p-3 font-medium">Previsão</th>
                  <th className="p-3 font-medium">Valor</th>
                  <th className="p-3 font-medium">Situação</th>
                </tr>
              </thead>
              <tbody>
                {receivables.map((r) => (
                  <tr key={r.id} className="border-t border-border">
                    <td className="p-3 font-mono">#{shortId(r.orderId)}</td>
                    <td className="p-3">{formatDateTime(r.forecastAt)}</td>
                    <td className="p-3">{formatCents(r.amountCents)}</td>
                    <td className="p-3">
                      {r.cancelled
                        ? "Cancelado (reembolso)"
                        : r.settledAt
                          ? `Liquidado em ${formatDateTime(r.settledAt)}`
                          : "Pendente"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </PageFrame>
  );
}

function HistoryTable({ rows }: { rows: (Omit<StatementRow, "at"> & { at: string })[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-surface">
      <table className="w-full text-sm">
        <thead className="text-left text-muted">
          <tr>
            <th className="p-3 font-medium">Tipo</th>
            <th className="p-3 font-medium">Data</th>
            <th className="p-3 font-medium">Valor</th>
            <th className="p-3 font-medium">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-border">
              <td className="p-3">
                {row.type} <span className="font-mono text-xs text-muted">#{shortId(row.reference)}</span>
              </td>
              <td className="p-3">{formatDateTime(row.at)}</td>
              <td className={`p-3 font-semibold ${amountClass(row.amountCents)}`}>
                {formatCents(row.amountCents)}
              </td>
              <td className="p-3">{row.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
