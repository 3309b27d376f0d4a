import { X } from "lucide-react";
import { useLocation } from "react-router";
import { SALES_STATUS_FILTERS } from "~/domain/sales/sales-status-filter";
import { STAY_TEXT, stayFilterLabel } from "~/domain/stays/stay-messages";
import { ORDER_STATUS_LABEL } from "~/lib/order-status";
import { buttonClasses } from "~/ui/button";
import { DateRangeFilter, FilterForm, PropertyFilter, SelectFilter } from "~/ui/filter-form";
import { Link } from "~/ui/link";
import type { SalesQuery } from "./sales-query.server";

const STATUSES = SALES_STATUS_FILTERS.map((value) => ({ value, label: ORDER_STATUS_LABEL[value].label }));

export function SalesFilters({
  filter,
  properties,
}: {
  filter: SalesQuery;
  properties: { id: string; name: string }[];
}) {
  return (
    <FilterForm label="Filtros de vendas" clearTo="/sales" columns="lg:grid-cols-5">
      <SelectFilter
        id="sales-status"
        name="status"
        label="Status"
        all="Todos os status"
        value={filter.status}
        options={STATUSES}
      />
      <PropertyFilter id="sales-property" value={filter.propertyId} properties={properties} />
      <DateRangeFilter id="sales" from={filter.from} to={filter.to} error={filter.dateError} />
      {filter.stayError ? (
        <p role="alert" className="text-sm font-medium text-danger sm:col-span-full">
          {filter.stayError}
        </p>
      ) : null}
      {filter.stay ? <StayFilter stay={filter.stay} /> : null}
    </FilterForm>
  );
}

/** The stay filter (`estadia`, set from a stay's page): kept when the form is sent, removed by its own link. */
function StayFilter({ stay }: { stay: NonNullable<SalesQuery["stay"]> }) {
  const { search } = useLocation();
  const without = new URLSearchParams(search);
  without.delete("estadia");
  without.delete("cursor");
  const rest = without.toString();
  return (
    <div className="flex flex-wrap items-center gap-2 sm:col-span-full">
      <input type="hidden" name="estadia" value={stay.id} />
      <span className="rounded-full bg-brand-soft px-3 py-1 text-sm font-medium text-ink">
        {stayFilterLabel(stay)}
      </span>
      <Link
        to={rest ? `/sales?${rest}` : "/sales"}
        aria-label={STAY_TEXT.removeFilter}
        className={buttonClasses({ variant: "ghost", size: "sm" })}
      >
        <X aria-hidden="true" />
        Remover
      </Link>
    </div>
  );
}
