import { PROFIT_LABEL as L } from "~/domain/profit/messages";
import type { ProfitFigures } from "~/domain/profit/profit-figures";
import type { ChosenPeriod } from "~/domain/profit/profit-period";
import { cn } from "~/lib/cn";
import { formatDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { formatShare } from "~/lib/percent";
import { Link } from "~/ui/link";
import { ticketText } from "./profit-columns";
import { lossesLink, salesLink } from "./profit-links";

type Scope = { period: ChosenPeriod; propertyId?: string };

type Tile = {
  label: string;
  value: string;
  before: string;
  /** The change since the previous period, already worded ('+12,5%', '+3,0 p.p.'); null when not comparable. */
  change: string | null;
  to: string;
  strong?: boolean;
  note?: string;
};

/** '+12,5%' from one amount to another; null when there was nothing before to compare with. */
function changeOf(now: number, before: number): string | null {
  if (before === 0) return null;
  const share = (now - before) / Math.abs(before);
  return `${share > 0 ? "+" : ""}${formatShare(share)}`;
}

/** A margin's change in percentage points. */
function pointsOf(now: number | null, before: number | null): string | null {
  if (now === null || before === null) return null;
  const points = (now - before) * 100;
  return `${points > 0 ? "+" : ""}${points.toFixed(1).replace(".", ",")} p.p.`;
}

function money(label: string, now: number, before: number, to: string, extra: Partial<Tile> = {}): Tile {
  return {
    label,
    value: formatCents(now),
    before: formatCents(before),
    change: changeOf(now, before),
    to,
    ...extra,
  };
}

export function profitTiles(now: ProfitFigures, before: ProfitFigures, scope: Scope): Tile[] {
  const sales = salesLink(scope);
  const fees = (f: ProfitFigures) => f.providerFeeCents + f.platformFeeCents;
  // The answer first (on a phone it is what shows), then how it is made, from sales down.
  return [
    money(L.profit, now.profitCents, before.profitCents, sales, { strong: true }),
    {
      label: L.margin,
      value: formatShare(now.margin),
      before: formatShare(before.margin),
      change: pointsOf(now.margin, before.margin),
      to: sales,
    },
    money(L.gross, now.grossCents, before.grossCents, sales),
    money(L.refunded, now.refundedCents, before.refundedCents, salesLink(scope, "refunded")),
    // A deduction, written as /sales writes it ('-R$ 0,26'); its change is of the amount taken.
    {
      ...money(L.fees, fees(now), fees(before), sales),
      value: formatCents(-fees(now)),
      before: formatCents(-fees(before)),
    },
    money(L.net, now.netCents, before.netCents, sales),
    money(L.cogs, now.cogsCents, before.cogsCents, sales),
    money(L.losses, now.lossCents, before.lossCents, lossesLink(scope), {
      note: now.lossShare === null ? undefined : `${formatShare(now.lossShare)} das vendas`,
    }),
    {
      label: L.orders,
      value: String(now.orders),
      before: String(before.orders),
      change: changeOf(now.orders, before.orders),
      to: sales,
    },
    {
      label: L.averageTicket,
      value: ticketText(now.averageTicketCents),
      before: ticketText(before.averageTicketCents),
      change:
        now.averageTicketCents === null || before.averageTicketCents === null
          ? null
          : changeOf(now.averageTicketCents, before.averageTicketCents),
      to: sales,
    },
  ];
}

/**
 * The period's figures, each compared with the previous period of the same length and each a link to the
 * list it comes from. A <dl>: each figure is a term and its value for screen readers and tests.
 */
export function ProfitTiles({
  now,
  before,
  scope,
  previous,
}: {
  now: ProfitFigures;
  before: ProfitFigures;
  scope: Scope;
  previous: { from: string; to: string };
}) {
  return (
    <section aria-labelledby="profit-figures" className="grid gap-2">
      <h2 id="profit-figures" className="sr-only">
        Números do período
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {profitTiles(now, before, scope).map((t) => (
          <div
            key={t.label}
            className={cn(
              "relative grid content-start gap-0.5 rounded-xl border bg-surface p-3 hover:border-brand",
              t.strong ? "border-brand/40" : "border-border",
            )}
          >
            <dt className="text-sm text-muted">{t.label}</dt>
            <dd className="text-base font-semibold whitespace-nowrap tabular-nums text-ink sm:text-lg">
              {/* The whole tile is the link (stretched), named by its value. */}
              <Link to={t.to} className="after:absolute after:inset-0 after:rounded-xl">
                {t.value}
              </Link>
            </dd>
            {t.note ? <dd className="text-xs text-muted">{t.note}</dd> : null}
            <dd className="text-xs text-muted">
              Antes: {t.before}
              {t.change ? ` (${t.change})` : ""}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">
        “Antes” é o período anterior de mesmo tamanho: {formatDay(previous.from)} a {formatDay(previous.to)}.
      </p>
    </section>
  );
}
