import { Form, Link } from "react-router";
import type { SalesFilter } from "~/domain/ledger/read-sales.server";
import { Button, buttonClasses } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/select";

const STATUSES: [NonNullable<SalesFilter["status"]> | "", string][] = [
  ["", "Todos os status"],
  ["paid", "Pago"],
  ["pending", "Pendente"],
  ["cancelled", "Cancelado"],
  ["failed", "Falhou"],
  ["refunded", "Reembolsado"],
];

/** The sales filters: a GET form, so every filter lives in the URL (shareable, back button works). */
export function SalesFilters({
  filter,
  properties,
}: {
  filter: SalesFilter;
  properties: { id: string; name: string }[];
}) {
  return (
    <Form
      method="get"
      aria-label="Filtros de vendas"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="sales-status">Status</Label>
        <NativeSelect id="sales-status" name="status" defaultValue={filter.status ?? ""}>
          {STATUSES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="sales-property">Imóvel</Label>
        <NativeSelect id="sales-property" name="imovel" defaultValue={filter.propertyId ?? ""}>
          <option value="">Todos os imóveis</option>
          {properties.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="sales-from">De</Label>
        <Input id="sales-from" type="date" name="de" defaultValue={filter.from ?? ""} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="sales-to">Até</Label>
        <Input id="sales-to" type="date" name="ate" defaultValue={filter.to ?? ""} />
      </div>
      <div className="flex gap-2">
        <Button type="submit">Filtrar</Button>
        <Link to="/sales" className={buttonClasses({ variant: "ghost" })}>
          Limpar
        </Link>
      </div>
    </Form>
  );
}
