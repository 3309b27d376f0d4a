import { Form, Link } from "react-router";
import type { InventoryFilter } from "~/domain/stock/read-inventory.server";
import { Button, buttonClasses } from "~/ui/button";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/select";

type Option = { id: string; name: string };

/** The stock filters: a GET form, so every filter lives in the URL (shareable, back button works). */
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
    <Form
      method="get"
      aria-label="Filtros do estoque"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="inventory-property">Imóvel</Label>
        <NativeSelect id="inventory-property" name="imovel" defaultValue={filter.propertyId ?? ""}>
          <option value="">Todos os imóveis</option>
          {properties.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="inventory-category">Categoria</Label>
        <NativeSelect id="inventory-category" name="categoria" defaultValue={filter.categoryId ?? ""}>
          <option value="">Todas as categorias</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      </div>
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
      <div className="flex gap-2">
        <Button type="submit">Filtrar</Button>
        <Link to="/inventory" className={buttonClasses({ variant: "ghost" })}>
          Limpar
        </Link>
      </div>
    </Form>
  );
}
