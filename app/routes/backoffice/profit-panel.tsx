import { Download } from "lucide-react";
import { type ChosenPeriod, periodQuery } from "~/domain/profit/profit-period";
import type { ProfitReport } from "~/domain/profit/read-profit.server";
import { formatCents } from "~/lib/money";
import { buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { type ChartDay, ProfitChart } from "./profit-chart";
import type { ProfitSort } from "./profit-columns";
import { ProfitPeriodForm } from "./profit-period-form";
import { ProfitPropertiesTable } from "./profit-properties-table";
import { ProfitTiles } from "./profit-tiles";
import { ProfitTopProducts } from "./profit-top-products";

/** The report as a page receives it: each day only with what the chart and its table show. */
export type ProfitView = Omit<ProfitReport, "daily"> & { daily: ChartDay[] };

export function profitView(report: ProfitReport): ProfitView {
  return {
    ...report,
    daily: report.daily.map(({ day, grossCents, profitCents }) => ({ day, grossCents, profitCents })),
  };
}

const units = (n: number) => (n === 1 ? "1 unidade" : `${n} unidades`);

/** What is left out of the figures, said where the figures are: never a silent zero cost. */
function UncostedNotes({ report }: { report: ProfitView }) {
  const { uncostedUnits, uncostedGrossCents, lossUnitsUncosted } = report.totals;
  if (uncostedUnits === 0 && lossUnitsUncosted === 0) return null;
  return (
    <div className="grid gap-1 rounded-xl border border-warning/40 bg-warning-soft p-3 text-sm text-warning-ink">
      {uncostedUnits > 0 ? (
        <p>
          {units(uncostedUnits)} {uncostedUnits === 1 ? "vendida" : "vendidas"} sem custo (
          {formatCents(uncostedGrossCents)} em vendas): ficam fora da margem. Informe o custo em{" "}
          <Link to="/products" className="font-medium underline">
            Produtos
          </Link>
          .
        </p>
      ) : null}
      {lossUnitsUncosted > 0 ? (
        <p>
          {units(lossUnitsUncosted)} {lossUnitsUncosted === 1 ? "perdida" : "perdidas"} sem custo: não entram
          no valor das perdas.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The profit of a period, for the organization (the dashboard) or one property (its page): the period,
 * the figures against the previous period, the daily chart, the properties (organization only) and the
 * products that made the most.
 */
export function ProfitPanel({
  report,
  period,
  basePath,
  propertyId,
  sort,
}: {
  report: ProfitView;
  period: ChosenPeriod;
  basePath: string;
  propertyId?: string;
  /** The property table's order; no table on a property's page. */
  sort?: ProfitSort;
}) {
  const csv = periodQuery(period);
  if (propertyId) csv.set("imovel", propertyId);
  return (
    <div className="grid gap-4">
      <ProfitPeriodForm period={period} basePath={basePath} />
      <div className="flex justify-end">
        <a href={`/dashboard.csv?${csv}`} className={buttonClasses({ variant: "outline" })} download>
          <Download aria-hidden="true" />
          Exportar CSV do período
        </a>
      </div>
      <ProfitTiles
        now={report.totals}
        before={report.previous}
        scope={{ period, propertyId }}
        previous={report.previousPeriod}
      />
      <UncostedNotes report={report} />
      {report.recoveredCents > 0 ? (
        // Beside the result, not added to it: the damage's own cost is not in the result either.
        <p className="text-sm text-ink">
          Avarias recuperadas:{" "}
          <span className="font-semibold tabular-nums">{formatCents(report.recoveredCents)}</span>{" "}
          <Link
            to={propertyId ? `/avarias?imovel=${propertyId}&status=reimbursed` : "/avarias?status=reimbursed"}
            className="text-brand underline"
          >
            Ver as avarias
          </Link>
        </p>
      ) : null}
      <ProfitChart days={report.daily} />
      {sort ? <ProfitPropertiesTable rows={report.properties} sort={sort} period={period} /> : null}
      <ProfitTopProducts products={report.topProducts} />
    </div>
  );
}
