import type { ReactNode } from "react";
import { Form } from "react-router";
import { cn } from "~/lib/cn";
import { Link } from "~/ui/link";
import { Button, buttonClasses } from "./button";
import { Input } from "./input";
import { Label } from "./label";
import { NativeSelect } from "./select";

/**
 * A list's filters as a GET form: every filter lives in the URL (shareable, the back button works, a CSV
 * link can follow it). 'Limpar' goes back to the list's own address.
 */
export function FilterForm({
  label,
  clearTo,
  columns,
  children,
}: {
  label: string;
  clearTo: string;
  /** Tailwind class for the grid's columns on wide screens, e.g. "lg:grid-cols-4". */
  columns: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      aria-label={label}
      className={cn(
        "grid gap-3 rounded-xl border border-border bg-surface p-4 sm:grid-cols-2 lg:items-end",
        columns,
      )}
    >
      {children}
      <div className="flex gap-2">
        <Button type="submit">Filtrar</Button>
        <Link to={clearTo} className={buttonClasses({ variant: "ghost" })}>
          Limpar
        </Link>
      </div>
    </Form>
  );
}

/** A labelled select whose first option ('Todos…') means no filter. */
export function SelectFilter({
  id,
  name,
  label,
  all,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  all: string;
  value: string | null;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} name={name} defaultValue={value ?? ""}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** 'De' and 'Até' calendar days (YYYY-MM-DD in the URL's `de` and `ate`). */
export function DateRangeFilter({
  id,
  from,
  to,
  error,
}: {
  id: string;
  from: string | null;
  to: string | null;
  /** Why a date in the URL was ignored. */
  error?: string | null;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger sm:col-span-full">
          {error}
        </p>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>De</Label>
        <Input id={`${id}-from`} type="date" name="de" defaultValue={from ?? ""} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>Até</Label>
        <Input id={`${id}-to`} type="date" name="ate" defaultValue={to ?? ""} />
      </div>
    </>
  );
}

/** The property filter every list shares (`imovel` in the URL). */
export function PropertyFilter({
  id,
  value,
  properties,
}: {
  id: string;
  value: string | null;
  properties: readonly { id: string; name: string }[];
}) {
  return (
    <SelectFilter
      id={id}
      name="imovel"
      label="Imóvel"
      all="Todos os imóveis"
      value={value}
      options={namedOptions(properties)}
    />
  );
}

/** Rows of id and name as select options. */
export function namedOptions(rows: readonly { id: string; name: string }[]) {
  return rows.map((r) => ({ value: r.id, label: r.name }));
}
