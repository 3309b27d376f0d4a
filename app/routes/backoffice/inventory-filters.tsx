import type { InventoryFilter } from "~/domain/stock/read-inventory.server";
import { FilterForm, namedOptions, PropertyFilter, SelectFilter } from "~/ui/filter-form";

type Option = { id: string; name: string };

export function InventoryFilters({
  filter,
  properties,
  categories,
}: {
  filter: InventoryFilter;
  properties: Option[];
  categories: Option[];
}) {
  return (
    <FilterForm label="Filtros do estoque" clearTo="/inventory" columns="lg:grid-cols-4">
      <PropertyFilter id="inventory-property" value={filter.propertyId} properties={properties} />
      <SelectFilter
        id="inventory-category"
        name="categoria"
        label="Categoria"
        all="Todas as categorias"
        value={filter.categoryId}
        options={namedOptions(categories)}
      />
      <label className="flex min-h-10 items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          name="falta"
          value="1"
          defaultChecked={filter.onlyMissing}
          className="size-4 accent-brand"
        />
        Só o que falta
      </label>
    </FilterForm>
  );
}
