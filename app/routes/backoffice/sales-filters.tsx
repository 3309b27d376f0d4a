import type { SalesFilter } from "~/domain/ledger/read-sales.server";
import { DateRangeFilter, FilterForm, PropertyFilter, SelectFilter } from "~/ui/filter-form";

const STATUSES: { value: NonNullable<SalesFilter["status"]>; label: string }[] = [
  { value: "paid", label: "Pago" },
  { value: "pending", label: "Pendente" },
  { value: "cancelled", label: "Cancelado" },
  { value: "failed", label: "Falhou" },
  { value: "refunded", label: "Reembolsado" },
];

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
