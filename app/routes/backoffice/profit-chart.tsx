import { useId } from "react";
import { PROFIT_LABEL as L } from "~/domain/profit/messages";
import { formatDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";

export type ChartDay = { day: string; grossCents: number; profitCents: number };

const BAR = 10;
const HEIGHT = 100;

/**
 * Sales per day as bars, drawn on the server as SVG (no chart code reaches the browser). The picture has
 * a title and a description; the same numbers are in a table below it, for screen readers and for
 * reading exact values. The axis texts are HTML around the SVG, so they stay legible on a phone however
 * the drawing is scaled.
 */
export function ProfitChart({ days }: { days: ChartDay[] }) {
  const id = useId();
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  const max = Math.max(0, ...days.map((d) => d.grossCents));
  const best = days.reduce((b, d) => (d.grossCents > b.grossCents ? d : b), first);
  const total = days.reduce((t, d) => t + d.grossCents, 0);
  const title = `Vendas por dia, de ${formatDay(first.day)} a ${formatDay(last.day)}`;
  const description =
    max > 0
      ? `Total ${formatCents(total)}. Melhor dia: ${formatDay(best.day)}, com ${formatCents(best.grossCents)}.`
      : "Nenhuma venda no período.";
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid gap-2 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id={`${id}-heading`} className="text-base font-semibold text-ink">
        Vendas por dia
      </h2>
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <span className="self-start text-xs text-muted tabular-nums">{formatCents(max)}</span>
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${days.length * BAR} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full border-b border-border text-brand"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {days.map((d, i) => {
            const height = max > 0 ? (Math.max(0, d.grossCents) / max) * HEIGHT : 0;
            return height > 0 ? (
              <rect
                key={d.day}
                x={i * BAR + 1}
                y={HEIGHT - height}
                width={BAR - 2}
                height={height}
                fill="currentColor"
              >
                <title>{`${formatDay(d.day)}: ${formatCents(d.grossCents)}`}</title>
              </rect>
            ) : null;
          })}
        </svg>
        <span />
        <div className="flex justify-between text-xs text-muted">
          <span>{formatDay(first.day)}</span>
          <span>{formatDay(last.day)}</span>
        </div>
      </div>
      <p className="text-sm text-muted">{description}</p>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand">
          Ver os números de cada dia
        </summary>
        <div className="mt-2 max-h-80 overflow-auto">
          <table className="w-full text-sm tabular-nums">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="text-left text-muted">
                <th scope="col" className="py-1 font-medium">
                  Dia
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {L.gross}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {L.profit}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} className="border-t border-border">
                  <th scope="row" className="py-1 text-left font-normal">
                    {formatDay(d.day)}
                  </th>
                  <td className="py-1 text-right">{formatCents(d.grossCents)}</td>
                  <td className="py-1 text-right">{formatCents(d.profitCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
