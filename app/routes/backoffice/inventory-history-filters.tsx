import { Form, Link } from "react-router";
import { MOVEMENT_REASON_LABEL, MOVEMENT_REASONS } from "~/domain/stock/movement-reasons";
import type { HistoryFilter } from "~/domain/stock/read-stock-history.server";
import { Button, buttonClasses } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/select";

type Option = { id: string; name: string };

/** The history filters: a GET form, so every filter lives in the URL (and the CSV link follows it). */
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
    <Form
      method="get"
      aria-label="Filtros das movimentações"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-end"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="history-property">Imóvel</Label>
        <NativeSelect id="history-property" name="imovel" defaultValue={filter.propertyId ?? ""}>
          <option value="">Todos os imóveis</option>
          {properties.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="history-product">Produto</Label>
        <NativeSelect id="history-product" name="produto" defaultValue={filter.productId ?? ""}>
          <option value="">Todos os produtos</option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="history-reason">Motivo</Label>
        <NativeSelect id="history-reason" name="motivo" defaultValue={filter.reason ?? ""}>
          <option value="">Todos os motivos</option>
          {MOVEMENT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {MOVEMENT_REASON_LABEL[reason]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="history-from">De</Label>
        <Input id="history-from" type="date" name="de" defaultValue={filter.from ?? ""} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="history-to">Até</Label>
        <Input id="history-to" type="date" name="ate" defaultValue={filter.to ?? ""} />
      </div>
      <div className="flex gap-2">
        <Button type="submit">Filtrar</Button>
        <Link to="/inventory/historico" className={buttonClasses({ variant: "ghost" })}>
          Limpar
        </Link>
      </div>
    </Form>
  );
}
