import { MOVEMENT_REASON_LABEL, MOVEMENT_REASONS } from "~/domain/stock/movement-reasons";
import type { HistoryFilter } from "~/domain/stock/read-stock-history.server";
import { DateRangeFilter, FilterForm, namedOptions, PropertyFilter, SelectFilter } from "~/ui/filter-form";

type Option = { id: string; name: string };

const REASONS = MOVEMENT_REASONS.map((reason) => ({ value: reason, label: MOVEMENT_REASON_LABEL[reason] }));

export function HistoryFilters({
  filter,
  properties,
  products,
}: {
  filter: HistoryFilter;
  properties: Option[];
  products: Option[];
}) {
  return (
    <FilterForm label="Filtros das movimentações" clearTo="/inventory/historico" columns="lg:grid-cols-3">
      <PropertyFilter id="history-property" value={filter.propertyId} properties={properties} />
      <SelectFilter
        id="history-product"
        name="produto"
        label="Produto"
        all="Todos os produtos"
        value={filter.productId}
        options={namedOptions(products)}
      />
      <SelectFilter
        id="history-reason"
        name="motivo"
        label="Motivo"
        all="Todos os motivos"
        value={filter.reason}
        options={REASONS}
      />
      <DateRangeFilter id="history" from={filter.from} to={filter.to} error={filter.dateError} />
    </FilterForm>
  );
}
