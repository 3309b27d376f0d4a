import { WITHDRAWAL_STATUS_LABEL, type WithdrawalStatus } from "~/domain/ledger/messages";
import { maskPixKey, PIX_KEY_LABEL } from "~/domain/ledger/pix-key";
import type { WithdrawalRow } from "~/domain/ledger/read-wallets.server";
import { formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { shortId } from "~/lib/short-id";
import { Badge, type BadgeTone } from "~/ui/badge";

export type WithdrawalView = Omit<WithdrawalRow, "createdAt" | "closedAt"> & {
  createdAt: string;
  closedAt: string | null;
};

const TONE: Record<WithdrawalStatus, BadgeTone> = { processing: "yellow", paid: "green", failed: "red" };

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  return <Badge tone={TONE[status]}>{WITHDRAWAL_STATUS_LABEL[status]}</Badge>;
}

/** The organization's withdrawals, newest first: amount, property, key (masked), status and, if failed, why. */
export function WithdrawalHistory({ rows }: { rows: WithdrawalView[] }) {
  return (
    <ol aria-label="Saques solicitados" className="grid gap-2">
      {rows.map((w) => (
        <li key={w.id} className="grid gap-1 rounded-xl border border-border bg-surface p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-semibold text-ink tabular-nums">{formatCents(w.amountCents)}</span>{" "}
              <span className="font-mono text-xs text-muted">#{shortId(w.id)}</span>
            </span>
            <WithdrawalStatusBadge status={w.status} />
          </div>
          <p className="text-muted">
            {formatDateTime(w.createdAt)} · {w.propertyName} · Pix {PIX_KEY_LABEL[w.pixKeyType]}{" "}
            <span className="break-all">{maskPixKey(w.pixKeyType, w.pixKey)}</span>
          </p>
          {w.status === "paid" && w.closedAt ? (
            <p className="text-muted">Pago em {formatDateTime(w.closedAt)}</p>
          ) : null}
          {w.status === "failed" ? (
            <p className="text-danger">
              Motivo: {w.failureReason ?? "não informado"}. O valor voltou ao saldo disponível.
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
