import type { SalesFilter } from "~/domain/ledger/read-sales.server";
import { DateRangeFilter, FilterForm, namedOptions, SelectFilter } from "~/ui/filter-form";

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
      <SelectFilter
        id="sales-property"
        name="imovel"
        label="Imóvel"
        all="Todos os imóveis"
        value={filter.propertyId}
        options={namedOptions(properties)}
      />
      <DateRangeFilter id="sales" from={filter.from} to={filter.to} />
    </FilterForm>
  );
}
