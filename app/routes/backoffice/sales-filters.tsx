import type { SalesFilter } from "~/domain/ledger/read-sales.server";
import { SALES_STATUS_FILTERS } from "~/domain/ledger/sales-status-filter";
import { ORDER_STATUS_LABEL } from "~/domain/orders/order-status";
import { DateRangeFilter, FilterForm, PropertyFilter, SelectFilter } from "~/ui/filter-form";

const STATUSES = SALES_STATUS_FILTERS.map((value) => ({ value, label: ORDER_STATUS_LABEL[value].label }));

export function SalesFilters({
  filter,
  properties,
}: {
  filter: SalesFilter;
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
    </FilterForm>
  );
}
