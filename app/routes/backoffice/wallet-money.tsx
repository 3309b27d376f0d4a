import { MONEY_LABEL as L } from "~/domain/ledger/messages";
import type { SaleMoney } from "~/domain/ledger/sale-money.server";
import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";

export type Figure = {
  label: string;
  cents: number;
  /** The line the others add up to (a net, a balance): bold. */
  strong?: boolean;
  /** Green when money came in, red when it went out (a statement's amount). */
  signed?: boolean;
};

/** Green in, red out; the sign is in the text too, so colour only repeats it. */
export const amountClass = (cents: number) => (cents > 0 ? "text-success" : cents < 0 ? "text-danger" : "");

/**
 * Money as label/value lines, one under the other: readable on a 375 px phone however long the amounts.
 * A <dl>, so each figure is a term and its definition (tests and screen readers read them that way).
 */
export function MoneyRows({ figures, className }: { figures: Figure[]; className?: string }) {
  return (
    <dl className={cn("grid gap-1 text-sm", className)}>
      {figures.map((f, i) => (
        <div
          key={f.label}
          className={cn(
            "flex items-baseline justify-between gap-3",
            f.strong && i > 0 && "border-t border-border pt-1",
          )}
        >
          <dt className={f.strong ? "font-medium text-ink" : "text-muted"}>{f.label}</dt>
          <dd
            className={cn(
              "whitespace-nowrap tabular-nums",
              f.strong && "font-semibold",
              f.signed ? amountClass(f.cents) : f.cents < 0 && f.strong ? "text-danger" : "text-ink",
            )}
          >
            {formatCents(f.cents)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A sale's money, as /sales and the statement show it: gross, each fee (taken: negative), the refund when
 * there is one, and the net they add up to.
 */
export function saleFigures(
  money: Pick<SaleMoney, "grossCents" | "providerFeeCents" | "platformFeeCents"> & { refundCents?: number },
  netCents: number,
  options: { signed?: boolean } = {},
): Figure[] {
  return [
    { label: L.gross, cents: money.grossCents },
    { label: L.providerFee, cents: -money.providerFeeCents },
    { label: L.platformFee, cents: -money.platformFeeCents },
    ...(money.refundCents ? [{ label: L.refund, cents: money.refundCents }] : []),
    { label: L.net, cents: netCents, strong: true, signed: options.signed },
  ];
}

export type Balances = {
  availableCents: number;
  pendingCents: number;
  reservedCents: number;
  withdrawnCents: number;
  /** Held by a dispute (ADR 0061); shown only when something is. */
  disputedCents?: number;
};

/**
 * A wallet's (or all wallets') balances. With Mercado Pago the money is in the host's own account there:
 * what it released and what it will release; 'Sacado' only when withdrawals were made here before.
 */
export function balanceFigures(b: Balances, atMercadoPago: boolean): Figure[] {
  return [
    { label: atMercadoPago ? "Liberado" : "Disponível", cents: b.availableCents, strong: true },
    { label: atMercadoPago ? "A liberar" : "A receber", cents: b.pendingCents },
    ...(!atMercadoPago || b.withdrawnCents ? [{ label: "Sacado", cents: b.withdrawnCents }] : []),
    ...(b.reservedCents ? [{ label: "Saque em processamento", cents: b.reservedCents }] : []),
    ...(b.disputedCents ? [{ label: "Em disputa", cents: b.disputedCents }] : []),
  ];
}

/** Figures as tiles side by side (two a row on a phone): the totals on top of /sales and /withdrawals. */
export function MoneyTiles({ figures, className }: { figures: Figure[]; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-2 gap-2", className)}>
      {figures.map((f) => (
        <div
          key={f.label}
          className={cn("rounded-xl border bg-surface p-3", f.strong ? "border-brand/40" : "border-border")}
        >
          <dt className="text-sm text-muted">{f.label}</dt>
          <dd
            className={cn(
              "text-base font-semibold whitespace-nowrap tabular-nums sm:text-lg",
              f.cents < 0 && f.strong ? "text-danger" : "text-ink",
            )}
          >
            {formatCents(f.cents)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
