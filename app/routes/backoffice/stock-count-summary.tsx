import { History, RotateCcw } from "lucide-react";
import type { CountSummary, CountTotal } from "~/domain/stock/stock-count.server";
import { formatCents } from "~/lib/money";
import { buttonClasses } from "~/ui/button";
import { Card } from "~/ui/card";
import { Link } from "~/ui/link";
import { STOCK_COUNT_TEXT as T } from "./stock-count-text";

/** What a finished count found; money only when the summary carries it (owners and managers). */
export function StockCountSummary({ propertyId, summary }: { propertyId: string; summary: CountSummary }) {
  return (
    <Card className="grid gap-4 p-5" role="status">
      <h2 className="text-lg font-semibold text-ink">{T.done}</h2>
      <dl className="grid gap-3">
        <Line label={T.checked(summary.checked)} />
        <Line label={T.missing(summary.missing.units)} total={summary.missing} />
        <Line label={T.found(summary.found.units)} total={summary.found} />
      </dl>
      <div className="flex flex-wrap gap-2">
        <Link to={`/properties/${propertyId}/conferencia`} className={buttonClasses({ variant: "outline" })}>
          <RotateCcw aria-hidden="true" />
          {T.again}
        </Link>
        <Link
          to={`/inventory/historico?imovel=${propertyId}`}
          className={buttonClasses({ variant: "ghost" })}
        >
          <History aria-hidden="true" />
          {T.history}
        </Link>
      </div>
    </Card>
  );
}

function Line({ label, total }: { label: string; total?: CountTotal }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-border pb-2 last:border-0">
      <dt className="text-ink">{label}</dt>
      <dd className="text-right text-sm text-muted tabular-nums">{total ? money(total) : null}</dd>
    </div>
  );
}

/** The units' value at average cost; 'sem custo' when none of them has a known cost. */
function money({ units, value }: CountTotal): string {
  if (!value || units === 0) return "";
  if (value.uncostedUnits === units) return T.noCost;
  const known = formatCents(value.cents);
  return value.uncostedUnits > 0 ? `${known} ${T.uncosted(value.uncostedUnits)}` : known;
}
