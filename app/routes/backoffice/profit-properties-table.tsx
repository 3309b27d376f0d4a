import { useLocation } from "react-router";
import { type ChosenPeriod, periodQuery } from "~/domain/profit/profit-period";
import { cn } from "~/lib/cn";
import { Link } from "~/ui/link";
import { PROFIT_COLUMNS, type ProfitSort, type PropertyFigures, sortProperties } from "./profit-columns";

/** The link a column's header points to: this order, or its reverse when the table is already in it. */
function sortHref(search: string, key: string, sort: ProfitSort): string {
  const query = new URLSearchParams(search);
  query.set("ordem", key);
  const descending = sort.key === key ? !sort.descending : key !== "imovel";
  query.set("sentido", descending ? "desc" : "asc");
  return `?${query}`;
}

/**
 * One line per property with the tiles' figures, sortable by any column through links (works without
 * JavaScript; the header says the current order to screen readers with aria-sort). Scrolls sideways on a
 * phone, the property's name staying in view.
 */
export function ProfitPropertiesTable({
  rows,
  sort,
  period,
}: {
  rows: PropertyFigures[];
  sort: ProfitSort;
  period: ChosenPeriod;
}) {
  const { search } = useLocation();
  return (
    <section aria-labelledby="profit-properties" className="grid gap-2">
      <h2 id="profit-properties" className="text-base font-semibold text-ink">
        Por imóvel
      </h2>
      <div className="overflow-x-auto rounded-xl border border-border bg-surface">
        <table className="w-full text-sm tabular-nums">
          <thead>
            <tr className="text-left text-muted">
              {PROFIT_COLUMNS.map((c, i) => (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={sort.key === c.key ? (sort.descending ? "descending" : "ascending") : undefined}
                  className={cn(
                    "px-3 py-2 font-medium whitespace-nowrap",
                    i === 0 ? "sticky left-0 bg-surface" : "text-right",
                  )}
                >
                  <Link to={sortHref(search, c.key, sort)} className="hover:text-ink hover:underline">
                    {c.label}
                    {sort.key === c.key ? (sort.descending ? " ↓" : " ↑") : ""}
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sortProperties(rows, sort).map((row) => {
              const scope = { period, propertyId: row.propertyId };
              return (
                <tr key={row.propertyId} className="border-t border-border">
                  {PROFIT_COLUMNS.map((c, i) =>
                    i === 0 ? (
                      <th
                        key={c.key}
                        scope="row"
                        className="sticky left-0 bg-surface px-3 py-2 text-left font-medium"
                      >
                        <Link
                          to={`/properties/${row.propertyId}/resultado?${periodQuery(period)}`}
                          className="text-brand hover:underline"
                        >
                          {c.text(row)}
                        </Link>
                      </th>
                    ) : (
                      <td key={c.key} className="px-3 py-2 text-right whitespace-nowrap">
                        {c.link ? (
                          <Link to={c.link(scope)} className="hover:underline">
                            {c.text(row)}
                          </Link>
                        ) : (
                          c.text(row)
                        )}
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
