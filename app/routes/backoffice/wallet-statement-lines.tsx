import type { ReceivableRow, StatementRow } from "~/domain/ledger/read-wallets.server";
import { formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { shortId } from "~/lib/short-id";
import { MoneyRows, saleFigures } from "./wallet-money";

export type StatementLineView = Omit<StatementRow, "at"> & { at: string };

/**
 * The statement as a list of lines, one per business event, readable on a phone: a sale (or a card sale's
 * release, or a refund) with its gross, fees and net; a withdrawal with its amount.
 */
export function StatementLines({ rows }: { rows: StatementLineView[] }) {
  return (
    <ol aria-label="Histórico" className="grid gap-2">
      {rows.map((row) => {
        const id = `line-${row.key.replace(/[^a-z0-9-]/gi, "-")}`;
        return (
          <li key={row.key}>
            <article
              aria-labelledby={id}
              className="grid gap-2 rounded-xl border border-border bg-surface p-3 sm:grid-cols-[1fr_18rem] sm:gap-4 sm:p-4"
            >
              <div className="grid content-start gap-1">
                <h3 id={id} className="font-medium text-ink">
                  {row.type} <span className="font-mono text-xs text-muted">#{shortId(row.reference)}</span>
                </h3>
                <p className="text-sm text-muted">
                  {formatDateTime(row.at)} · <span className="text-ink">{row.status}</span>
                </p>
              </div>
              {row.money ? (
                <MoneyRows figures={saleFigures(row.money, row.amountCents, { signed: true })} />
              ) : (
                <MoneyRows
                  figures={[{ label: "Valor", cents: row.amountCents, strong: true, signed: true }]}
                />
              )}
            </article>
          </li>
        );
      })}
    </ol>
  );
}

export type ReceivableView = Omit<ReceivableRow, "forecastAt" | "settledAt"> & {
  forecastAt: string;
  settledAt: string | null;
};

function situation(r: ReceivableView): string {
  if (r.cancelled) return "Cancelado (reembolso)";
  if (r.settledAt) return `Liberado em ${formatDateTime(r.settledAt)}`;
  return `Pendente · libera em ${formatDateTime(r.forecastAt)}`;
}

/** The wallet's card sales and when their net is (or was) released. */
export function ReceivableLines({ rows }: { rows: ReceivableView[] }) {
  return (
    <ul aria-label="Valores a receber" className="grid gap-2">
      {rows.map((r) => (
        <li
          key={r.id}
          className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-xl border border-border bg-surface p-3 text-sm"
        >
          <span>
            <span className="font-mono">#{shortId(r.orderId)}</span>{" "}
            <span className="text-muted">{situation(r)}</span>
          </span>
          <span className={`font-semibold tabular-nums ${r.cancelled ? "text-muted line-through" : ""}`}>
            {formatCents(r.amountCents)}
          </span>
        </li>
      ))}
    </ul>
  );
}
